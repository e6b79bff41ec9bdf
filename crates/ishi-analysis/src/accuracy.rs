//! A player's accuracy over a game, from 0 to 100, as lichess computes it for chess: each move
//! scores by what it lost in **chance to win** (points from 0 to 100), on lichess's curve
//! `103.1668 e^(-0.04354 loss) - 3.1669` (clamped to 0-100: a move that loses nothing scores
//! 100, one that loses 10 points of win chance 64, 30 points 25), and the player's accuracy is
//! the mean of their moves' (lichess also weights by the position's volatility and mixes in a
//! harmonic mean; Ishi keeps the plain mean, which a player can check by hand).
//!
//! Why from win chance and not from the game's own loss: a move that gives up 10 discs in a
//! game won by 40 changes nothing, one that turns +2 into -2 changes the result. Go on the
//! network has each move's win rate ([`crate::WinRateLoss`]); Go on Monte Carlo counts its
//! losses in win rate already; Othello's margins become a chance to win by [`win_chance`].

use ishi_rules::{ByColor, Player};

/// The accuracy, 0 to 100, of a move that lost `loss` points of win chance (0 to 100).
pub fn move_accuracy(loss: f32) -> f32 {
    (103.1668 * (-0.04354 * loss.max(0.0)).exp() - 3.1669).clamp(0.0, 100.0)
}

/// Othello: the chance to win, 0 to 100, of a position worth `margin` discs to its player
/// with best play: a logistic curve with a scale of 4 discs (a draw 50, +4 discs 73, +10
/// discs 92, +20 discs 99.3): the margin a strong engine's value would have to be wrong by to
/// change the result.
pub fn win_chance(margin: f32) -> f32 {
    100.0 / (1.0 + (-margin / 4.0).exp())
}

/// Each player's accuracy over `moves` (who played, and what the move lost in win chance):
/// the mean of their moves' [`move_accuracy`], `None` for a player without a move.
pub fn accuracy(moves: impl IntoIterator<Item = (Player, f32)>) -> ByColor<Option<f32>> {
    let mut sum = ByColor::new(0.0f32, 0.0f32);
    let mut count = ByColor::new(0u32, 0u32);
    for (player, loss) in moves {
        sum[player] += move_accuracy(loss);
        count[player] += 1;
    }
    ByColor::new(
        (count.black > 0).then(|| sum.black / count.black as f32),
        (count.white > 0).then(|| sum.white / count.white as f32),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_curve_is_lichesss() {
        assert!((move_accuracy(0.0) - 100.0).abs() < 0.001);
        assert!(
            (move_accuracy(10.0) - 63.58).abs() < 0.01,
            "{}",
            move_accuracy(10.0)
        );
        assert!(
            (move_accuracy(30.0) - 24.78).abs() < 0.01,
            "{}",
            move_accuracy(30.0)
        );
        assert_eq!(move_accuracy(100.0), 0.0);
        assert_eq!(move_accuracy(-5.0), move_accuracy(0.0));
    }

    #[test]
    fn an_othello_margin_counts_by_what_it_does_to_the_result() {
        assert_eq!(win_chance(0.0), 50.0);
        assert!((win_chance(4.0) - 73.11).abs() < 0.01);
        // +40 to +30 changes little; +2 to -2 a lot.
        assert!(win_chance(40.0) - win_chance(30.0) < 0.1);
        assert!(win_chance(2.0) - win_chance(-2.0) > 24.0);
    }

    #[test]
    fn each_player_gets_the_mean_of_their_moves() {
        let a = accuracy([
            (Player::Black, 0.0),
            (Player::White, 10.0),
            (Player::Black, 30.0),
        ]);
        let black = (move_accuracy(0.0) + move_accuracy(30.0)) / 2.0;
        assert!((a.black.unwrap() - black).abs() < 1e-4);
        assert!((a.white.unwrap() - move_accuracy(10.0)).abs() < 1e-4);
        assert_eq!(accuracy([(Player::White, 3.0)]).black, None);
    }
}
