//! 3x3 patterns: the shapes around an empty point where a local reply is usually good.
//!
//! The set is the one MoGo introduced for its playouts (Gelly, Wang, Munos and Teytaud, 2006)
//! as michi writes it down: hane, cuts and edge moves. Each pattern is given once, for one
//! colour and one orientation; the table holds every rotation, reflection and colour swap, so
//! a lookup is one bit test of the point's [`Go::neighbourhood`] code.

use std::sync::OnceLock;

use ishi_rules::go::{Go, Point};

/// The patterns, the top row first, centred on the empty point where the move is played.
/// `X` and `O` are stones of either colour (one each, swapped as well), `.` an empty point,
/// `x` anything but an `X` stone, `o` anything but an `O` stone, `?` anything, and a space the
/// edge of the board.
const PATTERNS: [[&str; 3]; 13] = [
    // Hane: enclosing hane, non-cutting hane, magari.
    ["XOX", "...", "???"],
    ["XO.", "...", "?.?"],
    ["XO?", "X..", "x.?"],
    // Katatsuke or diagonal attachment.
    [".O.", "X..", "..."],
    // Cuts: unprotected cut, peeping cut, de, keima cut.
    ["XO?", "O.o", "?o?"],
    ["XO?", "O.X", "???"],
    ["?X?", "O.O", "ooo"],
    ["OX?", "o.O", "???"],
    // On the edge: chase, block the side cut, block the side connection, sagari, cut.
    ["X.?", "O.?", "   "],
    ["OX?", "X.O", "   "],
    ["?X?", "x.O", "   "],
    ["?XO", "x.x", "   "],
    ["?OX", "X.O", "   "],
];

/// The codes of [`Go::neighbourhood`] a pattern matches, one bit each.
struct Table(Box<[u64; 1 << 10]>);

impl Table {
    fn build() -> Table {
        let mut bits = Box::new([0u64; 1 << 10]);
        for pattern in PATTERNS {
            let grid: Vec<Vec<u8>> = pattern.iter().map(|row| row.bytes().collect()).collect();
            for symmetric in symmetries(&grid) {
                for coloured in [symmetric.clone(), swap_colours(&symmetric)] {
                    let cells: Vec<u8> =
                        AROUND_CELLS.iter().map(|&(r, c)| coloured[r][c]).collect();
                    expand(&cells, 0, 0, &mut |code| {
                        bits[usize::from(code >> 6)] |= 1 << (code & 63);
                    });
                }
            }
        }
        Table(bits)
    }

    fn contains(&self, code: u16) -> bool {
        self.0[usize::from(code >> 6)] >> (code & 63) & 1 == 1
    }
}

/// The cells of a 3x3 grid in the order of [`Go::neighbourhood`]: the row above (the first
/// row) from left to right, left and right of the centre, the row below.
const AROUND_CELLS: [(usize, usize); 8] = [
    (0, 0),
    (0, 1),
    (0, 2),
    (1, 0),
    (1, 2),
    (2, 0),
    (2, 1),
    (2, 2),
];

/// The eight rotations and reflections of a 3x3 grid.
fn symmetries(grid: &[Vec<u8>]) -> Vec<Vec<Vec<u8>>> {
    let rotate = |g: &[Vec<u8>]| -> Vec<Vec<u8>> {
        (0..3)
            .map(|r| (0..3).map(|c| g[2 - c][r]).collect())
            .collect()
    };
    let flip = |g: &[Vec<u8>]| -> Vec<Vec<u8>> { g.iter().rev().cloned().collect() };
    let mut out = Vec::new();
    let mut g = grid.to_vec();
    for _ in 0..4 {
        out.push(flip(&g));
        g = rotate(&g);
        out.push(g.clone());
    }
    out
}

fn swap_colours(grid: &[Vec<u8>]) -> Vec<Vec<u8>> {
    grid.iter()
        .map(|row| {
            row.iter()
                .map(|&b| match b {
                    b'X' => b'O',
                    b'O' => b'X',
                    b'x' => b'o',
                    b'o' => b'x',
                    other => other,
                })
                .collect()
        })
        .collect()
}

/// Calls `emit` with every neighbourhood code the cells `cells[k..]` match, `code` holding
/// the first `k` cells' bits: `X` is Black (1), `O` White (2), `.` empty (0), a space the
/// edge (3).
fn expand(cells: &[u8], k: usize, code: u16, emit: &mut impl FnMut(u16)) {
    let Some(&cell) = cells.get(k) else {
        emit(code);
        return;
    };
    let values: &[u16] = match cell {
        b'.' => &[0],
        b'X' => &[1],
        b'O' => &[2],
        b' ' => &[3],
        b'x' => &[0, 2, 3],
        b'o' => &[0, 1, 3],
        _ => &[0, 1, 2, 3],
    };
    for &v in values {
        expand(cells, k + 1, code | v << (2 * k), emit);
    }
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(Table::build)
}

/// Whether the empty point `p` of `go` sits in one of the patterns, for either player.
#[inline]
pub(crate) fn matches(go: &Go, p: Point) -> bool {
    matches_code(go.neighbourhood(p))
}

/// Whether a [`Go::neighbourhood`] code is one of the patterns' shapes.
#[inline]
pub(crate) fn matches_code(code: u16) -> bool {
    table().contains(code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ishi_rules::Player;
    use ishi_rules::go::GoRules;

    fn go(diagram: &str) -> Go {
        Go::from_diagram(diagram, GoRules::JAPANESE, Player::Black).unwrap()
    }

    #[test]
    fn hane_and_cuts_match_in_every_orientation_and_colour() {
        // The enclosing hane X O X over three empty points, in the middle of the board, at
        // E5 below the shape, then the same shape turned and with colours swapped.
        let cases = [
            (
                ". . . . . . .\n. . . . . . .\n. . X O X . .\n. . . . . . .\n. . . . . . .\n. . . . . . .\n. . . . . . .",
                "D4",
            ),
            (
                ". . . . . . .\n. . . . . . .\n. . . O . . .\n. . . X . . .\n. . . O . . .\n. . . . . . .\n. . . . . . .",
                "E4",
            ),
            // A peeping cut: X O / O . X
            (
                ". . . . . . .\n. . . . . . .\n. . O X . . .\n. . X . O . .\n. . . . . . .\n. . . . . . .\n. . . . . . .",
                "D4",
            ),
        ];
        for (diagram, point) in cases {
            let go = go(diagram);
            assert!(matches(&go, point.parse().unwrap()), "{point}\n{go}");
        }
    }

    #[test]
    fn empty_and_lone_stone_surroundings_do_not_match() {
        let go = go(". . . . .\n. . . . .\n. . X . .\n. . . . .\n. . . . .");
        let matched: Vec<String> = go
            .points()
            .filter(|&p| go.stone_at(p).is_none() && matches(&go, p))
            .map(|p| p.to_string())
            .collect();
        assert!(matched.is_empty(), "{matched:?}");
    }

    #[test]
    fn edge_patterns_match_on_the_first_line() {
        // The side "chase" (X . / O . above the edge) and the side cut (O X / X . O).
        let chase = go(". . . . .\n. . . . .\n. . . . .\n. X . . .\n. O . . .");
        assert!(matches(&chase, "C1".parse().unwrap()), "{chase}");
        let cut = go(". . . . .\n. . . . .\n. . . . .\n. . O X .\n. . X . O");
        assert!(matches(&cut, "D1".parse().unwrap()), "{cut}");
    }
}
