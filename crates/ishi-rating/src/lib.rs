//! Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013): a rating, its
//! deviation (how sure the rating is) and its volatility (how erratic the player's results
//! are), updated once per rating period from the period's results.
//!
//! ```
//! use ishi_rating::{Outcome, Rating, Settings};
//!
//! let player = Rating::new(1500.0, 200.0, 0.06)?;
//! let results = [
//!     Outcome::win(Rating::new(1400.0, 30.0, 0.06)?),
//!     Outcome::loss(Rating::new(1550.0, 100.0, 0.06)?),
//!     Outcome::loss(Rating::new(1700.0, 300.0, 0.06)?),
//! ];
//! let after = player.update(&results, &Settings::GLICKMAN);
//! // Glickman's figures: 1464.06 and 151.52 (his, from rounded intermediate values).
//! assert_eq!(format!("{:.1} {:.1}", after.rating(), after.deviation()), "1464.1 151.5");
//! # Ok::<(), ishi_rating::InvalidRating>(())
//! ```
//!
//! **Why Glicko-2.** An Elo rating is one number and moves by the same amount whoever played;
//! Glicko-2's deviation lets a new player's rating (or a puzzle player's after a long break)
//! move fast and a settled one slowly, and says when a rating is still provisional. It is what
//! lichess uses for its games and its puzzles, and what Ishi's puzzles and game server use: one
//! implementation for both.
//!
//! **Decisions.** A rating period is whatever the caller updates with: a puzzle attempt is a
//! period of its own (as lichess does), a server may batch. The deviation is kept between
//! [`Settings::min_deviation`] and 350 (a new player's), so that a rating never freezes; the
//! values are checked when made ([`Rating::new`]), so that a damaged store can never put a NaN
//! into an update.

/// The Glicko-2 scale's factor: a Glicko rating is `1500 + SCALE * mu`.
const SCALE: f64 = 173.7178;

/// A new player's deviation, and the largest.
pub const MAX_DEVIATION: f64 = 350.0;

/// The deviation above which a rating is provisional (lichess marks it with `?`).
pub const PROVISIONAL: f64 = 110.0;

/// A new player's volatility (Glickman's suggestion).
pub const NEW_VOLATILITY: f64 = 0.06;

/// A player's Glicko-2 rating, on the Glicko scale (1500 is a new player's).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Rating {
    rating: f64,
    deviation: f64,
    volatility: f64,
}

/// Why [`Rating::new`] refused its numbers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InvalidRating {
    /// The rating is not a finite number between -10,000 and 10,000.
    Rating,
    /// The deviation is not a finite number above 0 and at most [`MAX_DEVIATION`].
    Deviation,
    /// The volatility is not a finite number above 0 and at most 1.
    Volatility,
}

impl std::fmt::Display for InvalidRating {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            InvalidRating::Rating => "a rating must be a number between -10000 and 10000",
            InvalidRating::Deviation => {
                "a rating deviation must be a number above 0 and at most 350"
            }
            InvalidRating::Volatility => {
                "a rating volatility must be a number above 0 and at most 1"
            }
        })
    }
}

impl std::error::Error for InvalidRating {}

/// The system's constants.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Settings {
    /// τ, how much the volatility may change in one period: Glickman suggests 0.3 to 1.2,
    /// smaller for games whose results are less surprising.
    pub tau: f64,
    /// The smallest deviation a rating keeps after an update.
    pub min_deviation: f64,
}

impl Settings {
    /// Glickman's worked example: τ = 0.5, and no floor under the deviation but a small one.
    pub const GLICKMAN: Settings = Settings {
        tau: 0.5,
        min_deviation: 1.0,
    };
    /// Ishi's: τ = 0.75, and a deviation never under 45, so that a rating that has settled
    /// still follows a player who improves (lichess's floor for its puzzles).
    pub const ISHI: Settings = Settings {
        tau: 0.75,
        min_deviation: 45.0,
    };
}

/// One result of a rating period: the opponent (or the puzzle) as rated before the period,
/// and the score, 1 a win, 0.5 a draw, 0 a loss.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The opponent's rating.
    pub opponent: Rating,
    /// The player's score against it, between 0 and 1.
    pub score: f64,
}

impl Outcome {
    /// A win against `opponent`.
    pub fn win(opponent: Rating) -> Outcome {
        Outcome {
            opponent,
            score: 1.0,
        }
    }

    /// A loss against `opponent`.
    pub fn loss(opponent: Rating) -> Outcome {
        Outcome {
            opponent,
            score: 0.0,
        }
    }

    /// A draw against `opponent`.
    pub fn draw(opponent: Rating) -> Outcome {
        Outcome {
            opponent,
            score: 0.5,
        }
    }
}

impl Default for Rating {
    /// A new player's rating: 1500, deviation 350, volatility 0.06.
    fn default() -> Rating {
        Rating {
            rating: 1500.0,
            deviation: MAX_DEVIATION,
            volatility: NEW_VOLATILITY,
        }
    }
}

impl Rating {
    /// A rating of these numbers.
    ///
    /// # Errors
    ///
    /// [`InvalidRating`] names the first number that is not finite or out of its range.
    pub fn new(rating: f64, deviation: f64, volatility: f64) -> Result<Rating, InvalidRating> {
        if !(rating.is_finite() && rating.abs() <= 10_000.0) {
            return Err(InvalidRating::Rating);
        }
        if !(deviation > 0.0 && deviation <= MAX_DEVIATION) {
            return Err(InvalidRating::Deviation);
        }
        if !(volatility > 0.0 && volatility <= 1.0) {
            return Err(InvalidRating::Volatility);
        }
        Ok(Rating {
            rating,
            deviation,
            volatility,
        })
    }

    /// The rating (1500 for a new player).
    pub fn rating(&self) -> f64 {
        self.rating
    }

    /// The rating deviation: the rating is within about twice this of the player's strength,
    /// 95 times in 100.
    pub fn deviation(&self) -> f64 {
        self.deviation
    }

    /// The volatility.
    pub fn volatility(&self) -> f64 {
        self.volatility
    }

    /// Whether the rating is still provisional: its deviation above 110 (lichess's mark, a
    /// rating sure within about ±220).
    pub fn is_provisional(&self) -> bool {
        self.deviation > PROVISIONAL
    }

    /// The score this player is expected to make against `opponent` (between 0 and 1).
    pub fn expected(&self, opponent: &Rating) -> f64 {
        let (mu, _) = self.scaled();
        let (mu_j, phi_j) = opponent.scaled();
        expected(mu, mu_j, phi_j)
    }

    /// This rating after a period with `results` (Glickman's steps 1 to 8); after a period
    /// without any, only the deviation grows. Results with a score out of 0 to 1 (or not a
    /// number) count as the nearest of 0 and 1.
    pub fn update(&self, results: &[Outcome], settings: &Settings) -> Rating {
        let (mu, phi) = self.scaled();
        let sigma = self.volatility;
        if results.is_empty() {
            return self.with_scaled(mu, (phi * phi + sigma * sigma).sqrt(), sigma, settings);
        }
        // Steps 3 and 4: the estimated variance and improvement.
        let mut inverse_v = 0.0;
        let mut sum = 0.0;
        for result in results {
            let (mu_j, phi_j) = result.opponent.scaled();
            let g = g(phi_j);
            let e = expected(mu, mu_j, phi_j);
            let score = if result.score >= 0.0 {
                result.score.min(1.0)
            } else {
                0.0
            };
            inverse_v += g * g * e * (1.0 - e);
            sum += g * (score - e);
        }
        let v = 1.0 / inverse_v;
        let delta = v * sum;
        // Step 5: the new volatility.
        let sigma = volatility(delta, phi, v, sigma, settings.tau);
        // Steps 6 and 7.
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu = mu + phi * phi * sum;
        self.with_scaled(mu, phi, sigma, settings)
    }

    /// μ and φ, the rating and deviation on the Glicko-2 scale (step 2).
    fn scaled(&self) -> (f64, f64) {
        ((self.rating - 1500.0) / SCALE, self.deviation / SCALE)
    }

    /// The rating of μ, φ and σ (step 8), kept in range: an update can only leave the ranges
    /// by a rating beyond ±10,000, a volatility beyond 1, or a deviation under the floor.
    fn with_scaled(&self, mu: f64, phi: f64, sigma: f64, settings: &Settings) -> Rating {
        let rating = SCALE * mu + 1500.0;
        let deviation = SCALE * phi;
        Rating {
            rating: if rating.is_finite() {
                rating.clamp(-10_000.0, 10_000.0)
            } else {
                self.rating
            },
            deviation: if deviation.is_finite() {
                deviation.clamp(
                    settings
                        .min_deviation
                        .clamp(f64::MIN_POSITIVE, MAX_DEVIATION),
                    MAX_DEVIATION,
                )
            } else {
                self.deviation
            },
            volatility: if sigma.is_finite() && sigma > 0.0 {
                sigma.min(1.0)
            } else {
                self.volatility
            },
        }
    }
}

/// g(φ), how much a result against an opponent of deviation φ counts.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// E(μ, μj, φj), the expected score against that opponent.
fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// Step 5: the new volatility, the root of Glickman's f by the Illinois algorithm, with a cap
/// on its steps (it takes fewer than 20 on any sensible input).
fn volatility(delta: f64, phi: f64, v: f64, sigma: f64, tau: f64) -> f64 {
    const EPSILON: f64 = 0.000_001;
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 && k < 1000.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    for _ in 0..100 {
        if (big_b - big_a).abs() <= EPSILON {
            break;
        }
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests;
