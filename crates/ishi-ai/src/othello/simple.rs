//! The weak levels that do not use the strong engine: `naive` and `minimax-4`.

use ishi_rules::Game;
use ishi_rules::othello::{Move, Othello, Shape, Square};

/// The legal move nearest the top-left corner: the lowest row, then the lowest column (a pass
/// when it is the only move); `None` once the game is over.
pub(crate) fn naive_move(position: &Othello) -> Option<Move> {
    // Legal moves come in reading order, and squares order row first.
    position.legal_moves().into_iter().min_by_key(|m| m.point())
}

/// A corner's weight in [`square_weights`].
const CORNER: i32 = 20;
/// The weight of a square diagonally next to a corner (the "X-square").
const X_SQUARE: i32 = -7;
/// The weight of a square beside a corner on a line (the "C-square").
const C_SQUARE: i32 = -3;
/// The weight of any other square on the rim of the board.
const EDGE: i32 = 2;
/// The weight of an inner square.
const INNER: i32 = 1;

/// The four lines through a square, each as one of its two directions.
const AXES: [(i8, i8); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// The square weights `minimax-4` counts, for every playable square of `shape`, in reading
/// order: the textbook table, derived from the shape so that every size and shape gets one.
///
/// A *corner* is a square that no line can pass through (on each of its four lines a
/// neighbour is off the board or a hole), so its disc can never be flipped: 20. Next to a
/// corner, a square on its diagonal gives the corner away: -7, and one beside it on a row or
/// column: -3. Other squares on the rim (a neighbour off the board or a hole): 2. Inner
/// squares: 1. On 8x8 that is
///
/// ```text
/// 20 -3  2  2  2  2 -3 20
/// -3 -7  1  1  1  1 -7 -3
///  2  1  1  1  1  1  1  2
///  …
/// ```
pub fn square_weights(shape: Shape) -> Vec<(Square, i32)> {
    let at = |sq: Square, (dc, dr): (i8, i8)| {
        let col = sq.col().checked_add_signed(dc)?;
        let row = sq.row().checked_add_signed(dr)?;
        Square::from_coords(col, row).filter(|&n| shape.contains(n))
    };
    let is_corner = |sq: Square| {
        AXES.iter()
            .all(|&(dc, dr)| at(sq, (dc, dr)).is_none() || at(sq, (-dc, -dr)).is_none())
    };
    let neighbours = [-1i8, 0, 1]
        .into_iter()
        .flat_map(|dc| [-1i8, 0, 1].map(|dr| (dc, dr)))
        .filter(|&d| d != (0, 0));
    shape
        .squares()
        .map(|sq| {
            let near_corners = || {
                neighbours
                    .clone()
                    .filter(move |&d| at(sq, d).is_some_and(is_corner))
            };
            let weight = if is_corner(sq) {
                CORNER
            } else if near_corners().any(|(dc, dr)| dc != 0 && dr != 0) {
                X_SQUARE
            } else if near_corners().next().is_some() {
                C_SQUARE
            } else if neighbours.clone().any(|d| at(sq, d).is_none()) {
                EDGE
            } else {
                INNER
            };
            (sq, weight)
        })
        .collect()
}

/// The value of a finished game for `minimax-4`: any win outweighs every count of square
/// weights, and a bigger win a smaller one.
const WIN: i32 = 10_000;

/// The value of `position` for the player to move by plain minimax `depth` plies deep on
/// `weights` (from [`square_weights`]): own weights minus the opponent's at the leaves; where
/// the game ends, [`WIN`] plus the final margin (empties to the winner) for a win, minus that
/// for a loss, 0 for a draw. A pass is a ply.
fn minimax_value(position: &Othello, weights: &[(Square, i32)], depth: u32) -> i32 {
    let moves = position.legal_moves();
    let mover = position.turn();
    if moves.is_empty() {
        let margin = position.score().margin();
        let margin = mover.fold(margin, -margin);
        return margin.signum() * WIN + margin;
    }
    if depth == 0 {
        return weights
            .iter()
            .map(|&(sq, w)| match position.disc_at(sq) {
                Some(owner) if owner == mover => w,
                Some(_) => -w,
                None => 0,
            })
            .sum();
    }
    moves
        .into_iter()
        .map(|m| -minimax_value(&after(position, m), weights, depth - 1))
        .max()
        .unwrap_or_else(|| unreachable!("the list of moves is not empty"))
}

fn after(position: &Othello, mv: Move) -> Othello {
    let mut next = *position;
    next.play_unchecked(mv);
    next
}

/// The move of `minimax-4`: the first move in reading order among those of best minimax
/// value `depth - 1` plies below, on the [`square_weights`] of the position's shape, with
/// that value for the player to move: the count of weights, or the final margin when the game
/// is won or lost within the horizon. `None` once the game is over.
pub(crate) fn minimax_move(position: &Othello, depth: u32) -> Option<(Move, i32)> {
    let weights = square_weights(position.shape());
    let mut best: Option<(Move, i32)> = None;
    for mv in position.legal_moves() {
        let value = -minimax_value(&after(position, mv), &weights, depth.saturating_sub(1));
        if best.is_none_or(|(_, b)| value > b) {
            best = Some((mv, value));
        }
    }
    best.map(|(mv, value)| {
        if value.abs() >= WIN {
            (mv, value - value.signum() * WIN)
        } else {
            (mv, value)
        }
    })
}
