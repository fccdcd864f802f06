//! The unit tests' source of repeatable pseudo-random numbers.

/// Advances `state` by one xorshift step (13, 7, 17) and returns it: the same sequence from the
/// same seed on every machine, so a failing random case can be replayed.
pub(crate) fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}
