//! Perft counts from `data/othello-perft.txt`, on both paths of the rules.

use ishi_rules::othello::{Othello, OthelloN, Shape, perft};

/// `(depth, leaves)` rows of the fixture.
fn counts() -> Vec<(u32, u64)> {
    include_str!("data/othello-perft.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut fields = l.split_whitespace().map(|f| f.parse::<u64>().unwrap());
            (fields.next().unwrap() as u32, fields.next().unwrap())
        })
        .collect()
}

/// Checks every depth whose count is at most `max_leaves` and returns how many were checked.
fn check(position: &Othello, max_leaves: u64) -> usize {
    let rows: Vec<_> = counts()
        .into_iter()
        .filter(|&(_, n)| n <= max_leaves)
        .collect();
    for &(depth, expected) in &rows {
        assert_eq!(perft(position, depth), expected, "depth {depth}");
    }
    rows.len()
}

#[test]
fn fast_path_matches_published_counts_up_to_25m_leaves() {
    assert_eq!(check(&Othello::standard(), 25_000_000), 10);
}

#[test]
fn general_path_matches_published_counts_up_to_400k_leaves() {
    let general = Othello::General(OthelloN::new(Shape::STANDARD));
    assert_eq!(check(&general, 400_000), 8);
}

#[test]
#[ignore = "about 10 s in a release build; run with --ignored"]
fn fast_path_matches_published_counts_to_depth_12() {
    assert_eq!(check(&Othello::standard(), 2_000_000_000), 12);
}
