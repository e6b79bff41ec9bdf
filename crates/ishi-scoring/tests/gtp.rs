//! The answers of GTP's `final_score` and `final_status_list`, dead stones guessed.

use ishi_rules::Player;
use ishi_rules::go::{Go, GoRules, Komi, Point};
use ishi_scoring::{StoneStatus, final_score, final_status_list};

/// One eye each and a shared liberty on top, dame in column F, both sides' territory below.
const SEKI: &str = "
    O X . X . O . O X
    O X X X X O O O X
    O O O O O X X X X
    . . . . O . X . .
    . . . . O . X . .
    . . . . O . X . .
    . . . . O . X . .
    . . . . O . X . .
    . . . . O . X . .
";

/// A White group with a false eye inside Black's area.
const FALSE_EYE: &str = "
    . . . . . . . . .
    . . . . . . . . .
    O O O O O O O O O
    X X X X X X X X X
    . . . . . . . . .
    . . . . . . . . .
    X X X X X X X . .
    X O O O O X . . .
    X O . O . O X . .
";

fn names(points: &[Point]) -> String {
    points
        .iter()
        .map(|p| format!("{p} "))
        .collect::<String>()
        .trim_end()
        .to_owned()
}

fn go(diagram: &str, rules: GoRules) -> Go {
    Go::from_diagram(diagram, rules, Player::Black).unwrap()
}

#[test]
fn seki_stones_are_listed_as_seki() {
    let go = go(SEKI, GoRules::JAPANESE);
    assert_eq!(
        names(&final_status_list(&go, StoneStatus::Seki)),
        "B8 C8 D8 E8 F8 G8 H8 B9 D9 F9 H9"
    );
    assert_eq!(final_status_list(&go, StoneStatus::Dead), []);
    assert_eq!(final_status_list(&go, StoneStatus::Alive).len(), 36 - 11);
    assert_eq!(final_score(&go).to_gtp(), "W+18.5"); // 24 + 6.5 against 12
}

#[test]
fn the_guessed_dead_group_is_listed_and_counted() {
    let go = go(FALSE_EYE, GoRules::JAPANESE);
    assert_eq!(
        names(&final_status_list(&go, "dead".parse().unwrap())),
        "B1 D1 F1 B2 C2 D2 E2"
    );
    assert_eq!(final_status_list(&go, StoneStatus::Seki), []);
    assert_eq!(final_score(&go).to_gtp(), "B+16.5");
}

#[test]
fn tromp_taylor_lists_no_dead_stone() {
    let go = go(FALSE_EYE, GoRules::TROMP_TAYLOR);
    assert_eq!(final_status_list(&go, StoneStatus::Dead), []);
    assert_eq!(final_status_list(&go, StoneStatus::Alive).len(), 36);
    assert_eq!(final_score(&go).to_gtp(), "B+1.5");
}

#[test]
fn a_draw_is_zero() {
    let go = go(
        FALSE_EYE,
        GoRules::JAPANESE.with_komi(Komi::from_half_points(46)),
    );
    assert_eq!(final_score(&go).to_gtp(), "0");
    assert_eq!(final_score(&go).to_string(), "Draw");
}

#[test]
fn statuses_read_as_gtp_names_them() {
    for status in [StoneStatus::Alive, StoneStatus::Dead, StoneStatus::Seki] {
        assert_eq!(status.to_string().parse(), Ok(status));
        assert_eq!(status.to_string().to_uppercase().parse(), Ok(status));
    }
    let error = "dying".parse::<StoneStatus>().unwrap_err();
    assert_eq!(
        error.to_string(),
        "\"dying\" is not a stone status: expected alive, dead or seki"
    );
}
