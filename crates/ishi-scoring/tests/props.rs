//! Property tests of the count on positions reached by random legal play.

use ishi_rules::go::{Go, GoRules, Komi, Point, Scoring, Setup};
use ishi_rules::{ByColor, Game, Move, Player};
use ishi_scoring::{
    DeadStones, GameResult, Ownership, Score, guess_dead_stones, guess_dead_stones_with, score,
};
use proptest::prelude::*;

/// A small xorshift generator: the games are a function of the seed proptest picks.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A game played from the empty board by random legal moves that fill no own eye, for at most
/// `moves` moves (fewer if two passes end it), with the stones each side placed.
fn random_game(size: usize, rules: GoRules, seed: u64, moves: usize) -> (Go, ByColor<u32>) {
    let mut rng = Rng(seed | 1);
    let mut go = Go::new(size, rules).unwrap();
    let mut placed = ByColor::new(0, 0);
    for _ in 0..moves {
        if go.is_over() {
            break;
        }
        let me = go.turn();
        let places: Vec<Point> = go
            .legal_moves()
            .into_iter()
            .filter_map(|mv| mv.point())
            .filter(|&p| !go.is_eye(p, me))
            .collect();
        let mv: Move<Point> = if places.is_empty() {
            Move::Pass
        } else {
            placed[me] += 1;
            Move::Place(places[rng.below(places.len())])
        };
        go = go.play(mv).unwrap();
    }
    (go, placed)
}

/// Whether a chain that `dead` leaves alive has two liberties or fewer, one of them a liberty
/// of a dead opponent chain too.
fn alive_short_of_liberties_beside_dead(go: &Go, dead: &DeadStones) -> bool {
    go.points().any(|p| {
        let Some(color) = go.stone_at(p) else {
            return false;
        };
        let liberties = go.liberties(p);
        !dead.contains(p)
            && liberties.len() <= 2
            && liberties.iter().any(|&l| {
                neighbours(go, l).any(|n| go.stone_at(n) == Some(!color) && dead.contains(n))
            })
    })
}

/// The points next to `p` on the board of `go`.
fn neighbours(go: &Go, p: Point) -> impl Iterator<Item = Point> + '_ {
    let (col, row) = (i16::from(p.col()), i16::from(p.row()));
    [(-1, 0), (1, 0), (0, -1), (0, 1)]
        .into_iter()
        .filter_map(move |(dc, dr)| {
            let c = u8::try_from(col + dc).ok()?;
            let r = u8::try_from(row + dr).ok()?;
            Point::new(c, r).filter(|n| n.is_on(go.size()))
        })
}

/// The same stones and prisoners under other rules.
fn with_rules(go: &Go, rules: GoRules) -> Go {
    Go::from_setup(&Setup {
        rules,
        ..go.setup()
    })
    .unwrap()
}

/// The position with the colours exchanged, prisoners included.
fn swapped(go: &Go) -> Go {
    let setup = go.setup();
    Go::from_setup(&Setup {
        stones: setup.stones.iter().map(|&(p, c)| (p, !c)).collect(),
        turn: !setup.turn,
        captures: setup.captures.swap(),
        ..setup
    })
    .unwrap()
}

fn arb_rules() -> impl Strategy<Value = GoRules> {
    prop::sample::select(GoRules::PRESETS.map(|(_, rules)| rules).to_vec())
}

/// A position after a random number of random moves, under random rules.
fn arb_position() -> impl Strategy<Value = Go> {
    (
        prop::sample::select(vec![5usize, 6, 7, 9]),
        arb_rules(),
        any::<u64>(),
        0usize..160,
    )
        .prop_map(|(size, rules, seed, moves)| random_game(size, rules, seed, moves).0)
}

/// Points anywhere on the largest board: on this board or off it, empty or not.
fn arb_points() -> impl Strategy<Value = Vec<Point>> {
    prop::collection::vec((0u8..19, 0u8..19), 0..12).prop_map(|coords| {
        coords
            .into_iter()
            .filter_map(|(c, r)| Point::new(c, r))
            .collect()
    })
}

fn counts(score: &Score, matches: impl Fn(Ownership) -> bool) -> u32 {
    score.ownership.iter().filter(|&(_, o)| matches(o)).count() as u32
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// With no dead stones and no dame left, area and territory counts differ by the stones
    /// each side played: a stone is on the board (area) or a prisoner of the opponent
    /// (territory), and both count the same empty points.
    #[test]
    fn area_and_territory_margins_differ_by_the_stones_played(
        size in prop::sample::select(vec![5usize, 6, 7]),
        seed in any::<u64>(),
    ) {
        let japanese = GoRules::JAPANESE.with_komi(Komi::from_half_points(0));
        let (go, placed) = random_game(size, japanese, seed, 6 * size * size);
        prop_assume!(go.is_over());
        let territory = score(&go, &DeadStones::new());
        prop_assume!(counts(&territory, |o| o == Ownership::Dame) == 0);
        let area = score(&with_rules(&go, GoRules::CHINESE.with_komi(Komi::from_half_points(0))), &DeadStones::new());
        let played = placed.black as i32 - placed.white as i32;
        prop_assert_eq!(area.margin() - territory.margin(), 2 * played);
    }

    #[test]
    fn toggling_a_chain_twice_changes_nothing(go in arb_position(), marks in arb_points(), tap in arb_points()) {
        let mut dead = DeadStones::from_points(&go, marks);
        for p in tap {
            let before = dead.clone();
            let now_dead = dead.toggle_chain(&go, p);
            if go.stone_at(p).is_some() {
                prop_assert_eq!(now_dead, !before.contains(p));
                prop_assert_eq!(dead.contains(p), now_dead);
                for s in go.chain(p) {
                    prop_assert_eq!(dead.contains(s), now_dead);
                }
            } else {
                prop_assert!(!now_dead);
                prop_assert_eq!(&dead, &before);
            }
            dead.toggle_chain(&go, p);
            prop_assert_eq!(&dead, &before);
        }
    }

    /// Every point has one ownership, agreeing with the stones, the marks and the breakdown.
    #[test]
    fn ownership_covers_every_point_once_and_adds_up(go in arb_position(), marks in arb_points()) {
        let dead = DeadStones::from_points(&go, marks.iter().copied());
        let score = score(&go, &dead);
        let points: Vec<Point> = score.ownership.iter().map(|(p, _)| p).collect();
        prop_assert_eq!(&points, &go.points().collect::<Vec<_>>());
        let removes = go.rules().dead_stone_removal;
        for (p, o) in score.ownership.iter() {
            prop_assert_eq!(score.ownership.get(p), Some(o));
            prop_assert_eq!(o.stone(), go.stone_at(p), "{}", p);
            let marked = go.chain(p).iter().any(|&s| dead.contains(s));
            prop_assert_eq!(matches!(o, Ownership::Dead { .. }), marked && removes, "{}", p);
            if score.scoring == Scoring::Area {
                prop_assert!(!matches!(o, Ownership::SekiEye(_)));
            }
        }
        prop_assert_eq!(score.ownership.get(Point::new(18, 18).unwrap()), None);
        prop_assert_eq!(score.dead_ignored, !removes && marks.iter().any(|&p| go.stone_at(p).is_some()));
        for player in Player::ALL {
            let b = score.breakdown[player];
            prop_assert_eq!(b.stones, counts(&score, |o| o == Ownership::Alive(player) || o == Ownership::Seki(player)));
            prop_assert_eq!(b.territory, counts(&score, |o| o.counts_for(Scoring::Territory) == Some(player)));
            let dead_taken = counts(&score, |o| matches!(o, Ownership::Dead { color, .. } if color != player));
            prop_assert_eq!(b.prisoners, go.captures()[player] + dead_taken);
            let on_board = counts(&score, |o| o.counts_for(score.scoring) == Some(player));
            let points = match score.scoring {
                Scoring::Area => b.stones + b.territory,
                Scoring::Territory => b.territory + b.prisoners,
            };
            prop_assert_eq!(on_board, match score.scoring {
                Scoring::Area => points,
                Scoring::Territory => b.territory,
            });
            prop_assert_eq!(b.komi, player.fold(Komi::default(), go.rules().komi));
            prop_assert_eq!(b.total, 2 * points as i32 + b.komi.half_points());
        }
        let margin = score.margin();
        prop_assert_eq!(margin, score.breakdown.black.total - score.breakdown.white.total);
        prop_assert_eq!(score.result().margin(), Some(margin));
        prop_assert_eq!(score.result().to_string().parse::<GameResult>(), Ok(score.result()));
    }

    /// Area scoring without dead stones is the rules crate's Tromp-Taylor area.
    #[test]
    fn area_without_dead_stones_is_the_tromp_taylor_area(go in arb_position()) {
        let go = with_rules(&go, GoRules::TROMP_TAYLOR);
        let score = score(&go, &DeadStones::new());
        let area = score.breakdown.map(|b| b.stones + b.territory);
        prop_assert_eq!(area, go.area());
    }

    /// Exchanging the colours (komi aside) exchanges the count.
    #[test]
    fn the_count_is_colour_blind(go in arb_position(), marks in arb_points()) {
        let rules = go.rules().with_komi(Komi::from_half_points(0));
        let go = with_rules(&go, rules);
        let dead = DeadStones::from_points(&go, marks);
        let mirror = swapped(&go);
        let (score, mirrored) = (score(&go, &dead), score(&mirror, &dead));
        prop_assert_eq!(mirrored.margin(), -score.margin());
        let swap = |o: Ownership| match o {
            Ownership::Territory(p) => Ownership::Territory(!p),
            Ownership::SekiEye(p) => Ownership::SekiEye(!p),
            Ownership::Alive(p) => Ownership::Alive(!p),
            Ownership::Seki(p) => Ownership::Seki(!p),
            Ownership::Dead { color, counts_for } => Ownership::Dead { color: !color, counts_for: counts_for.map(|p| !p) },
            Ownership::Dame => Ownership::Dame,
        };
        for ((p, o), (q, m)) in score.ownership.iter().zip(mirrored.ownership.iter()) {
            prop_assert_eq!(p, q);
            prop_assert_eq!(swap(o), m, "{}", p);
        }
        prop_assert_eq!(guess_dead_stones(&mirror), guess_dead_stones(&go));
    }

    /// The guess marks whole chains, and no stone in its own territory.
    #[test]
    fn the_guess_marks_whole_chains_in_the_opponents_area(go in arb_position()) {
        let dead = guess_dead_stones(&go);
        for p in &dead {
            prop_assert!(go.stone_at(p).is_some());
            for s in go.chain(p) {
                prop_assert!(dead.contains(s));
            }
        }
        let rules = GoRules::CHINESE;
        let score = score(&with_rules(&go, rules), &dead);
        for (p, o) in score.ownership.iter() {
            if let Ownership::Dead { color, counts_for } = o {
                prop_assert_ne!(counts_for, Some(color), "{}", p);
            }
        }
    }

    /// An ownership estimate that agrees with a count gives back that count's dead stones,
    /// but for the chains in seki on the board as it stands: the guess keeps those alive.
    /// Marks that leave a chain of two liberties or fewer alive next to a dead opponent chain
    /// on one of them are left out: a throw-in may kill it, and the guess then overrules the
    /// marks (`an_ownership_guess_sees_a_throw_in_kill` in `scores.rs`).
    #[test]
    fn a_perfect_ownership_estimate_recovers_the_marks(go in arb_position(), marks in arb_points()) {
        let go = with_rules(&go, GoRules::JAPANESE);
        let dead = DeadStones::from_points(&go, marks);
        prop_assume!(!alive_short_of_liberties_beside_dead(&go, &dead));
        let in_seki = score(&go, &DeadStones::new()).ownership;
        let expected = DeadStones::from_points(
            &go,
            dead.iter().filter(|&p| !matches!(in_seki.get(p), Some(Ownership::Seki(_)))),
        );
        let estimate: Vec<f32> = score(&go, &dead)
            .ownership
            .iter()
            .map(|(_, o)| match o {
                Ownership::Alive(p) | Ownership::Seki(p) => p.fold(1.0, -1.0),
                Ownership::Dead { color, .. } => color.fold(-1.0, 1.0),
                _ => 0.0,
            })
            .collect();
        prop_assert_eq!(guess_dead_stones_with(&go, &estimate).unwrap(), expected);
        prop_assert!(guess_dead_stones_with(&go, &estimate[1..]).is_err());
    }
}
