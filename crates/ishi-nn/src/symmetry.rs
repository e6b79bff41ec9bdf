//! The 8 symmetries of a square board, numbered as KataGo numbers them: bit 0 flips the
//! rows, bit 1 the columns, bit 2 transposes, applied in that order.

/// One of the 8 symmetries of a square board.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Symmetry(u8);

impl Symmetry {
    /// The board as it is.
    pub const IDENTITY: Symmetry = Symmetry(0);
    /// All 8, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry(0),
        Symmetry(1),
        Symmetry(2),
        Symmetry(3),
        Symmetry(4),
        Symmetry(5),
        Symmetry(6),
        Symmetry(7),
    ];

    /// Symmetry number `n` (0 to 7), `None` beyond.
    pub fn new(n: u8) -> Option<Symmetry> {
        (n < 8).then_some(Symmetry(n))
    }

    /// Its number, 0 to 7.
    pub fn number(self) -> u8 {
        self.0
    }

    /// Where point `(y, x)` of a `size` board goes.
    fn map(self, size: usize, y: usize, x: usize) -> (usize, usize) {
        let y = if self.0 & 1 != 0 { size - 1 - y } else { y };
        let x = if self.0 & 2 != 0 { size - 1 - x } else { x };
        if self.0 & 4 != 0 { (x, y) } else { (y, x) }
    }

    /// `dst` = `src` (a `size` x `size` map, row by row) with this symmetry applied.
    pub(crate) fn apply(self, size: usize, src: &[f32], dst: &mut [f32]) {
        self.copy(size, src, dst, true);
    }

    /// `dst` = `src` with this symmetry undone: what [`apply`](Symmetry::apply) turned, turned
    /// back.
    pub(crate) fn invert(self, size: usize, src: &[f32], dst: &mut [f32]) {
        self.copy(size, src, dst, false);
    }

    /// Moves each point to where the symmetry takes it (`forward`) or brings it back.
    fn copy(self, size: usize, src: &[f32], dst: &mut [f32], forward: bool) {
        if self.0 == 0 {
            dst[..size * size].copy_from_slice(&src[..size * size]);
            return;
        }
        for y in 0..size {
            for x in 0..size {
                let (ty, tx) = self.map(size, y, x);
                let (here, there) = (y * size + x, ty * size + tx);
                if forward {
                    dst[there] = src[here];
                } else {
                    dst[here] = src[there];
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_symmetry_is_undone_by_its_inverse_and_all_eight_differ() {
        let size = 5;
        let board: Vec<f32> = (0..25).map(|i| i as f32).collect();
        let mut seen = Vec::new();
        for s in Symmetry::ALL {
            let mut turned = vec![0.0; 25];
            let mut back = vec![0.0; 25];
            s.apply(size, &board, &mut turned);
            s.invert(size, &turned, &mut back);
            assert_eq!(back, board, "{s:?}");
            assert!(!seen.contains(&turned), "{s:?} repeats another symmetry");
            seen.push(turned);
        }
        assert_eq!(Symmetry::new(8), None);
        assert_eq!(Symmetry::new(5).map(Symmetry::number), Some(5));
    }
}
