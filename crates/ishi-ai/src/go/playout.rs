//! The playout policy: what both sides play from the tree's leaves to the end of the game.
//!
//! Each move tries, in order (michi's policy, itself a light version of Pachi's "moggy"):
//!
//! 1. with probability 90 %, a *tactical* reply near the last move: capture an opponent chain
//!    in atari, or save an own chain in atari by capturing one of its attackers or by
//!    extending to two liberties or more, unless the extension runs into a working ladder
//!    ([`tactics`]);
//! 2. with probability 95 %, a *3x3 pattern* move on one of the eight points around the last
//!    move ([`pattern`]);
//! 3. a uniformly random move that is legal (superko aside) and fills none of the mover's own
//!    eyes ([`Go::playout_move`]), a pass when there is none.
//!
//! Suggested moves that would put their own chain in atari are refused 90 % of the time, and
//! random ones too when they add to a chain (a lone stone's self-atari is refused half the
//! time only, which leaves room for throw-ins and killing shapes). Captures are never refused.

use ishi_rules::go::{Go, MAX_SIZE, Move, Point};
use ishi_rules::{Game, Player};

use super::pattern;
use super::tactics;

/// Chance, in percent, of looking for a tactical reply to the last move.
const TACTICS_PERCENT: u64 = 90;
/// Chance, in percent, of looking for a pattern reply to the last move.
const PATTERN_PERCENT: u64 = 95;
/// Chance, in percent, of refusing a suggested (tactical or pattern) self-atari.
const REFUSE_SUGGESTED_SELF_ATARI: u64 = 90;
/// Chance, in percent, of refusing a random self-atari of a lone stone.
const REFUSE_LONE_SELF_ATARI: u64 = 50;
/// Random moves drawn before one that fails the self-atari test is played anyway.
const RANDOM_TRIES: usize = 4;

/// The playouts' random numbers: wyrand, small and fast, seeded from the caller's RNG.
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    #[inline]
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0xa076_1d64_78bd_642f);
        let t = u128::from(self.0) * u128::from(self.0 ^ 0xe703_7ed1_a0b4_28db);
        (t >> 64) as u64 ^ t as u64
    }

    /// A number in `0..n` (0 when `n` is 0).
    #[inline]
    pub(crate) fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// `true` with a chance of `percent` in 100.
    #[inline]
    fn percent(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }
}

/// A slot per point of the largest board, for arrays indexed by point.
#[inline]
pub(crate) fn slot(p: Point) -> usize {
    usize::from(p.row()) * MAX_SIZE + usize::from(p.col())
}

/// The point of a [`slot`].
#[inline]
pub(crate) fn point_of(slot: usize) -> Point {
    Point::new((slot % MAX_SIZE) as u8, (slot / MAX_SIZE) as u8)
        .unwrap_or_else(|| unreachable!("slot {slot} is not a point"))
}

/// The neighbours of `p` on a board of side `size`.
#[inline]
pub(crate) fn neighbours(p: Point, size: usize) -> impl Iterator<Item = Point> {
    let (c, r) = (p.col(), p.row());
    [
        c.checked_sub(1).and_then(|c| Point::new(c, r)),
        Point::new(c + 1, r),
        r.checked_sub(1).and_then(|r| Point::new(c, r)),
        Point::new(c, r + 1),
    ]
    .into_iter()
    .flatten()
    .filter(move |q| q.is_on(size))
}

/// Which colour first played each point in one simulation, for the AMAF statistics.
pub(crate) struct Amaf([u8; MAX_SIZE * MAX_SIZE]);

impl Amaf {
    pub(crate) fn new() -> Amaf {
        Amaf([0; MAX_SIZE * MAX_SIZE])
    }

    pub(crate) fn clear(&mut self) {
        self.0.fill(0);
    }

    /// Notes that `player` plays on `p`, unless someone played there first.
    #[inline]
    pub(crate) fn mark(&mut self, p: Point, player: Player) {
        let cell = &mut self.0[slot(p)];
        if *cell == 0 {
            *cell = player.fold(1, 2);
        }
    }

    /// The first player on the point of `slot`.
    #[inline]
    pub(crate) fn first(&self, slot: usize) -> Option<Player> {
        match self.0[slot] {
            1 => Some(Player::Black),
            2 => Some(Player::White),
            _ => None,
        }
    }
}

/// A few suggested moves, each marked when it captures.
struct Suggestions {
    moves: [(Point, bool); 32],
    len: usize,
}

impl Suggestions {
    fn new() -> Suggestions {
        Suggestions {
            moves: [(Point::new(0, 0).unwrap_or_else(|| unreachable!()), false); 32],
            len: 0,
        }
    }

    fn push(&mut self, p: Point, captures: bool) {
        if self.len < self.moves.len() {
            self.moves[self.len] = (p, captures);
            self.len += 1;
        }
    }

    /// One of the suggestions that is playable and not an own eye, starting at a random one,
    /// refusing self-ataris that do not capture as the policy says.
    fn pick(&self, go: &Go, rng: &mut Rng) -> Option<Point> {
        if self.len == 0 {
            return None;
        }
        let start = rng.below(self.len);
        (0..self.len)
            .map(|k| self.moves[(start + k) % self.len])
            .find(|&(p, captures)| {
                go.is_playable(p)
                    && !go.is_eye(p, go.turn())
                    && (captures
                        || go.liberties_after(p, 2) >= 2
                        || !rng.percent(REFUSE_SUGGESTED_SELF_ATARI))
            })
            .map(|(p, _)| p)
    }
}

/// Captures and atari escapes for the chains on and around `last`.
fn tactical_replies(go: &Go, last: Point, out: &mut Suggestions) {
    let (me, size) = (go.turn(), go.size());
    let mut saved = [None; 9];
    for (k, (q, color, liberty)) in go.ataris_around(last).enumerate() {
        if color != me {
            out.push(liberty, true);
            continue;
        }
        // An own chain in atari, looked at once: capture a neighbour in atari, or extend.
        if saved.contains(&Some(liberty)) {
            continue;
        }
        saved[k] = Some(liberty);
        for s in go.chain_stones(q) {
            for n in neighbours(s, size) {
                if go.stone_at(n) == Some(!me)
                    && let Some(l) = go.atari_liberty(n)
                {
                    out.push(l, true);
                }
            }
        }
        if go.liberties_after(liberty, 2) >= 2 && !tactics::is_caught(go, q) {
            out.push(liberty, false);
        }
    }
}

/// Whether a random stone on `p` is a self-atari to refuse.
fn refuse_random(go: &Go, p: Point, rng: &mut Rng) -> bool {
    if go.liberties_after(p, 2) >= 2 {
        return false;
    }
    let (me, size) = (go.turn(), go.size());
    if neighbours(p, size).any(|n| go.stone_at(n) == Some(!me) && go.atari_liberty(n) == Some(p)) {
        return false;
    }
    neighbours(p, size).any(|n| go.stone_at(n) == Some(me)) || rng.percent(REFUSE_LONE_SELF_ATARI)
}

/// The policy's move in `go`.
pub(crate) fn policy_move(go: &Go, rng: &mut Rng) -> Move {
    if let Some(Move::Place(last)) = go.last_move() {
        if rng.percent(TACTICS_PERCENT) {
            let mut found = Suggestions::new();
            tactical_replies(go, last, &mut found);
            if let Some(p) = found.pick(go, rng) {
                return Move::Place(p);
            }
        }
        if rng.percent(PATTERN_PERCENT) {
            let mut found = Suggestions::new();
            for (q, code) in go.empties_around(last) {
                if pattern::matches_code(code) {
                    found.push(q, false);
                }
            }
            if let Some(p) = found.pick(go, rng) {
                return Move::Place(p);
            }
        }
    }
    let mut mv = Move::Pass;
    for _ in 0..RANDOM_TRIES {
        mv = go.playout_move(|n| rng.below(n));
        match mv {
            Move::Place(p) if refuse_random(go, p, rng) => {}
            _ => return mv,
        }
    }
    mv
}

/// Plays `go` out with the policy until two passes in a row (a finished game is played on
/// from its board, so that dead stones come off) or three moves per point, marking in `amaf`
/// who played each point first. Returns Black's margin by the rules, in half-points.
pub(crate) fn play_out(go: &mut Go, rng: &mut Rng, amaf: &mut Amaf) -> i32 {
    let cap = 3 * go.size() * go.size();
    let mut passes = if go.is_over() {
        0
    } else {
        go.consecutive_passes()
    };
    for _ in 0..cap {
        if passes >= 2 {
            break;
        }
        let mv = policy_move(go, rng);
        match mv {
            Move::Place(p) => {
                amaf.mark(p, go.turn());
                passes = 0;
            }
            Move::Pass => passes += 1,
        }
        go.play_fast(mv);
    }
    go.margin()
}

/// Who owns `p` at the end of a playout: `1` Black, `-1` White, `0` nobody. A stone owns its
/// point; an empty point belongs to the colour of all its neighbours, if they share one.
#[inline]
pub(crate) fn owner(go: &Go, p: Point) -> i32 {
    match go.stone_at(p) {
        Some(player) => player.fold(1, -1),
        None => {
            // The four neighbours' fields of the neighbourhood code: above, left, right, below.
            let code = go.neighbourhood(p);
            let (mut black, mut white) = (false, false);
            for k in [1, 3, 4, 6] {
                match (code >> (2 * k)) & 3 {
                    1 => black = true,
                    2 => white = true,
                    _ => {}
                }
            }
            i32::from(black) - i32::from(white)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::testing::chinese as go;
    use ishi_rules::go::GoRules;

    /// The position of `diagram` after White plays `last`, Black to move.
    fn after(diagram: &str, last: &str) -> Go {
        let before = go(diagram, Player::White);
        before.play(Move::Place(last.parse().unwrap())).unwrap()
    }

    #[test]
    fn the_policy_captures_a_chain_the_last_move_left_in_atari() {
        // White's D3 stands in atari after its move: Black takes it at E3 nine times in ten.
        let position = after(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . X . . .
            . . X . . . .
            . . . X . . .
            . . . . . . .
            ",
            "D3",
        );
        let mut rng = Rng::new(5);
        let captures = (0..200)
            .filter(|_| policy_move(&position, &mut rng) == Move::Place("E3".parse().unwrap()))
            .count();
        assert!(captures > 150, "{captures} captures in 200\n{position}");
    }

    #[test]
    fn the_policy_escapes_from_atari_by_extending() {
        // White's D5 puts Black's D4 in atari; extending to D3 gives it three liberties.
        let position = after(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . O X O . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            ",
            "D5",
        );
        let mut rng = Rng::new(6);
        let escapes = (0..200)
            .filter(|_| policy_move(&position, &mut rng) == Move::Place("D3".parse().unwrap()))
            .count();
        assert!(escapes > 150, "{escapes} escapes in 200\n{position}");
    }

    #[test]
    fn playouts_end_in_counted_positions_and_mark_first_movers() {
        let mut rng = Rng::new(9);
        for size in [5, 9, 19] {
            for rules in [GoRules::JAPANESE, GoRules::CHINESE, GoRules::TROMP_TAYLOR] {
                let mut go = Go::new(size, rules).unwrap();
                let mut amaf = Amaf::new();
                let margin = play_out(&mut go, &mut rng, &mut amaf);
                assert_eq!(margin, go.margin());
                assert!(go.move_number() as usize > size * size / 2, "{go}");
                // Every stone left stands where someone played; every empty point is owned
                // by one colour or touches both, and nobody can play there but into an eye.
                for p in go.points() {
                    if go.stone_at(p).is_some() {
                        assert!(amaf.first(slot(p)).is_some(), "{p}\n{go}");
                    }
                }
                let owned: i32 = go.points().map(|p| owner(&go, p)).sum();
                assert!(owned.unsigned_abs() as usize <= size * size);
            }
        }
    }

    #[test]
    fn slots_and_points_round_trip() {
        for slot_ in [0, 18, 19, 360] {
            assert_eq!(slot(point_of(slot_)), slot_);
        }
        let corner: Point = "A1".parse().unwrap();
        assert_eq!(neighbours(corner, 9).count(), 2);
        let empty = Go::new(9, GoRules::CHINESE).unwrap();
        assert_eq!(empty.empties_around(corner).count(), 3);
        assert_eq!(empty.empties_around("E5".parse().unwrap()).count(), 8);
    }
}
