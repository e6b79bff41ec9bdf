//! The weak levels that do not use the strong engine: `naive` and `minimax-4`.

use ishi_rules::Game;
use ishi_rules::othello::{Move, Othello};

/// The legal move nearest the top-left corner: the lowest row, then the lowest column (a pass
/// when it is the only move); `None` once the game is over.
pub(crate) fn naive_move(position: &Othello) -> Option<Move> {
    // Legal moves come in reading order, and squares order row first.
    position.legal_moves().into_iter().min_by_key(|m| m.point())
}

/// The value of `position` for the player to move by plain minimax `depth` plies deep: the
/// disc difference (own discs minus the opponent's) at the leaves, the final margin (empties
/// to the winner) where the game ends. A pass is a ply.
pub(crate) fn minimax_value(position: &Othello, depth: u32) -> i32 {
    let moves = position.legal_moves();
    if moves.is_empty() {
        let margin = position.score().margin();
        return position.turn().fold(margin, -margin);
    }
    if depth == 0 {
        let discs = position.disc_count();
        let diff = discs.black as i32 - discs.white as i32;
        return position.turn().fold(diff, -diff);
    }
    moves
        .into_iter()
        .map(|m| -minimax_value(&after(position, m), depth - 1))
        .max()
        .unwrap_or_else(|| unreachable!("the list of moves is not empty"))
}

fn after(position: &Othello, mv: Move) -> Othello {
    let mut next = *position;
    next.play_unchecked(mv);
    next
}

/// The move of `minimax-4`: the first move in reading order among those of best
/// [`minimax_value`] `depth - 1` plies below; `None` once the game is over.
pub(crate) fn minimax_move(position: &Othello, depth: u32) -> Option<(Move, i32)> {
    let mut best: Option<(Move, i32)> = None;
    for mv in position.legal_moves() {
        let value = -minimax_value(&after(position, mv), depth.saturating_sub(1));
        if best.is_none_or(|(_, b)| value > b) {
            best = Some((mv, value));
        }
    }
    best
}
