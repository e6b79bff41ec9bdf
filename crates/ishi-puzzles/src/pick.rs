//! Choosing puzzles for a player, and the player's rating after an attempt.

use ishi_rating::{Outcome, Rating, Settings};

/// The deviation a puzzle's rating is taken to have: a puzzle's rating is an estimate from its
/// generation (how deep a search had to look), not from many players' attempts.
pub const PUZZLE_DEVIATION: f64 = 80.0;

/// `player`'s rating after an attempt at a puzzle of rating `puzzle`: a win when `solved`.
/// Each attempt is a rating period of its own (as lichess rates its puzzles).
pub fn attempt(player: Rating, puzzle: u16, solved: bool) -> Rating {
    let opponent = Rating::new(
        f64::from(puzzle),
        PUZZLE_DEVIATION,
        ishi_rating::NEW_VOLATILITY,
    )
    .unwrap_or_default();
    let outcome = if solved {
        Outcome::win(opponent)
    } else {
        Outcome::loss(opponent)
    };
    player.update(&[outcome], &Settings::ISHI)
}

/// How many puzzles nearest the player's rating [`pick`] chooses among.
const NEAREST: usize = 24;

/// A puzzle for a player rated `rating`: one of the 24 puzzles nearest it, by rating, that
/// `done` does not hold, chosen by `seed`; `None` when every puzzle is done. `ratings` are the
/// library's puzzles' ratings, in its order.
pub fn pick(
    ratings: &[u16],
    rating: f64,
    done: impl Fn(usize) -> bool,
    seed: u64,
) -> Option<usize> {
    let mut open: Vec<(u64, usize)> = ratings
        .iter()
        .enumerate()
        .filter(|&(i, _)| !done(i))
        .map(|(i, &r)| (((f64::from(r) - rating).abs() * 16.0) as u64, i))
        .collect();
    if open.is_empty() {
        return None;
    }
    let nearest = NEAREST.min(open.len());
    open.select_nth_unstable(nearest - 1);
    open.truncate(nearest);
    open.sort_unstable();
    Some(open[(mix(seed) % nearest as u64) as usize].1)
}

/// The daily puzzle of `day` (days since 1970-01-01, the device's date) among `count`: the
/// same all day, a different one each day, in an order no one would guess.
pub fn daily(count: usize, day: i64) -> Option<usize> {
    (count > 0).then(|| (mix(day as u64 ^ 0x1a2b_3c4d) % count as u64) as usize)
}

/// The rating a streak's puzzle `n` (from 0) aims at: 700 at first, 60 more a puzzle, so that a
/// streak starts easy and ends where the player misses.
pub fn streak_target(n: usize) -> f64 {
    700.0 + 60.0 * n as f64
}

/// A 64-bit mix (SplitMix64's finaliser): nearby seeds give unrelated numbers.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pick_is_near_the_rating_and_never_a_done_puzzle() {
        let ratings: Vec<u16> = (0..400).map(|i| 600 + 5 * i).collect();
        for seed in 0..50 {
            let i = pick(&ratings, 1500.0, |i| i % 2 == 0, seed).unwrap();
            assert_eq!(i % 2, 1);
            assert!((f64::from(ratings[i]) - 1500.0).abs() <= 5.0 * NEAREST as f64 + 5.0);
        }
        assert_eq!(pick(&ratings, 1500.0, |_| true, 3), None);
        assert_eq!(pick(&ratings[..3], 1500.0, |i| i != 1, 9), Some(1));
    }

    #[test]
    fn the_daily_puzzle_stays_all_day_and_changes_by_day() {
        assert_eq!(daily(3000, 20_000), daily(3000, 20_000));
        let days: std::collections::HashSet<usize> =
            (20_000..20_030).filter_map(|d| daily(3000, d)).collect();
        assert!(days.len() >= 28, "{days:?}");
        assert_eq!(daily(0, 5), None);
    }

    #[test]
    fn an_attempt_moves_the_rating_both_ways() {
        let player = Rating::default();
        let solved = attempt(player, 1500, true);
        let failed = attempt(player, 1500, false);
        assert!(solved.rating() > 1500.0 && failed.rating() < 1500.0);
        assert!(solved.deviation() < player.deviation());
        // Failing an easy one costs more than failing a hard one.
        assert!(attempt(player, 900, false).rating() < attempt(player, 2100, false).rating());
        assert!(streak_target(10) > streak_target(0));
    }
}
