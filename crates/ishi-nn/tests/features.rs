//! Input features on small diagrams whose answers can be read off the board: ladders,
//! pass-alive areas, liberties, ko, history and the rules' global values. (The features of
//! KataGo's own reference positions are checked in `reference.rs`.)

use ishi_nn::Features;
use ishi_rules::go::{Go, GoRules, KoRule, Komi, Scoring};
use ishi_rules::{Game, Move, Player};

/// Plane `n` as rows of `#` (1) and `.` (0), the top row first, like the diagrams.
fn plane(features: &Features, n: usize) -> Vec<String> {
    let size = features.size();
    features
        .plane(n)
        .chunks(size)
        .map(|row| {
            row.iter()
                .map(|&v| if v == 1.0 { '#' } else { '.' })
                .collect()
        })
        .collect()
}

fn diagram(text: &str, rules: GoRules, turn: Player) -> Go {
    Go::from_diagram(text, rules, turn).expect("a valid diagram")
}

#[test]
fn a_ladder_is_read_and_a_ladder_breaker_stops_it() {
    // White's C6 is in atari; Black chases it towards the lower right.
    let chased = "
        . . . . . . .
        . X X . . . .
        X O . . . . .
        . X . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
    ";
    let go = diagram(chased, GoRules::CHINESE, Player::White);
    let f = Features::of_position(&go);
    assert_eq!(plane(&f, 3)[2], ".#.....", "one liberty: B5");
    assert_eq!(plane(&f, 14)[2], ".#.....", "B5 is laddered");
    // With no history the earlier boards are this one.
    assert_eq!(plane(&f, 15), plane(&f, 14));
    assert_eq!(plane(&f, 16), plane(&f, 14));

    let broken = "
        . . . . . . .
        . X X . . . .
        X O . . . . .
        . X . . . . .
        . . . . . . .
        . . . . . O .
        . . . . . . .
    ";
    let f = Features::of_position(&diagram(broken, GoRules::CHINESE, Player::White));
    assert!(
        plane(&f, 14).iter().all(|r| !r.contains('#')),
        "{:?}",
        plane(&f, 14)
    );
}

#[test]
fn an_atari_that_starts_a_ladder_is_a_working_move() {
    // White's B5 has two liberties, C5 and B4; Black to move ataris at C5 and ladders it.
    let text = "
        . . . . . . .
        . X . . . . .
        X O . . . . .
        . . X . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
    ";
    let f = Features::of_position(&diagram(text, GoRules::CHINESE, Player::Black));
    assert_eq!(plane(&f, 4)[2], "##.....", "two liberties: A5 and B5");
    assert_eq!(plane(&f, 14)[2], ".#.....");
    // Both ataris work: from B4 White runs along the top edge and dies there.
    let working = plane(&f, 17);
    assert_eq!(&working[2..4], ["..#....", ".#....."], "{working:?}");
    assert_eq!(working.iter().filter(|r| r.contains('#')).count(), 2);
    // The same chain seen by White (its own stones) marks no working move.
    let f = Features::of_position(&diagram(text, GoRules::CHINESE, Player::White));
    assert!(plane(&f, 17).iter().all(|r| !r.contains('#')));
}

#[test]
fn a_two_eyed_group_owns_its_corner_and_the_dead_stone_in_it() {
    let text = "
        . X . . X O .
        X X O . X O .
        X X X X X O .
        O O O O O O .
        . . . . . . .
        . . . . . . .
        . . . . . . .
    ";
    let go = diagram(text, GoRules::CHINESE, Player::Black);
    let f = Features::of_position(&go);
    // Black's group has two eyes (A7, and C7-D7-D6 around White's dead C6).
    let own = plane(&f, 18);
    assert_eq!(&own[..3], ["#####..", "#####..", "#####.."], "{own:?}");
    assert!(own[3..].iter().all(|r| r == "......."), "{own:?}");
    // White's stones, and the empty region only White touches.
    let theirs = plane(&f, 19);
    assert_eq!(
        &theirs[..3],
        [".....##", ".....##", ".....##"],
        "{theirs:?}"
    );
    assert!(theirs[3..].iter().all(|r| r == "#######"), "{theirs:?}");
    // Territory scoring shows no area until the encore, which Ishi has not.
    let f = Features::of_position(&diagram(text, GoRules::JAPANESE, Player::Black));
    assert!(
        plane(&f, 18)
            .iter()
            .chain(&plane(&f, 19))
            .all(|r| !r.contains('#'))
    );
}

#[test]
fn the_last_moves_and_passes_are_shown_from_the_player_to_move() {
    let mut game = vec![Go::new(9, GoRules::TROMP_TAYLOR).expect("9x9")];
    for mv in ["E5", "C3", "pass", "G7", "D4", "pass"] {
        let mv = if mv == "pass" {
            Move::Pass
        } else {
            Move::Place(mv.parse().expect("a point"))
        };
        let next = game[game.len() - 1].play(mv).expect("legal");
        game.push(next);
    }
    let f = Features::new(&game).expect("a game");
    assert_eq!(f.turn(), Player::Black);
    // 1 ago: White's pass; 2: D4; 3: G7; 4: Black's pass; 5: C3.
    assert_eq!(&f.global()[..5], [1.0, 0.0, 0.0, 1.0, 0.0]);
    let at = |plane: usize, point: &str| {
        let p: ishi_rules::go::Point = point.parse().expect("a point");
        f.plane(plane)[(8 - usize::from(p.row())) * 9 + usize::from(p.col())]
    };
    assert_eq!((at(10, "D4"), at(11, "G7"), at(13, "C3")), (1.0, 1.0, 1.0));
    assert_eq!(f.plane(9).iter().sum::<f32>(), 0.0);
    assert_eq!(at(1, "E5") + at(1, "D4") + at(2, "C3") + at(2, "G7"), 4.0);
    // A pass ends the game now: Tromp-Taylor shows it.
    assert_eq!(f.global()[14], 1.0);
    // Only the current position: no history at all.
    let alone = Features::of_position(&game[game.len() - 1]);
    assert_eq!(alone.global()[..5], [0.0; 5]);
    assert_eq!(
        (9..14)
            .map(|n| alone.plane(n).iter().sum::<f32>())
            .sum::<f32>(),
        0.0
    );

    // Chinese rules with dead stones removed by agreement: after the opponent's pass the
    // network sees no history and no game end, as KataGo's friendly passing shows it.
    let chinese: Vec<Go> = replay(&game, GoRules::CHINESE);
    let f = Features::new(&chinese).expect("a game");
    assert_eq!(f.global()[..5], [0.0; 5]);
    assert_eq!(f.global()[14], 0.0);
    assert_eq!(
        (9..14).map(|n| f.plane(n).iter().sum::<f32>()).sum::<f32>(),
        0.0
    );
}

/// The game's moves played again under `rules`.
fn replay(game: &[Go], rules: GoRules) -> Vec<Go> {
    let mut out = vec![Go::new(game[0].size(), rules).expect("a size")];
    for go in &game[1..] {
        let next = out[out.len() - 1]
            .play(go.last_move().expect("a move"))
            .expect("legal");
        out.push(next);
    }
    out
}

#[test]
fn the_rules_and_komi_are_global_values() {
    let komi = |half: i32| Komi::from_half_points(half);
    // Japanese: territory, seki tax, komi chilled by one point per stone placed.
    let go = Go::new(9, GoRules::JAPANESE.with_komi(komi(13)))
        .expect("9x9")
        .play(Move::Place("E5".parse().expect("a point")))
        .expect("legal");
    let g = *Features::of_position(&go).global();
    assert_eq!(g[5], 7.5 / 20.0);
    assert_eq!(&g[6..12], [0.0, 0.0, 0.0, 1.0, 1.0, 0.0]);
    assert_eq!(g[18], 0.0);
    // Tromp-Taylor: positional superko, suicide; the parity wave under area scoring.
    let g = *Features::of_position(
        &Go::new(9, GoRules::TROMP_TAYLOR.with_komi(komi(15))).expect("9x9"),
    )
    .global();
    assert_eq!(g[5], -7.5 / 20.0);
    assert_eq!(&g[6..10], [1.0, 0.5, 1.0, 0.0]);
    assert_eq!(g[18], -0.5);
    let situational = GoRules {
        ko: KoRule::SituationalSuperko,
        ..GoRules::CHINESE.with_komi(komi(14))
    };
    let white = Go::new(9, situational)
        .expect("9x9")
        .play(Move::Pass)
        .expect("legal");
    let g = *Features::of_position(&white).global();
    assert_eq!((g[5], g[6], g[7], g[18]), (7.0 / 20.0, 1.0, -0.5, 0.0));
    // An even board, komi 7.5 for White: the draw-making komis are even, 7.5 is past 7.
    let even = GoRules {
        scoring: Scoring::Area,
        ..GoRules::CHINESE.with_komi(komi(15))
    };
    let white = Go::new(10, even)
        .expect("10x10")
        .play(Move::Pass)
        .expect("legal");
    assert_eq!(Features::of_position(&white).global()[18], -0.5);
}

#[test]
fn the_simple_ko_point_is_banned() {
    let text = "
        . . . . . . .
        . . X O . . .
        . X O . O . .
        . . X O . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
    ";
    let go = diagram(text, GoRules::JAPANESE, Player::Black)
        .play(Move::Place("D5".parse().expect("a point")))
        .expect("Black takes the ko");
    assert_eq!(go.ko_point(), Some("C5".parse().expect("a point")));
    let f = Features::of_position(&go);
    assert_eq!(plane(&f, 6)[2], "..#....");
    assert_eq!(plane(&f, 6).iter().filter(|r| r.contains('#')).count(), 1);
}
