//! Ladder reading: whether a chain in atari that runs is caught anyway.
//!
//! A chain in atari whose owner extends it to its last liberty gets two liberties at most
//! in a ladder; the attacker ataris it again from one side, it extends again, and so on
//! until it reaches open space (three liberties: it escapes) or the edge or the attacker's
//! stones (one liberty: it is taken). Players read ladders before they run, and so must the
//! engine: a playout that runs from a working ladder, or a tree that likes the escape,
//! throws away a stone a move, and a ladder the engine cannot read is lost on 19x19.
//!
//! The reading is the textbook one (Pachi and GNU Go read the same way, in more detail):
//! the runner extends; with two liberties the attacker tries an atari on each; the runner
//! escapes when it has three liberties or more, or when it can capture a chain of the
//! attacker's that is in atari next to it. A budget of moves bounds the reading; when it
//! runs out the runner counts as escaped, so the engine never believes a ladder it did not
//! read to the end.

use ishi_rules::go::{Go, Move, Point};

/// Moves one ladder reading may play before it gives the runner the benefit of the doubt:
/// enough for a ladder across the 19x19 board with some false turns.
const BUDGET: u32 = 160;

/// Whether the chain through `stone`, which belongs to the player to move and is in atari,
/// is captured in a ladder even if it extends to its liberty: the extension leaves it with
/// fewer than two liberties, or the attacker has an atari at each step that ends in a
/// capture. `false` when the chain is not in atari, or can capture an adjacent attacker
/// chain in atari instead of running.
pub(crate) fn is_caught(go: &Go, stone: Point) -> bool {
    let mut budget = BUDGET;
    match decided(go, stone, &mut budget) {
        Ok(caught) => caught,
        Err(liberty) => run(&mut go.clone(), stone, liberty, &mut budget),
    }
}

/// Whether a stone of the player to move on the empty point `p` puts the opponent chain
/// through `target` (which has two liberties, `p` one of them) in atari and catches it in a
/// ladder. The atari must not be a self-atari of its own.
pub(crate) fn atari_catches(go: &Go, p: Point, target: Point) -> bool {
    if !go.is_playable(p) || go.liberties_after(p, 2) < 2 {
        return false;
    }
    let mut after = go.clone();
    after.play_fast(Move::Place(p));
    let mut budget = BUDGET;
    after.atari_liberty(target).is_some() && caught(&mut after, target, &mut budget)
}

/// [`is_caught`] on a position the reading may play on, within `budget` moves.
fn caught(go: &mut Go, stone: Point, budget: &mut u32) -> bool {
    match decided(go, stone, budget) {
        Ok(caught) => caught,
        Err(liberty) => run(go, stone, liberty, budget),
    }
}

/// What the position says without playing: `Ok` with the answer, or `Err` with the liberty
/// the runner must extend to before the reading can tell.
fn decided(go: &Go, stone: Point, budget: &mut u32) -> Result<bool, Point> {
    let Some(liberty) = go.atari_liberty(stone) else {
        return Ok(false);
    };
    // The cheap test first: most extensions reach three liberties.
    let extended = go.liberties_after(liberty, 3);
    if extended >= 3 || *budget == 0 || go.neighbour_in_atari(stone).is_some() {
        return Ok(false);
    }
    if extended < 2 || !go.is_playable(liberty) {
        return Ok(extended < 2);
    }
    *budget -= 1;
    Err(liberty)
}

/// The runner extends to `liberty` on `go`, which leaves it exactly two liberties, and the
/// attacker tries an atari on each. An atari whose stone the runner can capture in return is
/// no chase, which the next step finds. The position is copied only when both ataris are
/// possible, for the second.
fn run(go: &mut Go, stone: Point, liberty: Point, budget: &mut u32) -> bool {
    go.play_fast(Move::Place(liberty));
    let Some([a, b]) = go.two_liberties(stone) else {
        return false;
    };
    match (go.is_playable(a), go.is_playable(b)) {
        (true, true) => chase(&mut go.clone(), stone, a, budget) || chase(go, stone, b, budget),
        (true, false) => chase(go, stone, a, budget),
        (false, true) => chase(go, stone, b, budget),
        (false, false) => false,
    }
}

/// The attacker's atari on `at`, then the reading goes on, within `budget`.
fn chase(go: &mut Go, stone: Point, at: Point, budget: &mut u32) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    go.play_fast(Move::Place(at));
    caught(go, stone, budget)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::testing::{chinese as go, pt};
    use ishi_rules::Player;

    /// A 9x9 board: rows 4 to 1 from `lower`, row 7 from `row_7`, the others empty.
    fn board(lower: &str, row_7: &str, turn: Player) -> Go {
        let rows: Vec<&str> = [EMPTY_ROW, EMPTY_ROW, row_7, EMPTY_ROW, EMPTY_ROW]
            .into_iter()
            .chain(lower.lines().map(str::trim).filter(|l| !l.is_empty()))
            .collect();
        go(&rows.join("\n"), turn)
    }

    const EMPTY_ROW: &str = ". . . . . . . . .";
    /// The 7th row with a black stone on G7, on the ladder's path to the upper right.
    const BREAKER_ROW: &str = ". . . . . . X . .";

    /// Black's C3 in atari at D3: extending gives two liberties, and White's ataris chase it
    /// up and to the right across the empty board to the edge.
    const IN_ATARI: &str = "
        . . O . . . . . .
        . O X . . . . . .
        . . O O . . . . .
        . . . . . . . . .
        ";

    #[test]
    fn a_ladder_across_an_empty_board_catches_the_runner() {
        let position = board(IN_ATARI, EMPTY_ROW, Player::Black);
        assert_eq!(
            position.atari_liberty(pt("C3")),
            Some(pt("D3")),
            "{position}"
        );
        assert!(is_caught(&position, pt("C3")), "{position}");
    }

    #[test]
    fn a_ladder_breaker_on_the_path_saves_the_runner() {
        let position = board(IN_ATARI, BREAKER_ROW, Player::Black);
        assert_eq!(position.stone_at(pt("G7")), Some(Player::Black));
        assert!(!is_caught(&position, pt("C3")), "{position}");
    }

    #[test]
    fn a_runner_that_can_capture_an_attacker_is_not_caught() {
        // White's B3 is in atari at B2: Black takes it instead of running.
        let position = board(
            "
            . X O . . . . . .
            X O X . . . . . .
            . . O O . . . . .
            . . . . . . . . .
            ",
            EMPTY_ROW,
            Player::Black,
        );
        assert_eq!(
            position.atari_liberty(pt("C3")),
            Some(pt("D3")),
            "{position}"
        );
        assert_eq!(
            position.atari_liberty(pt("B3")),
            Some(pt("B2")),
            "{position}"
        );
        assert!(!is_caught(&position, pt("C3")), "{position}");
    }

    #[test]
    fn a_chain_out_of_atari_is_not_caught() {
        let position = board(
            "
            . . O . . . . . .
            . O X . . . . . .
            . . . O . . . . .
            . . . . . . . . .
            ",
            EMPTY_ROW,
            Player::Black,
        );
        assert_eq!(
            position.two_liberties(pt("C3")).map(|mut l| {
                l.sort_unstable();
                l
            }),
            Some([pt("C2"), pt("D3")])
        );
        assert!(!is_caught(&position, pt("C3")));
    }

    #[test]
    fn the_atari_that_starts_a_working_ladder_is_found() {
        // Black's C3 has two liberties; White's C2 ataris it into the ladder above.
        let lower = "
            . . O . . . . . .
            . O X . . . . . .
            . . . O . . . . .
            . . . . . . . . .
            ";
        let position = board(lower, EMPTY_ROW, Player::White);
        assert!(atari_catches(&position, pt("C2"), pt("C3")), "{position}");
        let broken = board(lower, BREAKER_ROW, Player::White);
        assert!(!atari_catches(&broken, pt("C2"), pt("C3")), "{broken}");
    }

    #[test]
    fn a_ladder_across_the_whole_19x19_board_is_read_to_the_end() {
        // The shape of IN_ATARI in the lower left corner of an empty 19x19 board: the ladder
        // runs 16 points up and to the right before it meets the edge, within the budget.
        let mut rows = vec![". ".repeat(19).trim_end().to_string(); 19];
        rows[15] = format!(". . O{}", " .".repeat(16));
        rows[16] = format!(". O X{}", " .".repeat(16));
        rows[17] = format!(". . O O{}", " .".repeat(15));
        let position = go(&rows.join("\n"), Player::Black);
        assert_eq!(position.size(), 19);
        assert_eq!(
            position.atari_liberty(pt("C3")),
            Some(pt("D3")),
            "{position}"
        );
        assert!(is_caught(&position, pt("C3")), "{position}");
        // With a black stone on R17, near the far end of its path, the runner escapes.
        rows[2] = format!("{} X . .", ". ".repeat(16).trim_end());
        let broken = go(&rows.join("\n"), Player::Black);
        assert_eq!(broken.stone_at(pt("R17")), Some(Player::Black), "{broken}");
        assert!(!is_caught(&broken, pt("C3")), "{broken}");
    }
}
