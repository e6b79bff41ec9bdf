//! The sequential probability ratio test of `match --sprt`, on game pairs.
//!
//! A pair is the two games of one opening, colours swapped; it scores 0, ½, 1, 1½ or 2 for
//! the first player, A. The test counts the pairs by score (the pentanomial) and weighs
//! H0, "A is `elo0` Elo stronger than B", against H1, "A is `elo1` stronger", with the
//! log-likelihood ratio of the generalised SPRT as Fishtest approximates it for logistic Elo:
//! `LLR_alt2` in Fishtest's `server/fishtest/stats/LLRcalc.py`, from the note
//! `GSPRT_approximation.pdf` that it cites, which `sprt.py` there decides with (through
//! `LLR_drift_variance_alt2`, the LLR being N times its drift):
//!
//! ```text
//! LLR = N (s1 - s0) (2 m - s0 - s1) / (2 v),    s_i = 1 / (1 + 10^(-elo_i / 400))
//! ```
//!
//! where N is the number of pairs, m and v the mean and variance of the pair scores
//! scaled to 0..1 (0, ¼, ½, ¾, 1). The test goes on while
//! `ln(beta / (1 - alpha)) < LLR < ln((1 - beta) / alpha)`, accepts H0 at the lower bound
//! and H1 at the upper.
//!
//! The one departure from Fishtest is the prior behind m and v. Fishtest puts 0.001 of a
//! pair in each empty class, which is enough against a division by zero after its thousands
//! of pairs but not after a few: one pair won twice then has a variance near 0.002 and an
//! LLR of 17.8 for the bounds 0 and 50, and the first pair alone decides the test. Here
//! every class gets half a pair, Jeffreys' prior for the five classes (N stays the number
//! of pairs played). In a simulation of 1,000 tests with the bounds 0 and 50, alpha and
//! beta 0.05, at most 400 pairs of independent games, the fraction of wrong decisions was
//! 4.7 % for equal players (48 % wins, 4 % draws each) and 5.6 % for a 50 Elo lead; with
//! Fishtest's floor every test ended at the first pair, wrongly for 26 % of the equal
//! players. The prior fades as the pairs come in, and the LLR then agrees with Fishtest's.

use std::fmt;
use std::str::FromStr;

/// Half a pair in each of the five classes: Jeffreys' prior on the pentanomial.
const PRIOR: f64 = 0.5;

/// The score in `0..=1` a player of `elo` more than its opponent is expected to make, by
/// the logistic Elo model.
fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference whose expected score is `score`, clamped to the scores 0.001 and
/// 0.999 (OpenBench's `logistic_elo`), so ±1,200 stands for anything beyond.
fn logistic_elo(score: f64) -> f64 {
    let score = score.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The two hypotheses of the test: A's Elo lead under H0 and under H1, `elo0 < elo1`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) struct Hypotheses {
    /// A's lead under H0.
    elo0: f64,
    /// A's lead under H1.
    elo1: f64,
}

/// Why `--sprt`'s text is not two Elo values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct HypothesesError {
    /// The text given.
    text: String,
}

impl fmt::Display for HypothesesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "expected ELO0,ELO1 with ELO0 below ELO1, e.g. 0,10, not {:?}",
            self.text
        )
    }
}

impl std::error::Error for HypothesesError {}

impl FromStr for Hypotheses {
    type Err = HypothesesError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let error = || HypothesesError {
            text: text.to_owned(),
        };
        let (elo0, elo1) = text.split_once(',').ok_or_else(error)?;
        let elo = |s: &str| {
            s.trim()
                .parse::<f64>()
                .ok()
                .filter(|e| e.is_finite())
                .ok_or_else(error)
        };
        let (elo0, elo1) = (elo(elo0)?, elo(elo1)?);
        if elo0 < elo1 {
            Ok(Hypotheses { elo0, elo1 })
        } else {
            Err(error())
        }
    }
}

impl fmt::Display for Hypotheses {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}, {}]", self.elo0, self.elo1)
    }
}

/// Game pairs counted by A's score: index `k` holds the pairs A scored `k / 2` in (LL, LD,
/// DD or WL, WD, WW).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Pentanomial([u32; 5]);

impl Pentanomial {
    /// Counts a pair in which A scored `half_points / 2`: 2 a win, 1 a draw, 0 a loss.
    ///
    /// # Panics
    ///
    /// If `half_points` is above 4.
    pub(crate) fn add(&mut self, half_points: u8) {
        self.0[usize::from(half_points)] += 1;
    }

    /// The pairs counted.
    pub(crate) fn pairs(self) -> u32 {
        self.0.iter().sum()
    }

    /// The pairs' mean and variance on the scale 0..1, each class weighing its count and
    /// `prior`.
    fn moments(self, prior: f64) -> (f64, f64) {
        let weights = self.0.map(|count| f64::from(count) + prior);
        let total: f64 = weights.iter().sum();
        let value = |k: usize| k as f64 / 4.0;
        let mean = weights
            .iter()
            .enumerate()
            .map(|(k, w)| w * value(k))
            .sum::<f64>()
            / total;
        let variance = weights
            .iter()
            .enumerate()
            .map(|(k, w)| w * (value(k) - mean).powi(2))
            .sum::<f64>()
            / total;
        (mean, variance)
    }

    /// A's Elo lead from the pairs' mean score, with a 95 % interval: the mean ± 1.96
    /// standard errors (OpenBench's `Elo`), the variance taken with the prior, so that pairs
    /// that all scored alike still leave an interval. `None` before the first pair.
    pub(crate) fn elo(self) -> Option<EloEstimate> {
        let pairs = f64::from(self.pairs());
        if pairs == 0.0 {
            return None;
        }
        let (mean, _) = self.moments(0.0);
        let (_, variance) = self.moments(PRIOR);
        let half = 1.96 * (variance / pairs).sqrt();
        Some(EloEstimate {
            low: logistic_elo(mean - half),
            elo: logistic_elo(mean),
            high: logistic_elo(mean + half),
        })
    }
}

impl fmt::Display for Pentanomial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [ll, ld, dd, wd, ww] = self.0;
        write!(f, "LL {ll}, LD {ld}, DD/WL {dd}, WD {wd}, WW {ww}")
    }
}

/// An Elo difference and its 95 % interval.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) struct EloEstimate {
    low: f64,
    elo: f64,
    high: f64,
}

impl fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Elo {:+.1} (95% interval {:+.1} to {:+.1})",
            self.elo, self.low, self.high
        )
    }
}

/// Why `--sprt-alpha` and `--sprt-beta` cannot make a test.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) struct ErrorRatesError {
    alpha: f64,
    beta: f64,
}

impl fmt::Display for ErrorRatesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "alpha {} and beta {} must each be above 0, with a sum below 1",
            self.alpha, self.beta
        )
    }
}

impl std::error::Error for ErrorRatesError {}

/// The hypothesis a test accepted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Accepted {
    H0,
    H1,
}

/// A sequential probability ratio test: the hypotheses and the bounds of the LLR.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) struct Sprt {
    hypotheses: Hypotheses,
    alpha: f64,
    beta: f64,
    /// `ln(beta / (1 - alpha))`, where H0 is accepted.
    lower: f64,
    /// `ln((1 - beta) / alpha)`, where H1 is accepted.
    upper: f64,
}

impl Sprt {
    /// The test of `hypotheses` that accepts H1 wrongly with probability `alpha` and H0
    /// wrongly with probability `beta`.
    ///
    /// # Errors
    ///
    /// When `alpha` or `beta` is not above 0 or their sum not below 1 (the bounds would not
    /// lie either side of 0).
    pub(crate) fn new(
        hypotheses: Hypotheses,
        alpha: f64,
        beta: f64,
    ) -> Result<Self, ErrorRatesError> {
        if !(alpha > 0.0 && beta > 0.0 && alpha + beta < 1.0) {
            return Err(ErrorRatesError { alpha, beta });
        }
        Ok(Sprt {
            hypotheses,
            alpha,
            beta,
            lower: (beta / (1.0 - alpha)).ln(),
            upper: ((1.0 - beta) / alpha).ln(),
        })
    }

    /// The log-likelihood ratio of H1 against H0 after `pairs` (see the module's doc); 0
    /// before the first pair.
    pub(crate) fn llr(&self, pairs: Pentanomial) -> f64 {
        let n = f64::from(pairs.pairs());
        let (mean, variance) = pairs.moments(PRIOR);
        let s0 = expected_score(self.hypotheses.elo0);
        let s1 = expected_score(self.hypotheses.elo1);
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    /// The hypothesis accepted after `pairs`, or `None` while the LLR lies between the
    /// bounds.
    pub(crate) fn decision(&self, pairs: Pentanomial) -> Option<Accepted> {
        let llr = self.llr(pairs);
        if llr >= self.upper {
            Some(Accepted::H1)
        } else if llr <= self.lower {
            Some(Accepted::H0)
        } else {
            None
        }
    }

    /// The line after each pair: the pairs, A's score and the LLR with its bounds.
    pub(crate) fn progress(&self, pairs: Pentanomial) -> String {
        let halves: u32 = (0..).zip(pairs.0).map(|(k, count)| k * count).sum();
        format!(
            "pair {}: A {}/{}, LLR {:.2} ({:.2}, {:.2})",
            pairs.pairs(),
            f64::from(halves) / 2.0,
            2 * pairs.pairs(),
            self.llr(pairs),
            self.lower,
            self.upper,
        )
    }

    /// The test's outcome after `pairs`, the last that were played: the decision (or
    /// none at the game limit), then the Elo estimate and the pairs by class.
    pub(crate) fn report(&self, pairs: Pentanomial) -> String {
        let Hypotheses { elo0, elo1 } = self.hypotheses;
        let decision = match self.decision(pairs) {
            Some(Accepted::H1) => format!("H1 accepted (Elo >= {elo1})"),
            Some(Accepted::H0) => format!("H0 accepted (Elo <= {elo0})"),
            None => "inconclusive at the game limit".to_owned(),
        };
        let elo = pairs
            .elo()
            .map_or_else(|| "no Elo estimate".to_owned(), |e| e.to_string());
        format!(
            "SPRT {} at alpha {}, beta {}: {decision} after {} pairs, LLR {:.2} ({:.2}, {:.2})\n\
             {elo} from the pairs: {pairs}",
            self.hypotheses,
            self.alpha,
            self.beta,
            pairs.pairs(),
            self.llr(pairs),
            self.lower,
            self.upper,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test(elo0: f64, elo1: f64) -> Sprt {
        Sprt::new(Hypotheses { elo0, elo1 }, 0.05, 0.05).unwrap()
    }

    #[test]
    fn symmetric_results_weigh_nothing_between_symmetric_hypotheses() {
        for counts in [[3, 3, 3, 3, 3], [1, 4, 9, 4, 1], [7, 0, 2, 0, 7]] {
            let llr = test(-20.0, 20.0).llr(Pentanomial(counts));
            assert!(llr.abs() < 1e-12, "{counts:?}: {llr}");
        }
        // Against H0 = 0 they lean to H0: m = s0 = 1/2, v = 1/8, s1 = 1 / (1 + 10^-0.05) =
        // 0.528751, so LLR = -15 * 0.028751^2 / (2/8) = -0.049596.
        let llr = test(0.0, 20.0).llr(Pentanomial([3; 5]));
        assert!((llr + 0.049596).abs() < 1e-6, "{llr}");
    }

    #[test]
    fn the_llr_matches_a_hand_computation() {
        // Counts 1, 2, 3, 3, 1 (N = 10) and half a pair more in each class: weights 1.5, 2.5,
        // 3.5, 3.5, 1.5 (12.5 in all) on the values 0, 1/4, 1/2, 3/4, 1.
        // m = (2.5/4 + 3.5/2 + 3.5*3/4 + 1.5) / 12.5 = 6.5 / 12.5 = 0.52;
        // E[x^2] = (2.5/16 + 3.5/4 + 3.5*9/16 + 1.5) / 12.5 = 4.5 / 12.5 = 0.36,
        // v = 0.36 - 0.52^2 = 0.0896.
        // Elo -50 and 50: s1 = 1 / (1 + 10^-0.125) = 1 / 1.749894 = 0.571463, s0 = 1 - s1.
        // LLR = 10 * 0.142926 * (1.04 - 1) / (2 * 0.0896) = 0.0571704 / 0.1792 = 0.319032.
        let llr = test(-50.0, 50.0).llr(Pentanomial([1, 2, 3, 3, 1]));
        assert!((llr - 0.319032).abs() < 1e-6, "{llr}");
    }

    #[test]
    fn a_run_of_wins_accepts_h1_and_a_run_of_losses_h0() {
        for (half_points, accepted) in [(4, Accepted::H1), (0, Accepted::H0)] {
            let sprt = test(0.0, 10.0);
            let mut pairs = Pentanomial::default();
            pairs.add(half_points);
            assert_eq!(sprt.decision(pairs), None, "one pair decides nothing");
            let decided = (2..=200).find(|_| {
                pairs.add(half_points);
                sprt.decision(pairs).is_some()
            });
            assert!(decided.is_some(), "{half_points}: {pairs:?}");
            assert_eq!(sprt.decision(pairs), Some(accepted));
        }
    }

    #[test]
    fn the_bounds_are_walds() {
        let sprt = test(0.0, 10.0);
        assert!((sprt.lower + 2.944439).abs() < 1e-6);
        assert!((sprt.upper - 2.944439).abs() < 1e-6);
        let skewed = Sprt::new(Hypotheses::from_str("0,5").unwrap(), 0.01, 0.2).unwrap();
        // ln(0.2 / 0.99) and ln(0.8 / 0.01).
        assert!((skewed.lower + 1.599388).abs() < 1e-6);
        assert!((skewed.upper - 4.382027).abs() < 1e-6);
    }

    #[test]
    fn a_75_percent_score_is_191_elo() {
        assert!((logistic_elo(0.75) - 190.849).abs() < 0.01);
        assert!((logistic_elo(0.25) + 190.849).abs() < 0.01);
        assert_eq!(logistic_elo(0.5), 0.0);
        assert!((logistic_elo(1.0) - 1199.83).abs() < 0.01);
        // Pairs of one win and one loss or better, 75 % in all.
        let estimate = Pentanomial([0, 0, 2, 0, 2]).elo().unwrap();
        assert!((estimate.elo - 190.849).abs() < 0.01, "{estimate:?}");
        assert!(estimate.low < estimate.elo && estimate.elo < estimate.high);
    }

    #[test]
    fn no_pairs_and_only_draws_decide_nothing_and_do_not_panic() {
        let sprt = test(0.0, 10.0);
        let none = Pentanomial::default();
        assert_eq!(sprt.llr(none), 0.0);
        assert_eq!(sprt.decision(none), None);
        assert_eq!(none.elo(), None);
        assert!(sprt.report(none).contains("inconclusive"));
        let draws = Pentanomial([0, 0, 5, 0, 0]);
        let llr = sprt.llr(draws);
        assert!(llr.is_finite() && llr < 0.0, "{llr}");
        assert!(test(-10.0, 10.0).llr(draws).abs() < 1e-12);
        let estimate = draws.elo().unwrap();
        assert_eq!(estimate.elo, 0.0);
        assert!(estimate.low < 0.0 && estimate.high > 0.0, "{estimate:?}");
    }

    #[test]
    fn the_lines_show_the_pairs_the_score_and_the_bounds() {
        let sprt = test(0.0, 50.0);
        let pairs = Pentanomial([0, 1, 0, 1, 1]);
        assert_eq!(
            sprt.progress(pairs),
            "pair 3: A 4/6, LLR 0.10 (-2.94, 2.94)"
        );
        let report = sprt.report(pairs);
        assert!(
            report.starts_with(
                "SPRT [0, 50] at alpha 0.05, beta 0.05: inconclusive at the game limit after 3 pairs, LLR 0.10 (-2.94, 2.94)\nElo +120.4"
            ),
            "{report}"
        );
        assert!(
            report.ends_with("from the pairs: LL 0, LD 1, DD/WL 0, WD 1, WW 1"),
            "{report}"
        );
    }

    #[test]
    fn bad_hypotheses_and_error_rates_are_refused() {
        assert_eq!(
            "-5, 5".parse(),
            Ok(Hypotheses {
                elo0: -5.0,
                elo1: 5.0
            })
        );
        for text in ["10", "10,0", "5,5", "a,b", "0,inf", "0,10,20", ""] {
            let error = text.parse::<Hypotheses>().unwrap_err();
            assert_eq!(error.text, text);
        }
        let hypotheses = Hypotheses {
            elo0: 0.0,
            elo1: 10.0,
        };
        for (alpha, beta) in [(0.0, 0.05), (0.05, -0.1), (0.5, 0.5), (f64::NAN, 0.05)] {
            assert!(
                Sprt::new(hypotheses, alpha, beta).is_err(),
                "{alpha} {beta}"
            );
        }
    }
}
