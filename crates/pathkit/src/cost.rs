//! The [`Cost`] trait: the number types a search can add up and compare.
//!
//! Searches work directly on `u32`, `u64`, `i32`, `i64`, `f32` and `f64`; there is no wrapper type to
//! learn. Every cost a user's code produces is checked as the search meets it, so a NaN, an infinity,
//! a negative value or an integer overflow becomes a typed error instead of a wrong path.

use std::cmp::Ordering;
use std::fmt::Debug;

/// What the search needs of a cost besides [`Cost`]: crate-private, so users neither see nor
/// implement it, and [`Cost`] is sealed by it.
pub(crate) mod keys {
    /// Open-list keys and the improvement test of a cost type.
    pub trait CostKeys: Sized {
        /// `true` when a path costing `self` is really cheaper than one costing `old`.
        ///
        /// For floats, costs within a few units in the last place count as equal: routes of
        /// equal length summed in different orders differ by rounding, and treating those as
        /// improvements would make a search re-open the same nodes over and over.
        fn improves_on(self, old: Self) -> bool;

        /// A key whose integer order is the cost order on valid costs (for fast heap
        /// comparisons).
        ///
        /// For `f64` the key keeps 32 bits of the mantissa (a relative precision of 2^-32, about
        /// 2.3e-10): paths of equal length summed in different orders differ by rounding noise
        /// far below that, and a key that tells them apart would defeat the tie rule (larger G
        /// among equal F) and make A* expand many more nodes. The price is that a returned path
        /// may cost up to a relative 2^-32 more than the optimum. Integer keys are exact.
        fn order_key(self) -> u64;

        /// A coarse key, non-decreasing in the cost, for tie-breaking (may merge close values).
        fn tie_key(self) -> u32;

        /// [`Cost::from_f64_floor`](super::Cost::from_f64_floor) of a positive `value`.
        fn floor_of_positive(value: f64) -> Self;

        /// A value no path cost takes, marking "no distance" in a table of distances: the
        /// largest integer (a distance that reaches it is refused when the table is built), or
        /// infinity for floats (sums of valid costs are finite).
        const NO_DISTANCE: Self;

        /// How much `self` exceeds `other`, never negative: `self - other`, or zero when `other`
        /// is the larger. Both are distances summed from edge costs; for floats each may carry
        /// the rounding of a long sum, so the difference is lowered by a relative margin of
        /// `self` (2^-30 for `f64`, 2^-14 for `f32`) that keeps it a lower bound of the exact
        /// one. Never overflows.
        fn excess_over(self, other: Self) -> Self;
    }
}

/// A number usable as an edge cost, a path cost (G) or a heuristic estimate (H).
///
/// Implemented for `u32`, `u64`, `i32`, `i64`, `f32` and `f64`, and sealed: the search keeps
/// open-list keys of these types in ways of its own (see `keys`), which another type could not
/// promise to match.
///
/// ```
/// use pathkit::Cost;
///
/// assert_eq!(u32::ZERO, 0);
/// assert_eq!(7u32.checked_add(3), Some(10));
/// assert_eq!(u32::MAX.checked_add(1), None); // an overflow is no cost
/// assert!(!f64::NAN.is_valid() && !(-1.0f32).is_valid());
/// assert_eq!(u32::from_f64_floor(14.9), 14); // estimates round down, never up
/// ```
pub trait Cost: keys::CostKeys + Copy + PartialOrd + Debug + Send + Sync + 'static {
    /// The cost of staying put.
    const ZERO: Self;
    /// The cost of one unit step (used by breadth-first search and unit grids).
    const ONE: Self;

    /// `self + other`, or `None` when the sum is not a valid cost (integer overflow, float infinity).
    #[must_use]
    fn checked_add(self, other: Self) -> Option<Self>;

    /// `self * count`, or `None` when the product is not a valid cost.
    #[must_use]
    fn checked_mul_count(self, count: u32) -> Option<Self>;

    /// `true` when this is a usable cost: finite and not negative.
    #[must_use]
    fn is_valid(self) -> bool;

    /// A total order, consistent with `PartialOrd` on valid costs.
    #[must_use]
    fn total_order(&self, other: &Self) -> Ordering;

    /// `self * weight`, rounded down for integers; saturates instead of overflowing.
    ///
    /// Used to inflate heuristics for weighted A* (`weight >= 1`).
    #[must_use]
    fn scale(self, weight: f64) -> Self;

    /// This cost as an `f64` (for reporting and tolerance checks).
    #[must_use]
    fn to_f64(self) -> f64;

    /// The largest cost of this type not above `value` (used by geometric heuristics, so that a
    /// rounded estimate never overestimates). Negative or NaN values give zero.
    #[inline]
    #[must_use]
    fn from_f64_floor(value: f64) -> Self {
        if value.is_nan() || value <= 0.0 {
            Self::ZERO
        } else {
            keys::CostKeys::floor_of_positive(value)
        }
    }
}

macro_rules! int_cost {
    ($($t:ty),*) => {$(
        impl keys::CostKeys for $t {
            #[inline(always)]
            fn improves_on(self, old: Self) -> bool {
                self < old
            }
            #[inline(always)]
            fn order_key(self) -> u64 {
                // Valid costs are not negative.
                self as u64
            }
            #[inline(always)]
            fn tie_key(self) -> u32 {
                (self as u64).min(u32::MAX as u64) as u32
            }
            #[inline]
            fn floor_of_positive(value: f64) -> Self {
                // `as` saturates at the type's maximum.
                value.floor() as $t
            }
            const NO_DISTANCE: Self = <$t>::MAX;
            #[inline(always)]
            fn excess_over(self, other: Self) -> Self {
                if self > other { self - other } else { 0 }
            }
        }
        impl Cost for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            #[inline(always)]
            fn checked_add(self, other: Self) -> Option<Self> {
                <$t>::checked_add(self, other)
            }
            #[inline(always)]
            fn checked_mul_count(self, count: u32) -> Option<Self> {
                <$t>::checked_mul(self, <$t>::try_from(count).ok()?)
            }
            #[inline(always)]
            fn is_valid(self) -> bool {
                #[allow(unused_comparisons)]
                let ok = self >= 0;
                ok
            }
            #[inline(always)]
            fn total_order(&self, other: &Self) -> Ordering {
                Ord::cmp(self, other)
            }
            #[inline]
            fn scale(self, weight: f64) -> Self {
                Self::from_f64_floor(self as f64 * weight)
            }
            #[inline]
            fn to_f64(self) -> f64 {
                self as f64
            }
        }
    )*};
}

/// Low mantissa bits left out of a float's heap key: 20 of f64's 52 (32 kept); none of f32's 23.
/// And the relative margin [`CostKeys::excess_over`](keys::CostKeys::excess_over) takes off a
/// difference of two summed distances: far above the rounding of the sums (each step of a
/// Dijkstra search may keep a cost up to 8 ulps above the cheapest, see `improves_on`), far
/// below what would weaken an estimate.
trait KeyPrecision {
    const KEY_DROPPED_BITS: u32;
    const DIFFERENCE_MARGIN: Self;
}
impl KeyPrecision for f64 {
    const KEY_DROPPED_BITS: u32 = 20;
    const DIFFERENCE_MARGIN: f64 = 1.0 / (1u64 << 30) as f64;
}
impl KeyPrecision for f32 {
    const KEY_DROPPED_BITS: u32 = 0;
    const DIFFERENCE_MARGIN: f32 = 1.0 / (1u32 << 14) as f32;
}

macro_rules! float_cost {
    ($($t:ty),*) => {$(
        impl keys::CostKeys for $t {
            #[inline(always)]
            fn improves_on(self, old: Self) -> bool {
                self < old - old * (8.0 * <$t>::EPSILON)
            }
            #[inline(always)]
            fn order_key(self) -> u64 {
                // Non-negative floats order like their bit patterns; `+ 0.0` turns -0.0 into 0.0.
                // Dropping low mantissa bits keeps the order (not strictly) and merges rounding noise.
                let bits = (self + 0.0).to_bits() as u64;
                bits & !((1u64 << Self::KEY_DROPPED_BITS) - 1)
            }
            #[inline(always)]
            fn tie_key(self) -> u32 {
                // Rounding to f32 never reverses an order.
                ((self + 0.0) as f32).to_bits()
            }
            #[inline]
            fn floor_of_positive(value: f64) -> Self {
                let narrowed = value as $t;
                // Rounding to a narrower float may round up; step down one ulp if it did.
                if (narrowed as f64) > value { narrowed.next_down() } else { narrowed }
            }
            const NO_DISTANCE: Self = <$t>::INFINITY;
            #[inline(always)]
            fn excess_over(self, other: Self) -> Self {
                let lowered = (self - other) - self * Self::DIFFERENCE_MARGIN;
                if lowered > 0.0 { lowered } else { 0.0 }
            }
        }
        impl Cost for $t {
            const ZERO: Self = 0.0;
            const ONE: Self = 1.0;
            #[inline(always)]
            fn checked_add(self, other: Self) -> Option<Self> {
                let sum = self + other;
                sum.is_finite().then_some(sum)
            }
            #[inline(always)]
            fn checked_mul_count(self, count: u32) -> Option<Self> {
                let product = self * count as $t;
                product.is_finite().then_some(product)
            }
            #[inline(always)]
            fn is_valid(self) -> bool {
                self.is_finite() && self >= 0.0
            }
            #[inline(always)]
            fn total_order(&self, other: &Self) -> Ordering {
                // Valid costs are finite and non-negative, where this agrees with `<`.
                self.partial_cmp(other).unwrap_or_else(|| self.total_cmp(other))
            }
            #[inline]
            fn scale(self, weight: f64) -> Self {
                let scaled = (self as f64 * weight) as $t;
                if scaled.is_finite() { scaled } else { <$t>::MAX }
            }
            #[inline]
            fn to_f64(self) -> f64 {
                self as f64
            }
        }
    )*};
}

int_cost!(u32, u64, i32, i64);
float_cost!(f32, f64);

#[cfg(test)]
mod tests {
    use super::keys::CostKeys;
    use super::*;

    #[test]
    fn validity() {
        assert!(1u32.is_valid());
        assert!(!(-1i32).is_valid());
        assert!(!f64::NAN.is_valid());
        assert!(!f32::INFINITY.is_valid());
        assert!(!(-0.5f64).is_valid());
        assert!(0.0f32.is_valid());
    }

    #[test]
    fn overflow_is_none() {
        assert_eq!(Cost::checked_add(u32::MAX, 1), None);
        assert_eq!(Cost::checked_add(f32::MAX, f32::MAX), None);
        assert_eq!(Cost::checked_mul_count(14u32, 3), Some(42));
    }

    #[test]
    fn keys_follow_the_cost_order() {
        let floats = [
            0.0f64,
            -0.0,
            1e-300,
            0.5,
            1.0,
            std::f64::consts::SQRT_2,
            2.0,
            1e300,
        ];
        for a in floats {
            for b in floats {
                assert_eq!(
                    a.partial_cmp(&b).unwrap(),
                    a.order_key().cmp(&b.order_key()),
                    "{a} vs {b}"
                );
                assert!(a < b || a.tie_key() >= b.tie_key());
            }
        }
        assert!(3u64.order_key() < 4u64.order_key());
        // Equal routes summed in another order share a key; a real difference does not.
        let (a, b) = (0.1 + 0.2 + 0.3, 0.3 + 0.2 + 0.1);
        assert_ne!(a, b);
        assert_eq!(a.order_key(), b.order_key());
        assert!(a.order_key() < (a + 1e-6).order_key());
        assert_eq!(u64::MAX.tie_key(), u32::MAX);
    }

    #[test]
    fn rounding_noise_is_not_an_improvement() {
        let s = std::f64::consts::SQRT_2;
        let (a, b) = (1.0 + s + s + 1.0 + s, s + s + s + 1.0 + 1.0);
        assert!(!a.improves_on(b) && !b.improves_on(a));
        assert!(4.0f64.improves_on(4.001));
        assert!(!4.0f64.improves_on(4.0));
        assert!(3u32.improves_on(4) && !4u32.improves_on(4));
    }

    #[test]
    fn excess_is_never_negative_and_never_above_the_difference() {
        assert_eq!(7u32.excess_over(3), 4);
        assert_eq!(3u32.excess_over(7), 0);
        assert_eq!(u64::MAX.excess_over(0), u64::MAX);
        assert_eq!(5i64.excess_over(5), 0);
        let (a, b) = (1000.0f64, 10.0f64);
        let d = a.excess_over(b);
        assert!(d < 990.0 && d > 990.0 - 1e-5);
        assert_eq!(b.excess_over(a), 0.0);
        assert_eq!(1.0f32.excess_over(1.0), 0.0);
        assert!(10.0f32.excess_over(4.0) < 6.0);
        assert!(!f64::NO_DISTANCE.is_valid() && !f32::NO_DISTANCE.is_valid());
        assert_eq!(u32::NO_DISTANCE, u32::MAX);
    }

    #[test]
    fn floor_conversion_never_rounds_up() {
        let v = std::f64::consts::SQRT_2;
        assert!(f32::from_f64_floor(v) as f64 <= v);
        assert_eq!(u32::from_f64_floor(14.99), 14);
        assert_eq!(u32::from_f64_floor(-3.0), 0);
        assert_eq!(10u32.scale(1.5), 15);
    }
}
