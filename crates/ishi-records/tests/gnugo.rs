//! Real game records: GNU Go's self-play games (`tests/data/gnugo-*.sgf`, see the README
//! there) are read, replayed to the stones GNU Go itself lists at their end, printed and read
//! again.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use ishi_records::GoRecord;
use ishi_rules::go::{Go, GoRules, Komi, Move};
use ishi_rules::{Game, Player};

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// Every GNU Go fixture: its name, its bytes, its record.
fn games() -> Vec<(String, Vec<u8>, GoRecord)> {
    let mut names: Vec<String> = fs::read_dir(data(""))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.starts_with("gnugo-") && name.ends_with(".sgf"))
        .collect();
    names.sort();
    assert_eq!(names.len(), 4, "{names:?}");
    names
        .into_iter()
        .map(|name| {
            let bytes = fs::read(data(&name)).unwrap();
            let record = GoRecord::parse(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, bytes, record)
        })
        .collect()
}

/// The stones of each colour as GTP names, from a `.stones` file (`black: D4 Q16...`).
fn listed_stones(name: &str) -> [BTreeSet<String>; 2] {
    let text = fs::read_to_string(data(&name.replace(".sgf", ".stones"))).unwrap();
    let stones = |prefix: &str| -> BTreeSet<String> {
        let line = text.lines().find(|l| l.starts_with(prefix)).unwrap();
        line[prefix.len()..]
            .split_whitespace()
            .map(str::to_owned)
            .collect()
    };
    [stones("black:"), stones("white:")]
}

fn stones_of(position: &Go, player: Player) -> BTreeSet<String> {
    position
        .points()
        .filter(|&p| position.stone_at(p) == Some(player))
        .map(|p| p.to_string())
        .collect()
}

#[test]
fn gnugo_games_replay_to_the_stones_gnugo_lists() {
    for (name, _, record) in games() {
        let positions = record.replay().unwrap();
        assert_eq!(positions.len(), record.moves.len() + 1, "{name}");
        let end = positions.last().unwrap();
        let [black, white] = listed_stones(&name);
        assert!(
            black.len() > 10 && white.len() > 10,
            "{name}: too few stones listed"
        );
        assert_eq!(stones_of(end, Player::Black), black, "{name}: black stones");
        assert_eq!(stones_of(end, Player::White), white, "{name}: white stones");
        // Each game ends with two passes and a result.
        let last: Vec<Move> = record.moves.iter().rev().take(2).map(|m| m.mv).collect();
        assert_eq!(last, [Move::Pass, Move::Pass], "{name}");
        assert!(end.is_over(), "{name}");
        assert!(
            record
                .result
                .as_deref()
                .is_some_and(|r| r.starts_with(['B', 'W']))
        );
    }
}

#[test]
fn gnugo_games_print_and_read_back_the_same_record() {
    for (name, _, record) in games() {
        let printed = record.to_sgf();
        let again = GoRecord::parse(&printed).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(again, record, "{name}");
        assert_eq!(again.to_sgf(), printed, "{name}: printing is not stable");
    }
}

#[test]
fn gnugo_games_keep_their_information() {
    let games = games();
    let find = |name: &str| &games.iter().find(|(n, _, _)| n == name).unwrap().2;

    let nine = find("gnugo-9x9.sgf");
    assert_eq!((nine.size, nine.rules), (9, GoRules::JAPANESE));
    assert_eq!(nine.result.as_deref(), Some("B+5.5"));
    assert_eq!(nine.date.as_deref(), Some("2026-11-22"));
    let ap = nine.properties.iter().find(|p| p.id == "AP").unwrap();
    assert_eq!(ap.values, ["GNU Go:3.8"]);
    let last = nine.moves.last().unwrap();
    assert_eq!(last.comment.as_deref(), Some("Black wins by 5.5 points\n"));

    let thirteen = find("gnugo-13x13.sgf");
    assert_eq!((thirteen.size, thirteen.moves.len()), (13, 90));

    let handicap = find("gnugo-19x19-handicap.sgf");
    assert_eq!(handicap.handicap, 4);
    assert_eq!(handicap.rules.komi, Komi::from_half_points(1));
    let stars: Vec<String> = handicap.setup.iter().map(|(p, _)| p.to_string()).collect();
    assert_eq!(stars, ["D16", "Q16", "D4", "Q4"]);
    assert!(handicap.setup.iter().all(|&(_, p)| p == Player::Black));
    assert_eq!(handicap.moves[0].player, Player::White);
    assert_eq!(handicap.start().unwrap().turn(), Player::White);

    let chinese = find("gnugo-19x19-chinese.sgf");
    assert_eq!(chinese.rules, GoRules::CHINESE);
}
