//! [`Stream`]: the benches' fixed pseudo-random numbers.

/// A small, fixed pseudo-random stream (xorshift64), so the map and queries are the same on
/// every run and machine.
pub struct Stream(u64);

impl Stream {
    pub fn new(seed: u64) -> Self {
        Stream(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}
