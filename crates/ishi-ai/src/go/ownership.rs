//! Who owns each point at the end: the playouts' average, and the count it implies.

use ishi_rules::Player;
use ishi_rules::go::Go;
use rand::Rng;

use super::playout::{self, Amaf};

/// The average owner of each point of `go` over `playouts` playouts of the engine's policy,
/// in [`Go::points`] order (row by row from the bottom): `1.0` when Black owns the point at
/// the end of every playout, `-1.0` for White, values between for points that change hands
/// or stay dame. This is the input of `ishi_scoring::guess_dead_stones_with`.
///
/// A finished game is played on from its board, so that stones left in the opponent's
/// territory are captured in the playouts and come out as the opponent's points. With 0
/// playouts every point reads 0.
///
/// ```
/// use ishi_ai::go::ownership;
/// use ishi_rules::Player;
/// use ishi_rules::go::{Go, GoRules};
/// use rand::SeedableRng;
///
/// // Black walls off the left, White the right, dame between; a stone of each is lost.
/// let go = Go::from_diagram(
///     "
///     . . X . O . .
///     . . X . O . .
///     . . X . O X .
///     . . X . O . .
///     . O X . O . .
///     . . X . O . .
///     . . X . O . .
///     ",
///     GoRules::CHINESE,
///     Player::Black,
/// )?;
/// let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
/// let owners = ownership(&go, 300, &mut rng);
/// assert_eq!(owners.len(), 49);
/// let b3 = 2 * 7 + 1; // B3: the third row from the bottom, second column
/// assert!(owners[b3] > 0.0, "{}", owners[b3]); // Black's in most playouts: a dead stone
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn ownership(go: &Go, playouts: u32, rng: &mut impl Rng) -> Vec<f32> {
    let mut fast = playout::Rng::new(rng.random());
    let mut amaf = Amaf::new();
    let mut sums = vec![0i32; go.size() * go.size()];
    for _ in 0..playouts {
        let mut end = go.clone();
        playout::play_out(&mut end, &mut fast, &mut amaf);
        add_owners(&end, &mut sums);
    }
    average(&sums, playouts)
}

/// Adds the owner of each point of `end` (a playout's last position) to `sums`.
pub(crate) fn add_owners(end: &Go, sums: &mut [i32]) {
    for (sum, p) in sums.iter_mut().zip(end.points()) {
        *sum += playout::owner(end, p);
    }
}

/// The sums divided by `count` (zeros for no count).
pub(crate) fn average(sums: &[i32], count: u32) -> Vec<f32> {
    let n = count.max(1) as f32;
    sums.iter().map(|&s| s as f32 / n).collect()
}

/// Black's margin in half-points if the game ended now, counted as a game's end is counted
/// (`ishi_scoring::score`), with the dead stones `ishi_scoring::guess_dead_stones_with` reads
/// from `ownership`: a chain is dead when its stones' mean ownership leans to the opponent,
/// unless it is in seki. Rules without dead-stone removal count the board as it stands.
pub(crate) fn margin_if_ended(go: &Go, ownership: &[f32]) -> i32 {
    match ishi_scoring::guess_dead_stones_with(go, ownership) {
        Ok(dead) => ishi_scoring::score(go, &dead).margin(),
        Err(_) => go.margin(),
    }
}

/// `player`'s result if the game ended now: positive when `player` wins.
pub(crate) fn lead_if_ended(go: &Go, ownership: &[f32], player: Player) -> i32 {
    player.fold(1, -1) * margin_if_ended(go, ownership)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ishi_rules::go::GoRules;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    /// Walls on C and E with dame between, a lost stone inside each side's area.
    const WALLS: &str = "
        . . X . O . .
        . . X . O . .
        . . X . O X .
        . . X . O . .
        . O X . O . .
        . . X . O . .
        . . X . O . .
    ";

    #[test]
    fn dead_stones_in_settled_territory_belong_to_the_opponent() {
        let go = Go::from_diagram(WALLS, GoRules::JAPANESE, Player::Black).unwrap();
        let owners = ownership(&go, 400, &mut SmallRng::seed_from_u64(3));
        let at = |name: &str| {
            let p: ishi_rules::go::Point = name.parse().unwrap();
            owners[usize::from(p.row()) * 7 + usize::from(p.col())]
        };
        // The lost stones are the opponent's in most playouts.
        assert!(at("B3") > 0.4, "B3 {}", at("B3"));
        assert!(at("F5") < -0.4, "F5 {}", at("F5"));
        assert!(
            at("A7") > 0.7 && at("G1") < -0.7,
            "{} {}",
            at("A7"),
            at("G1")
        );
        assert!(at("D4").abs() < 0.5, "the dame D4: {}", at("D4"));
        // Japanese: Black 14 points + 1 prisoner, White 14 + 1 + komi 6.5: W+6.5.
        assert_eq!(margin_if_ended(&go, &owners), -13);
        // Tromp-Taylor counts the board as it stands.
        let tt = Go::from_diagram(WALLS, GoRules::TROMP_TAYLOR, Player::Black).unwrap();
        assert_eq!(margin_if_ended(&tt, &owners), tt.margin());
    }

    /// Black's C5-C7 and White's E5-E7 share D6 and D7, which neither can fill without
    /// being captured: a seki, which playouts resolve at random. An ownership that gives
    /// White's chain to Black leaves it alive, and the count is the count with no dead stone.
    #[test]
    fn stones_in_seki_are_not_counted_dead() {
        let go = Go::from_diagram(
            "
            . O X . O X .
            . O X . O X .
            . O X X O X .
            . O O O X X .
            . . . O X . .
            . . . O X . .
            . . . O X . .
            ",
            GoRules::CHINESE,
            Player::Black,
        )
        .unwrap();
        let taken = ["E5", "E6", "E7"];
        let owners: Vec<f32> = go
            .points()
            .map(|p| match go.stone_at(p) {
                Some(_) if taken.contains(&p.to_string().as_str()) => 1.0,
                Some(color) => color.fold(1.0, -1.0),
                None => 0.0,
            })
            .collect();
        let alive = ishi_scoring::score(&go, &ishi_scoring::DeadStones::new()).margin();
        assert_eq!(margin_if_ended(&go, &owners), alive);
        let without = ishi_scoring::DeadStones::from_points(&go, [taken[0].parse().unwrap()]);
        assert_ne!(ishi_scoring::score(&go, &without).margin(), alive);
    }

    #[test]
    fn no_playouts_own_nothing() {
        let go = Go::new(5, GoRules::CHINESE).unwrap();
        assert_eq!(
            ownership(&go, 0, &mut SmallRng::seed_from_u64(1)),
            vec![0.0; 25]
        );
        assert_eq!(lead_if_ended(&go, &[], Player::White), 15);
    }
}
