//! What Monte Carlo playouts and local reading ask of a position, fast: the eye rule and the
//! legality test of random moves, the uniformly random playout move, and the queries of
//! chains, liberties and 3x3 shapes that `ishi-ai`'s playout policy, ladder reading and
//! priors make at every move. The rules ([`Game`](crate::Game) for [`Go`], in `mod.rs`) use
//! none of them; they are methods of [`Go`] all the same, so callers hold one type.
//!
//! **Why here and not in `ishi-ai`.** Each of them is fast because it reads the board's
//! private structures: the padded array (neighbours are fixed steps, the border a colour of
//! its own, so no bounds test), the empty-point list, the chains' circular lists and their
//! pseudo-liberty counters (whether a chain is in atari, and where, in constant time). Helper
//! by helper:
//!
//! - [`is_eye`](Go::is_eye), [`is_playable`](Go::is_playable),
//!   [`playout_move`](Go::playout_move), [`empty_point`](Go::empty_point): the eye and
//!   suicide tests on the padded array and the empty-point list. Written over the public
//!   point API, uniformly random playouts executed 12 % more instructions for the same games.
//! - [`atari_liberty`](Go::atari_liberty), [`chain_stones`](Go::chain_stones),
//!   [`liberties_after`](Go::liberties_after), [`neighbourhood`](Go::neighbourhood): the
//!   chains' counters and lists and the cells themselves; no public API gives them without
//!   handing out the arrays.
//! - [`two_liberties`](Go::two_liberties), [`neighbour_in_atari`](Go::neighbour_in_atari),
//!   [`ataris_around`](Go::ataris_around), [`empties_around`](Go::empties_around): walks and
//!   reads that `ishi-ai` could write over the four above, and did until 2026-11-28 (see
//!   `docs/strength.md`). Written there again over that API, and with the same moves, the
//!   engine's playouts and searches executed 2.4 % more instructions for the chain walks
//!   alone and 5.2 % for all four (counted on 2026-11-29 on the same seeded playouts and
//!   searches on 9x9 and 19x19), so they stay.
//!
//! [`Go::play_fast`] stays in `mod.rs`: it is the move itself, which `play_unchecked`
//! records in the history, and the rules need it.

use crate::Player;

use super::board::{self, cell_of, index, player_of};
use super::{Go, MAX_SIZE, Move, Point};

/// Primitives for random playouts: the empty points as a list, the eye rule, a legality test
/// and a move that skip what a playout does not need; then the queries of local reading.
///
/// A playout picks random empty points, keeps those that are [playable](Go::is_playable) and
/// not the mover's own [eye](Go::is_eye), and plays them with [`play_fast`](Go::play_fast)
/// until two passes. [`playout_move`](Go::playout_move) makes that choice uniformly and
/// fast; by hand it reads:
///
/// ```
/// use ishi_rules::{Game, Move};
/// use ishi_rules::go::{Go, GoRules};
///
/// let mut go = Go::new(9, GoRules::CHINESE)?;
/// let mut seed = 7u64;
/// while !go.is_over() {
///     let me = go.turn();
///     let n = go.empty_count();
///     let start = { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; seed as usize % n.max(1) };
///     let mv = (0..n)
///         .map(|k| go.empty_point((start + k) % n))
///         .find(|&p| !go.is_eye(p, me) && go.is_playable(p))
///         .map_or(Move::Pass, Move::Place);
///     go.play_fast(mv);
/// }
/// assert!(go.outcome().is_some());
/// # Ok::<(), ishi_rules::go::SetupError>(())
/// ```
impl Go {
    /// The `n`th empty point of a list kept move by move. The order is unspecified and changes
    /// as stones come and go.
    ///
    /// # Panics
    ///
    /// When `n` is not below [`empty_count`](Go::empty_count).
    #[inline]
    pub fn empty_point(&self, n: usize) -> Point {
        assert!(
            n < self.empty_count(),
            "empty point {n} asked of {} empty points",
            self.empty_count()
        );
        board::point(self.board.empty_at(n))
    }

    /// Whether `p` is an eye of `player`: an empty point whose neighbours are all `player`'s
    /// stones and whose diagonals hold at most one opponent stone (none on the edge). Random
    /// players do not fill their own eyes.
    pub fn is_eye(&self, p: Point, player: Player) -> bool {
        p.is_on(self.size()) && self.board.is_eye(index(p), cell_of(player))
    }

    /// Whether the player to move may put a stone on `p`, by every rule but superko: `p` is
    /// an empty point of the board, not the simple-ko point, and not a suicide the rules
    /// forbid. Whether the game is over is not looked at either.
    ///
    /// This agrees with [`is_legal`](crate::Game::is_legal) under [`KoRule::Simple`](super::KoRule::Simple) while the game
    /// goes on; under superko it may allow a move that repeats a position.
    #[inline]
    pub fn is_playable(&self, p: Point) -> bool {
        p.is_on(self.size())
            && self.ko != Some(p)
            && self
                .board
                .check(index(p), cell_of(self.turn), self.rules.suicide)
                .is_ok()
    }

    /// A uniformly random move of a playout: one of the [playable](Go::is_playable) points
    /// that are not the mover's own [eye](Go::is_eye), or a pass when there is none.
    ///
    /// `below(n)` supplies the randomness: a number in `0..n`, uniform for a uniform choice
    /// (larger numbers are taken as `n - 1`). A few random empty points are tried first, each
    /// kept if it qualifies; if none does, the qualifying points are counted and one of them
    /// picked. Either way every qualifying point is equally likely, and nothing is allocated.
    #[inline]
    pub fn playout_move(&self, mut below: impl FnMut(usize) -> usize) -> Move {
        /// Random tries before the qualifying points are listed.
        const TRIES: usize = 8;
        let (cell, suicide) = (cell_of(self.turn), self.rules.suicide);
        let ko = self.ko.map_or(0, index);
        let board = &self.board;
        let n = board.empty_count();
        for _ in 0..TRIES.min(n) {
            let i = board.empty_at(below(n).min(n - 1));
            if board.playout_candidate(i, cell, suicide, ko) {
                return Move::Place(board::point(i));
            }
        }
        let mut qualifying = [0u16; MAX_SIZE * MAX_SIZE];
        let mut count = 0;
        for k in 0..n {
            let i = board.empty_at(k);
            qualifying[count] = i as u16;
            count += usize::from(board.playout_candidate(i, cell, suicide, ko));
        }
        if count == 0 {
            return Move::Pass;
        }
        Move::Place(board::point(
            qualifying[below(count).min(count - 1)] as usize,
        ))
    }

    /// The only liberty of the chain through `p` when it has exactly one (the chain is in
    /// atari); `None` when it has more, or when `p` holds no stone. Constant time: the
    /// pseudo-liberty counts tell.
    ///
    /// ```
    /// use ishi_rules::Player;
    /// use ishi_rules::go::{Go, GoRules};
    ///
    /// let go = Go::from_diagram(
    ///     "
    ///     . . . . .
    ///     . . X . .
    ///     . X O X .
    ///     . . . . .
    ///     . . . . .
    ///     ",
    ///     GoRules::JAPANESE,
    ///     Player::Black,
    /// )?;
    /// assert_eq!(go.atari_liberty("C3".parse()?), Some("C2".parse()?));
    /// assert_eq!(go.atari_liberty("C4".parse()?), None);
    /// assert_eq!(go.atari_liberty("A1".parse()?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn atari_liberty(&self, p: Point) -> Option<Point> {
        self.stone_at(p)?;
        self.board.atari_liberty(index(p)).map(board::point)
    }

    /// The stones of the chain through `p`, in no particular order, without allocating
    /// (see [`chain`](Go::chain) for a sorted list); nothing when `p` holds no stone.
    pub fn chain_stones(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        let start = self.stone_at(p).map(|_| index(p));
        start
            .into_iter()
            .flat_map(|i| self.board.chain_stones(i))
            .map(board::point)
    }

    /// The two liberties of the chain through `p` when it has exactly two; `None` when it
    /// has another number, or when `p` holds no stone. Walks the chain's stones and stops at
    /// a third liberty, so it costs little on the short chains of a fight.
    ///
    /// ```
    /// use ishi_rules::Player;
    /// use ishi_rules::go::{Go, GoRules};
    ///
    /// let go = Go::from_diagram(
    ///     "
    ///     . . . . .
    ///     . . . . .
    ///     . . X . .
    ///     . X O . .
    ///     . . . . .
    ///     ",
    ///     GoRules::JAPANESE,
    ///     Player::Black,
    /// )?;
    /// let liberties = go.two_liberties("C2".parse()?).expect("C2 has two liberties");
    /// assert!(liberties.contains(&"C1".parse()?) && liberties.contains(&"D2".parse()?));
    /// assert_eq!(go.two_liberties("B2".parse()?), None); // three: A2, B1 and B3
    /// assert_eq!(go.two_liberties("D4".parse()?), None); // no stone
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn two_liberties(&self, p: Point) -> Option<[Point; 2]> {
        self.stone_at(p)?;
        self.board
            .two_liberties(index(p))
            .map(|pair| pair.map(board::point))
    }

    /// Where the owner of the chain through `p` captures an opponent chain in atari next to
    /// it, gaining liberties: that chain's only liberty (the first such chain a walk of the
    /// stones meets). `None` when no adjacent opponent chain is in atari, or when `p` holds
    /// no stone. Ladder reading asks this before it lets a runner run.
    ///
    /// ```
    /// use ishi_rules::Player;
    /// use ishi_rules::go::{Go, GoRules};
    ///
    /// let go = Go::from_diagram(
    ///     "
    ///     . . . . .
    ///     . . . . .
    ///     . . . . .
    ///     X O . . .
    ///     . X O . .
    ///     ",
    ///     GoRules::JAPANESE,
    ///     Player::White,
    /// )?;
    /// // Black's B1, next to White's C1, is in atari at A1.
    /// assert_eq!(go.neighbour_in_atari("C1".parse()?), Some("A1".parse()?));
    /// // White's B2 has two liberties, so nothing next to Black's A2 is in atari.
    /// assert_eq!(go.neighbour_in_atari("A2".parse()?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn neighbour_in_atari(&self, p: Point) -> Option<Point> {
        self.stone_at(p)?;
        self.board.neighbour_in_atari(index(p)).map(board::point)
    }

    /// How many liberties the chain of a stone of the player to move on `p` would have,
    /// once the opponent chains it takes the last liberty of are captured: the exact count,
    /// or `limit` when there are at least that many (`limit` is taken as 8 at most, and a
    /// small limit is what keeps this fast). 0 when `p` is not an empty point of the board or
    /// the stone would be left without liberties. Ko and superko are not looked at.
    ///
    /// A playout policy asks this to avoid self-atari (`liberties_after(p, 2) < 2`) and to
    /// tell whether extending a chain in atari saves it.
    ///
    /// ```
    /// use ishi_rules::Player;
    /// use ishi_rules::go::{Go, GoRules};
    ///
    /// let go = Go::from_diagram(
    ///     "
    ///     . . . . .
    ///     . . . . .
    ///     O X . . .
    ///     X O . . .
    ///     . X . . .
    ///     ",
    ///     GoRules::JAPANESE,
    ///     Player::White,
    /// )?;
    /// // White A1 captures A2 and has one liberty, where A2 was.
    /// assert_eq!(go.liberties_after("A1".parse()?, 4), 1);
    /// // B2 is in atari; extending to C2 gives it three liberties.
    /// assert_eq!(go.liberties_after("C2".parse()?, 4), 3);
    /// assert_eq!(go.liberties_after("C2".parse()?, 2), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn liberties_after(&self, p: Point, limit: usize) -> usize {
        if !p.is_on(self.size()) {
            return 0;
        }
        self.board
            .liberties_after(index(p), cell_of(self.turn), limit)
    }

    /// The 3x3 neighbourhood of `p`, for pattern matching: two bits for each of the eight
    /// points around it, `0` empty, `1` Black, `2` White, `3` off the board. The points come
    /// in reading order, lowest bits first: the row above `p` from left to right, the left
    /// and right neighbours, then the row below from left to right. `p` itself is not in the
    /// code; a point off the board gives 0xffff.
    ///
    /// ```
    /// use ishi_rules::Player;
    /// use ishi_rules::go::{Go, GoRules};
    ///
    /// let go = Go::from_diagram(
    ///     "
    ///     . . . . .
    ///     . . . . .
    ///     . . . . .
    ///     X . . . .
    ///     . O . . .
    ///     ",
    ///     GoRules::JAPANESE,
    ///     Player::Black,
    /// )?;
    /// // Above A1: border, X, empty; left: border, right: O; below: border x 3.
    /// let code = go.neighbourhood("A1".parse()?);
    /// assert_eq!(code, 3 | 1 << 2 | 0 << 4 | 3 << 6 | 2 << 8 | 3 << 10 | 3 << 12 | 3 << 14);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn neighbourhood(&self, p: Point) -> u16 {
        if !p.is_on(self.size()) {
            return u16::MAX;
        }
        self.board.neighbourhood(index(p))
    }

    /// The stones in atari on `p` and on the eight points around it, with their colour and
    /// their chain's only liberty: `p` first, then the others in the order of
    /// [`neighbourhood`](Go::neighbourhood). A chain comes once for each of its stones
    /// there. Nothing when `p` is off the board. What a playout looks at after a move: the
    /// captures and escapes it made urgent.
    ///
    /// ```
    /// use ishi_rules::Player;
    /// use ishi_rules::go::{Go, GoRules};
    ///
    /// let go = Go::from_diagram(
    ///     "
    ///     . . . . .
    ///     . . X . .
    ///     . X O X .
    ///     . . . . .
    ///     . . . . .
    ///     ",
    ///     GoRules::JAPANESE,
    ///     Player::Black,
    /// )?;
    /// let ataris: Vec<_> = go.ataris_around("D4".parse()?).collect();
    /// assert_eq!(ataris, [("C3".parse()?, Player::White, "C2".parse()?)]);
    /// assert_eq!(go.ataris_around("A5".parse()?).count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn ataris_around(&self, p: Point) -> impl Iterator<Item = (Point, Player, Point)> + '_ {
        p.is_on(self.size())
            .then(|| self.board.ataris_around(index(p)))
            .into_iter()
            .flatten()
            .filter_map(|(stone, cell, liberty)| {
                Some((board::point(stone), player_of(cell)?, board::point(liberty)))
            })
    }

    /// The empty points among the eight around `p`, in the order of
    /// [`neighbourhood`](Go::neighbourhood), each with its own neighbourhood code: the 3x3
    /// shapes of the replies to a move at `p`, read in one pass. Nothing when `p` is off the
    /// board.
    ///
    /// ```
    /// use ishi_rules::Player;
    /// use ishi_rules::go::{Go, GoRules};
    ///
    /// let go = Go::from_diagram(
    ///     "
    ///     . . . . .
    ///     . . . . .
    ///     . . . . .
    ///     X . . . .
    ///     . O . . .
    ///     ",
    ///     GoRules::JAPANESE,
    ///     Player::Black,
    /// )?;
    /// let around: Vec<_> = go.empties_around("A1".parse()?).collect();
    /// let b2 = "B2".parse()?;
    /// assert_eq!(around, [(b2, go.neighbourhood(b2))]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn empties_around(&self, p: Point) -> impl Iterator<Item = (Point, u16)> + '_ {
        p.is_on(self.size())
            .then(|| self.board.empties_around(index(p)))
            .into_iter()
            .flatten()
            .map(|(q, code)| (board::point(q), code))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;
    use crate::go::GoRules;
    use crate::go::board::Board;

    fn pt(name: &str) -> Point {
        name.parse().unwrap()
    }

    #[test]
    fn eyes_at_the_corners_of_the_largest_board() {
        // The eye test looks at the diagonals: at T19 one of them is the last padded cell.
        let mut setup = Go::new(19, GoRules::JAPANESE).unwrap().setup();
        for name in ["S19", "T18", "A2", "B1", "S18"] {
            setup.stones.push((pt(name), Player::Black));
        }
        let go = Go::from_setup(&setup).unwrap();
        assert!(go.is_eye(pt("T19"), Player::Black));
        assert!(go.is_eye(pt("A1"), Player::Black));
        assert!(!go.is_eye(pt("T19"), Player::White));
        assert!(!go.is_eye(pt("K10"), Player::Black));
        let moved = go.play(Move::Pass).unwrap();
        let moved = moved.play(Move::Place(pt("S17"))).unwrap();
        assert!(
            moved.is_eye(pt("T19"), Player::Black),
            "S17 is no diagonal of T19"
        );
    }

    #[test]
    fn a_corner_eye_with_an_enemy_diagonal_is_false() {
        let go = Go::from_diagram(
            "
            . X . . .
            X O . . .
            . . . . .
            . . . . .
            . . . . .
            ",
            GoRules::JAPANESE,
            Player::Black,
        )
        .unwrap();
        assert!(!go.is_eye(pt("A5"), Player::Black));
    }

    #[test]
    fn playouts_end_with_two_passes_and_keep_their_input() {
        for rules in [GoRules::JAPANESE, GoRules::CHINESE, GoRules::TROMP_TAYLOR] {
            let start = Go::new(9, rules).unwrap();
            let mut go = start.clone();
            let mut x = 0x1234_5678_u64;
            let mut below = |n: usize| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x as usize % n
            };
            while !go.is_over() {
                let mv = go.playout_move(&mut below);
                if let Some(p) = mv.point() {
                    assert!(go.is_playable(p) && !go.is_eye(p, go.turn()), "{p}\n{go}");
                }
                go.play_fast(mv);
            }
            assert!(go.move_number() > 60);
            assert_eq!(go.hash(), go.recomputed_hash());
            assert_eq!(start.empty_count(), 81);
            assert!(go.outcome().is_some());
        }
    }

    /// Positions along random playouts on 5x5 to 19x19, under each preset, with a pass now and
    /// then so that both colours move in every kind of position.
    fn playout_positions() -> Vec<Go> {
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        let mut below = move |n: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as usize % n
        };
        let mut positions = Vec::new();
        for (size, rules) in [
            (5, GoRules::JAPANESE),
            (9, GoRules::CHINESE),
            (13, GoRules::TROMP_TAYLOR),
            (19, GoRules::JAPANESE),
        ] {
            for _ in 0..3 {
                let mut go = Go::new(size, rules).unwrap();
                while !go.is_over() {
                    positions.push(go.clone());
                    let mv = if below(17) == 0 {
                        Move::Pass
                    } else {
                        go.playout_move(&mut below)
                    };
                    go.play_fast(mv);
                }
            }
        }
        positions
    }

    #[test]
    fn liberties_after_agrees_with_playing_the_move() {
        let mut checked = 0;
        for go in playout_positions().iter().step_by(3) {
            for p in go.points() {
                let placed = if go.stone_at(p).is_none() && go.ko_point() != Some(p) {
                    go.board
                        .check(index(p), cell_of(go.turn), go.rules.suicide)
                        .ok()
                        .map(|()| {
                            let mut next = go.clone();
                            next.play_fast(Move::Place(p));
                            next.liberties(p).len()
                        })
                } else {
                    None
                };
                // Without ko, a refused suicide and a legal move the stone does not survive read 0.
                let exact = placed.unwrap_or(0);
                if go.ko_point() == Some(p) {
                    continue;
                }
                for limit in [1, 2, 3, 8] {
                    assert_eq!(
                        go.liberties_after(p, limit),
                        exact.min(limit),
                        "{p}, limit {limit}\n{go}"
                    );
                }
                checked += 1;
            }
        }
        assert!(checked > 10_000, "only {checked} points checked");
    }

    #[test]
    fn atari_liberty_and_chain_stones_agree_with_the_sorted_lists() {
        let mut ataris = 0;
        for go in playout_positions().iter().step_by(5) {
            for p in go.points() {
                let liberties = go.liberties(p);
                let expected = (liberties.len() == 1).then(|| liberties[0]);
                assert_eq!(go.atari_liberty(p), expected, "{p}\n{go}");
                ataris += usize::from(expected.is_some());
                let mut stones: Vec<Point> = go.chain_stones(p).collect();
                stones.sort_unstable();
                assert_eq!(stones, go.chain(p), "{p}\n{go}");
            }
        }
        assert!(ataris > 100, "only {ataris} stones in atari seen");
    }

    #[test]
    fn two_liberties_and_neighbours_in_atari_agree_with_the_sorted_lists() {
        let (mut pairs, mut next_to_atari) = (0, 0);
        for go in playout_positions().iter().step_by(5) {
            for p in go.points() {
                let liberties = go.liberties(p);
                let found = go.two_liberties(p).map(|mut pair| {
                    pair.sort_unstable();
                    pair.to_vec()
                });
                assert_eq!(
                    found,
                    (liberties.len() == 2).then_some(liberties),
                    "{p}\n{go}"
                );
                pairs += usize::from(found.is_some());
                let Some(owner) = go.stone_at(p) else {
                    assert_eq!(go.neighbour_in_atari(p), None, "{p}\n{go}");
                    continue;
                };
                let in_atari: Vec<Point> = go
                    .chain(p)
                    .into_iter()
                    .flat_map(|s| Board::neighbours(index(s)))
                    .filter(|&n| go.board.cell(n) == cell_of(!owner))
                    .filter_map(|n| go.atari_liberty(board::point(n)))
                    .collect();
                match go.neighbour_in_atari(p) {
                    Some(l) => assert!(in_atari.contains(&l), "{p}: {l}\n{go}"),
                    None => assert!(in_atari.is_empty(), "{p}: {in_atari:?}\n{go}"),
                }
                next_to_atari += usize::from(!in_atari.is_empty());
            }
        }
        assert!(pairs > 100, "only {pairs} stones with two liberties seen");
        assert!(
            next_to_atari > 100,
            "only {next_to_atari} stones next to an atari seen"
        );
    }

    /// The eight points around a point as (column, row) steps, in the order of the
    /// neighbourhood code: the row above from left to right, left, right, the row below.
    const AROUND_STEPS: [(i32, i32); 8] = [
        (-1, 1),
        (0, 1),
        (1, 1),
        (-1, 0),
        (1, 0),
        (-1, -1),
        (0, -1),
        (1, -1),
    ];

    #[test]
    fn neighbourhood_codes_read_the_eight_points_around() {
        for go in playout_positions().iter().step_by(50) {
            let size = go.size() as i32;
            for p in go.points() {
                let code = go.neighbourhood(p);
                for (k, (dc, dr)) in AROUND_STEPS.into_iter().enumerate() {
                    let (col, row) = (i32::from(p.col()) + dc, i32::from(p.row()) + dr);
                    let expected = if (0..size).contains(&col) && (0..size).contains(&row) {
                        let q = Point::new(col as u8, row as u8).unwrap();
                        match go.stone_at(q) {
                            None => 0,
                            Some(Player::Black) => 1,
                            Some(Player::White) => 2,
                        }
                    } else {
                        3
                    };
                    assert_eq!((code >> (2 * k)) & 3, expected, "{p} neighbour {k}\n{go}");
                }
            }
        }
        let go = Go::new(5, GoRules::JAPANESE).unwrap();
        assert_eq!(go.neighbourhood(pt("F1")), u16::MAX);
        assert_eq!(go.liberties_after(pt("F1"), 2), 0);
        assert_eq!(go.atari_liberty(pt("C3")), None);
        assert_eq!(go.chain_stones(pt("C3")).count(), 0);
    }

    #[test]
    fn ataris_and_empties_around_agree_with_the_point_by_point_reading() {
        let (mut ataris, mut empties) = (0, 0);
        for go in playout_positions().iter().step_by(7) {
            let size = go.size() as i32;
            for p in go.points() {
                // `p`, then the eight points around it in the neighbourhood code's order.
                let around: Vec<Point> = std::iter::once((0, 0))
                    .chain(AROUND_STEPS)
                    .filter_map(|(dc, dr)| {
                        let (col, row) = (i32::from(p.col()) + dc, i32::from(p.row()) + dr);
                        ((0..size).contains(&col) && (0..size).contains(&row))
                            .then(|| Point::new(col as u8, row as u8).unwrap())
                    })
                    .collect();
                let expected: Vec<(Point, Player, Point)> = around
                    .iter()
                    .filter_map(|&q| Some((q, go.stone_at(q)?, go.atari_liberty(q)?)))
                    .collect();
                assert_eq!(
                    go.ataris_around(p).collect::<Vec<_>>(),
                    expected,
                    "{p}\n{go}"
                );
                let expected: Vec<(Point, u16)> = around[1..]
                    .iter()
                    .filter(|&&q| go.stone_at(q).is_none())
                    .map(|&q| (q, go.neighbourhood(q)))
                    .collect();
                assert_eq!(
                    go.empties_around(p).collect::<Vec<_>>(),
                    expected,
                    "{p}\n{go}"
                );
                ataris += go.ataris_around(p).count();
                empties += expected.len();
            }
        }
        assert!(
            ataris > 1000 && empties > 10_000,
            "{ataris} ataris, {empties} empties"
        );
    }
}
