//! Property tests of the Go rules on every preset and on 5x5, 9x9, 13x13 and 19x19, against a
//! reference written for clarity, not speed: a grid of points, chains found by flood fill, ko
//! and superko by comparing whole boards with the earlier ones.

use std::collections::HashSet;

use ishi_rules::go::{Go, GoRules, KoRule, MAX_SIZE, Move, Point};
use ishi_rules::{ByColor, Game, IllegalReason, Player};
use proptest::prelude::*;

const SIZES: [usize; 4] = [5, 9, 13, 19];
const RULES: [GoRules; 3] = [GoRules::JAPANESE, GoRules::CHINESE, GoRules::TROMP_TAYLOR];

type Grid = Vec<Option<Player>>;

/// The reference: a grid, row by row from the bottom, and every earlier board.
struct Reference {
    size: usize,
    rules: GoRules,
    turn: Player,
    grid: Grid,
    /// The board before the last move, if it was a placement.
    before_last: Option<Grid>,
    /// Every board of the game so far, with the side to move.
    seen: HashSet<(Grid, Player)>,
}

impl Reference {
    fn new(size: usize, rules: GoRules) -> Reference {
        let grid = vec![None; size * size];
        Reference {
            size,
            rules,
            turn: Player::Black,
            seen: HashSet::from([(grid.clone(), Player::Black)]),
            grid,
            before_last: None,
        }
    }

    fn neighbours(&self, i: usize) -> Vec<usize> {
        let (n, col, row) = (self.size, i % self.size, i / self.size);
        let mut out = Vec::new();
        if col > 0 {
            out.push(i - 1);
        }
        if col + 1 < n {
            out.push(i + 1);
        }
        if row > 0 {
            out.push(i - n);
        }
        if row + 1 < n {
            out.push(i + n);
        }
        out
    }

    /// The chain through `i` on `grid` and its liberties, both sorted, by flood fill.
    fn chain(&self, grid: &Grid, i: usize) -> (Vec<usize>, Vec<usize>) {
        let colour = grid[i];
        let mut stones = vec![i];
        let mut liberties = Vec::new();
        let mut k = 0;
        while k < stones.len() {
            for n in self.neighbours(stones[k]) {
                if grid[n].is_none() && !liberties.contains(&n) {
                    liberties.push(n);
                } else if grid[n] == colour && !stones.contains(&n) {
                    stones.push(n);
                }
            }
            k += 1;
        }
        stones.sort_unstable();
        liberties.sort_unstable();
        (stones, liberties)
    }

    /// The board after `player` puts a stone on the empty `i`, with the stones each side
    /// lost, or the reason the move is refused.
    fn place(&self, i: usize) -> Result<(Grid, ByColor<u32>), IllegalReason> {
        let me = self.turn;
        if self.grid[i].is_some() {
            return Err(IllegalReason::Occupied);
        }
        let mut grid = self.grid.clone();
        grid[i] = Some(me);
        let mut lost = ByColor::new(0, 0);
        for n in self.neighbours(i) {
            if grid[n] == Some(!me) {
                let (stones, liberties) = self.chain(&grid, n);
                if liberties.is_empty() {
                    lost[!me] += stones.len() as u32;
                    for s in stones {
                        grid[s] = None;
                    }
                }
            }
        }
        let (own, liberties) = self.chain(&grid, i);
        if liberties.is_empty() {
            if own.len() == 1 || !self.rules.suicide {
                return Err(IllegalReason::Suicide);
            }
            lost[me] += own.len() as u32;
            for s in own {
                grid[s] = None;
            }
        }
        if self.before_last.as_ref() == Some(&grid) {
            return Err(IllegalReason::Ko);
        }
        let repeated = match self.rules.ko {
            KoRule::Simple => false,
            KoRule::PositionalSuperko => Player::ALL
                .iter()
                .any(|&p| self.seen.contains(&(grid.clone(), p))),
            KoRule::SituationalSuperko => self.seen.contains(&(grid.clone(), !me)),
        };
        if repeated {
            return Err(IllegalReason::Superko);
        }
        Ok((grid, lost))
    }

    /// Whether the empty `p` is an eye of `player`: every neighbour on the board is
    /// `player`'s, and the diagonals hold at most one opponent stone, none on the edge.
    fn is_eye(&self, p: Point, player: Player) -> bool {
        let (col, row, n) = (i32::from(p.col()), i32::from(p.row()), self.size as i32);
        let at = |c: i32, r: i32| {
            ((0..n).contains(&c) && (0..n).contains(&r)).then(|| self.grid[(r * n + c) as usize])
        };
        if at(col, row) != Some(None) {
            return false;
        }
        let sides = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        if sides
            .iter()
            .any(|(dc, dr)| at(col + dc, row + dr).is_some_and(|s| s != Some(player)))
        {
            return false;
        }
        let diagonals: Vec<_> = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            .iter()
            .map(|(dc, dr)| at(col + dc, row + dr))
            .collect();
        let opponents = diagonals
            .iter()
            .filter(|&&d| d == Some(Some(!player)))
            .count();
        let edge = diagonals.contains(&None);
        opponents == 0 || (opponents == 1 && !edge)
    }

    fn play(&mut self, mv: Move) {
        let before = self.grid.clone();
        if let Move::Place(p) = mv {
            self.grid = self.place(index(self.size, p)).unwrap().0;
            self.before_last = Some(before);
        } else {
            self.before_last = None;
        }
        self.turn = !self.turn;
        self.seen.insert((self.grid.clone(), self.turn));
    }
}

fn index(size: usize, p: Point) -> usize {
    p.row() as usize * size + p.col() as usize
}

fn point(size: usize, i: usize) -> Point {
    Point::new((i % size) as u8, (i / size) as u8).unwrap()
}

/// Every point of the largest board, to probe points off smaller boards too.
fn all_points() -> impl Iterator<Item = Point> {
    (0..MAX_SIZE as u8)
        .flat_map(|row| (0..MAX_SIZE as u8).filter_map(move |col| Point::new(col, row)))
}

/// A game: a board size, a rule set and the choices among the legal moves, a pass counting
/// as one choice in `passes_in` (so that games go on long enough to be crowded).
fn game_strategy() -> impl Strategy<Value = (usize, GoRules, Vec<usize>)> {
    (0..SIZES.len(), 0..RULES.len()).prop_flat_map(|(s, r)| {
        let size = SIZES[s];
        let moves = if size <= 9 { 160 } else { 110 };
        (
            Just(size),
            Just(RULES[r]),
            prop::collection::vec(any::<usize>(), 0..moves),
        )
    })
}

/// The positions of the game and the move played from each (none from the last).
fn positions(size: usize, rules: GoRules, choices: &[usize]) -> Vec<(Go, Option<Move>)> {
    let mut position = Go::new(size, rules).unwrap();
    let mut out = Vec::new();
    for &choice in choices {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        // A pass one time in forty, otherwise a placement if there is one.
        let mv = if choice % 40 == 0 || moves.len() == 1 {
            Move::Pass
        } else {
            moves[(choice / 40) % (moves.len() - 1)]
        };
        out.push((position.clone(), Some(mv)));
        position.play_unchecked(mv);
    }
    out.push((position, None));
    out
}

/// Checks every point of every position of the game against the reference; returns how
/// often each reason was given.
fn check_legality(
    size: usize,
    rules: GoRules,
    choices: &[usize],
) -> Result<Vec<IllegalReason>, TestCaseError> {
    let mut reasons = Vec::new();
    let mut reference = Reference::new(size, rules);
    for (position, mv) in positions(size, rules, choices) {
        let legal = position.legal_moves();
        prop_assert_eq!(legal.is_empty(), position.is_over());
        for p in all_points() {
            let m = Move::Place(p);
            let expected = if position.is_over() {
                Err(IllegalReason::GameOver)
            } else if !p.is_on(size) {
                Err(IllegalReason::OffBoard)
            } else {
                reference.place(index(size, p)).map(|_| ())
            };
            prop_assert_eq!(position.check(m), expected, "{} on\n{}", m, position);
            prop_assert_eq!(position.is_legal(m), legal.contains(&m), "{}", m);
            if let Err(reason) = expected {
                reasons.push(reason);
            }
            if rules.ko == KoRule::Simple && !position.is_over() {
                prop_assert_eq!(position.is_playable(p), expected.is_ok(), "{}", m);
            }
        }
        prop_assert_eq!(position.is_legal(Move::Pass), !position.is_over());
        prop_assert_eq!(legal.contains(&Move::Pass), !position.is_over());
        let placements: Vec<Point> = legal.iter().filter_map(|m| m.point()).collect();
        let mut sorted = placements.clone();
        sorted.sort_unstable();
        prop_assert_eq!(placements, sorted, "legal moves out of order");
        if let Some(mv) = mv {
            reference.play(mv);
        }
    }
    Ok(reasons)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn legality_matches_the_reference_and_legal_moves((size, rules, choices) in game_strategy()) {
        check_legality(size, rules, &choices)?;
    }

    #[test]
    fn playout_moves_qualify_and_a_pass_means_none_does(
        size in prop::sample::select(SIZES.to_vec()),
        rules in prop::sample::select(RULES.to_vec()),
        seed in any::<u64>(),
    ) {
        let mut go = Go::new(size, rules).unwrap();
        let mut rng = seeded_choices(seed, 4 * size * size).into_iter();
        while !go.is_over() && go.move_number() < (3 * size * size) as u32 {
            let me = go.turn();
            let qualifies = |p: Point| go.is_playable(p) && !go.is_eye(p, me);
            let mv = go.playout_move(|n| rng.next().unwrap_or(0) % n);
            match mv {
                Move::Place(p) => {
                    prop_assert!(qualifies(p), "{} on\n{}", p, go);
                    if rules.ko == KoRule::Simple {
                        prop_assert!(go.is_legal(mv));
                    }
                }
                Move::Pass => prop_assert!(go.empty_points().all(|p| !qualifies(p)), "\n{}", go),
            }
            go.play_fast(mv);
            prop_assert_eq!(go.hash(), go.recomputed_hash());
        }
        for p in go.points().filter(|&p| go.stone_at(p).is_some()) {
            prop_assert!(!go.liberties(p).is_empty(), "{} without liberties\n{}", p, go);
        }
        let empties: HashSet<Point> = go.empty_points().collect();
        let expected: HashSet<Point> = go.points().filter(|&p| go.stone_at(p).is_none()).collect();
        prop_assert_eq!(empties, expected);
    }

    #[test]
    fn diagrams_of_any_text_parse_or_say_why(
        text in prop_oneof!["[XO.+ 0-9A-Tb\n]{0,400}", ".{0,200}"],
    ) {
        match Go::from_diagram(&text, GoRules::CHINESE, Player::White) {
            Ok(go) => {
                let again = Go::from_diagram(&go.to_string(), GoRules::CHINESE, Player::White);
                prop_assert_eq!(again.unwrap().setup(), go.setup());
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn play_follows_the_reference_and_keeps_its_input((size, rules, choices) in game_strategy()) {
        check_play(size, rules, &choices)?;
    }
}

/// Plays the game and checks each move's effects against the reference; returns the number of
/// suicides played.
fn check_play(size: usize, rules: GoRules, choices: &[usize]) -> Result<u32, TestCaseError> {
    let mut suicides = 0;
    let mut reference = Reference::new(size, rules);
    for (position, mv) in positions(size, rules, choices) {
        let Some(mv) = mv else { continue };
        let (setup, hash, ko, moves) = (
            position.setup(),
            position.hash(),
            position.ko_point(),
            position.move_number(),
        );
        let next = position.play(mv).unwrap();
        prop_assert_eq!(&position.setup(), &setup, "play changed its input");
        prop_assert_eq!(
            (position.hash(), position.ko_point(), position.move_number()),
            (hash, ko, moves)
        );

        let me = position.turn();
        let lost = match mv {
            Move::Place(p) => reference.place(index(size, p)).unwrap().1,
            Move::Pass => ByColor::new(0, 0),
        };
        reference.play(mv);
        suicides += u32::from(lost[me] > 0);
        let captured = next.captures();
        prop_assert_eq!(
            captured[me],
            setup.captures[me] + lost[!me],
            "prisoners of {}",
            me
        );
        prop_assert_eq!(
            captured[!me],
            setup.captures[!me] + lost[me],
            "prisoners of {}",
            !me
        );
        let count = |g: &Go| g.setup().stones.len() as u32;
        let placed = u32::from(!mv.is_pass());
        prop_assert_eq!(
            count(&next) + lost.black + lost.white,
            count(&position) + placed
        );

        for p in next.points() {
            prop_assert_eq!(
                next.stone_at(p),
                reference.grid[index(size, p)],
                "{} after {}",
                p,
                mv
            );
        }
        prop_assert_eq!(next.hash(), next.recomputed_hash());
        prop_assert_eq!(next.turn(), !me);
        prop_assert_eq!(next.last_move(), Some(mv));
        for p in next.points().filter(|&p| next.stone_at(p).is_some()) {
            let (stones, liberties) = reference.chain(&reference.grid, index(size, p));
            let as_points =
                |v: Vec<usize>| v.into_iter().map(|i| point(size, i)).collect::<Vec<_>>();
            prop_assert!(
                !liberties.is_empty(),
                "{} has no liberties after {}\n{}",
                p,
                mv,
                next
            );
            prop_assert_eq!(next.chain(p), as_points(stones), "chain of {}", p);
            prop_assert_eq!(
                next.liberties(p),
                as_points(liberties),
                "liberties of {}",
                p
            );
        }
        for p in all_points() {
            for player in Player::ALL {
                let expected = p.is_on(size) && reference.is_eye(p, player);
                prop_assert_eq!(
                    next.is_eye(p, player),
                    expected,
                    "{} eye of {}\n{}",
                    p,
                    player,
                    next
                );
            }
        }
        let redrawn = Go::from_diagram(&next.to_string(), rules, next.turn()).unwrap();
        prop_assert_eq!(redrawn.setup().stones, next.setup().stones);
    }
    Ok(suicides)
}

#[test]
fn the_reference_finds_kos_and_the_engine_agrees() {
    // A ko on 5x5: after Black takes, White may not retake; both say so.
    let moves = ["B5", "C5", "A4", "B4", "B3", "D4", "E1", "C3", "C4"];
    let mut reference = Reference::new(5, GoRules::JAPANESE);
    let mut go = Go::new(5, GoRules::JAPANESE).unwrap();
    for name in moves {
        let mv = if name == "pass" {
            Move::Pass
        } else {
            Move::Place(name.parse().unwrap())
        };
        go = go.play(mv).unwrap();
        reference.play(mv);
    }
    let b4 = "B4".parse().unwrap();
    assert_eq!(go.captures(), ByColor::new(1, 0), "\n{go}");
    assert_eq!(reference.place(index(5, b4)).err(), Some(IllegalReason::Ko));
    assert_eq!(go.check(Move::Place(b4)), Err(IllegalReason::Ko));
}

/// `n` choices from a xorshift stream.
fn seeded_choices(seed: u64, n: usize) -> Vec<usize> {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as usize
        })
        .collect()
}

#[test]
fn seeded_crowded_games_meet_every_reason_and_agree_with_the_reference() {
    let mut seen = HashSet::new();
    for rules in RULES {
        for seed in 0..16 {
            let reasons = check_legality(5, rules, &seeded_choices(seed, 400)).unwrap();
            seen.extend(reasons.into_iter().map(|r| (rules.to_string(), r)));
        }
    }
    use IllegalReason::*;
    for rules in RULES {
        let mut reasons = vec![GameOver, OffBoard, Occupied, Ko, Suicide];
        if rules.ko != KoRule::Simple {
            reasons.push(Superko);
        }
        for reason in [GameOver, OffBoard, Occupied, Ko, Suicide, Superko] {
            let name = rules.to_string();
            assert_eq!(
                seen.contains(&(name, reason)),
                reasons.contains(&reason),
                "{rules}: {reason:?}"
            );
        }
    }
    let suicides: u32 = (0..16)
        .map(|seed| check_play(5, GoRules::TROMP_TAYLOR, &seeded_choices(seed, 400)).unwrap())
        .sum();
    assert!(suicides > 0, "no suicide played under Tromp-Taylor");
}
