//! The random numbers of the Go playout benchmarks of both crates (ishi-ai's include this
//! file by path): small and fast, good enough to pick moves.

/// Xorshift64*.
pub(crate) struct Xorshift(pub(crate) u64);

impl Xorshift {
    /// A number below `n`.
    #[inline]
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let r = self.0.wrapping_mul(0x2545_f491_4f6c_dd1d);
        ((u128::from(r >> 32) * n as u128) >> 32) as usize
    }
}
