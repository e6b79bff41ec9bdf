//! Go scoring: area and territory counts with dead stones and seki, the ownership map the
//! scoring view draws, the breakdown, the result string, and a first guess at the dead stones.
//!
//! ```
//! use ishi_rules::Player;
//! use ishi_rules::go::{Go, GoRules};
//! use ishi_scoring::{DeadStones, Ownership, guess_dead_stones, score};
//!
//! // Black walls off the left, White the right; each has one dead stone of the other inside.
//! let go = Go::from_diagram(
//!     "
//!     . . X O . . .
//!     . . X O . . .
//!     . . X O . X .
//!     . . X O . . .
//!     . O X O . . .
//!     . . X O . . .
//!     . . X O . . .
//!     ",
//!     GoRules::JAPANESE,
//!     Player::Black,
//! )?;
//! let dead = DeadStones::from_points(&go, ["B3".parse()?, "F5".parse()?]);
//! assert_eq!(guess_dead_stones(&go), dead);
//!
//! let score = score(&go, &dead);
//! let black = score.breakdown.black;
//! assert_eq!((black.territory, black.prisoners), (14, 1)); // B3's point and B3 itself
//! assert_eq!(score.breakdown.white.total, 2 * (21 + 1) + 13); // 21 + 1 + komi 6.5
//! assert_eq!(score.result().to_string(), "W+13.5");
//! assert_eq!(
//!     score.ownership.get("F5".parse()?),
//!     Some(Ownership::Dead { color: Player::Black, counts_for: Some(Player::White) }),
//! );
//! println!("{}", score.ownership); // b b X O w w w, ..., b o X O w w w, ...
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Key decisions:
//!
//! - **Pure functions of a position and a set of dead stones.** [`score()`] reads a [`Go`]
//!   position and a [`DeadStones`] set and returns a [`Score`]; nothing is stored, so the
//!   scoring view recounts on every tap ([`DeadStones::toggle_chain`]), and the GTP engine's
//!   `final_score` and `final_status_list` are [`final_score`] and [`final_status_list`].
//! - **Half-points everywhere.** Totals, margins and komi are integers in half-points, so
//!   results compare exactly and print exactly ([`GameResult`]: `B+3.5`, `W+R`, `Draw`).
//! - **Dead stones are whole chains**, and input never panics: a chain is dead when any of
//!   its stones is listed; points without a stone, or off the board, are ignored.
//! - **The rules decide what counts** (see [`score()`]): area scoring counts stones and
//!   surrounded points, seki eyes included; territory scoring counts surrounded points and
//!   prisoners, and no point next to a seki is territory (Japanese rules, article 8). Rules
//!   without dead-stone removal (Tromp-Taylor) count the board as it stands: the dead list is
//!   ignored, and [`Score::dead_ignored`] says so rather than failing, so one scoring view
//!   serves every rule set.
//! - **Seki is found by filling the dame**, as the players would before counting: shared
//!   empty points are filled while either side can fill one safely, and the chains left
//!   touching a shared point that neither can fill without self-atari are in seki. The rule
//!   and its limits are documented below.
//! - **The dead-stone guess is static and replaceable**: [`guess_dead_stones`] reads eyes,
//!   room and enclosure from the board; [`guess_dead_stones_with`] takes a per-point
//!   ownership estimate instead, which is where the AI's Monte Carlo playouts plug in.
//! - **Its own board copy.** Counting asks about boards that never occur in play (dead
//!   stones lifted, dame filled by nobody), so the crate copies the stones into a plain grid
//!   rather than asking the position for chains and liberties point by point.
//!
//! # Seki
//!
//! On the board with the dead stones lifted:
//!
//! 1. *Shared points* are the empty points of regions that touch living stones of both
//!    colours (dame, and the shared liberties of a seki).
//! 2. Shared points are filled, in board order and again until nothing changes, whenever a
//!    player can fill one *safely*: a stone there would capture, or would leave its chain
//!    (the stone with the chains it joins) two liberties or more, or would throw in to
//!    kill: its chain left one liberty, the opponent's taking it leaves the chains around
//!    it no liberty but the points taken (once the thrower has filled their other
//!    liberties, where its stones keep two liberties each), and those make one eye at most
//!    with the thrower to move (three points or fewer, the square and pyramid fours, the
//!    bulky and crossed fives, the rabbity six). A point only one player can fill safely
//!    gets that player's stone; a point both can fill, or where a stone would capture, is
//!    filled by nobody in particular: it stops being anyone's liberty.
//! 3. The shared points left empty are *seki points*. The living chains that touch one, once
//!    the dame are filled (chains a filled point joins count together), are in seki, and an
//!    empty region that one colour surrounds and that touches a stone in seki is a *seki eye*:
//!    territory under area scoring, nobody's under territory scoring.
//!
//! This finds the classic shapes: two chains without eyes sharing two liberties, one eye
//! each with a shared liberty, and seki with dame still open beside them. Limits: it reads no
//! sequences, so an unfinished capturing race in which both chains are short of liberties
//! reads as seki until the loser is marked dead; a dame both sides could fill is filled by
//! nobody, so a chain that one side could connect to safety through it is judged as if it
//! could not (mark the chain that then dies); and a seki whose eye holds the opponent's stones
//! is found only while those stones are left alive.

mod dead;
mod grid;
mod guess;
mod ownership;
mod result;
mod score;
mod seki;

use ishi_rules::go::{Go, Point};

pub use dead::DeadStones;
pub use guess::{OwnershipLengthError, guess_dead_stones, guess_dead_stones_with};
pub use ownership::{Ownership, OwnershipMap};
pub use result::{GameResult, ParseResultError, WinBy};
pub use score::{Breakdown, ParseStatusError, Score, StoneStatus, score};

/// The result of `go` with the [guessed](guess_dead_stones) dead stones removed: GTP's
/// `final_score` (print it with [`GameResult::to_gtp`]).
///
/// ```
/// use ishi_rules::Player;
/// use ishi_rules::go::{Go, GoRules};
///
/// let go = Go::from_diagram(
///     "
///     . X O . .
///     . X O . .
///     . X O . .
///     . X O . .
///     . X O . .
///     ",
///     GoRules::CHINESE,
///     Player::Black,
/// )?;
/// // Black 5 stones + 5 points, White 5 stones + 10 points + 7.5 komi.
/// assert_eq!(ishi_scoring::final_score(&go).to_gtp(), "W+12.5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn final_score(go: &Go) -> GameResult {
    score(go, &guess_dead_stones(go)).result()
}

/// The stones of `go` with `status` once the [guessed](guess_dead_stones) dead stones are
/// removed, row by row from the bottom: GTP's `final_status_list`.
///
/// Under rules that remove no dead stones (Tromp-Taylor) no stone is dead: the board counts
/// as it stands.
pub fn final_status_list(go: &Go, status: StoneStatus) -> Vec<Point> {
    score(go, &guess_dead_stones(go)).stones(status)
}
