//! Go positions both analyses' tests read.

use ishi_rules::Player;
use ishi_rules::go::{Go, GoRules};

/// Black's six stones in the middle have one liberty, F4, which joins the wall on the right;
/// connecting leaves Black with some chances (the Monte Carlo engine gives it 30 % or so),
/// leaving them with next to none (5 %). The four stones at G6-J7 keep that gap clear of
/// Monte Carlo's blunder threshold, 15 points of win rate: without them Black's chances
/// after F4 were 17 to 22 %, and the gap at 3,000 playouts anywhere from 14 to 20 points.
pub(crate) fn atari() -> Go {
    Go::from_diagram(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . X . .
        . . O O O . X X X
        . O X X X O . . .
        . O X X X . X X X
        . . O O O X . . .
        . . . . . X . . .
        . . . . . X . . .
        ",
        GoRules::JAPANESE,
        Player::Black,
    )
    .unwrap()
}

/// Black's wall on E and White's on F, White to move under `rules`: Black owns the left five
/// columns, White the right four.
pub(crate) fn walls(rules: GoRules) -> Go {
    Go::from_diagram(
        "
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        ",
        rules,
        Player::White,
    )
    .unwrap()
}
