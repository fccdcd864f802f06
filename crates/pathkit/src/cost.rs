//! The [`Cost`] trait: the number types a search can add up and compare.
//!
//! Searches work directly on `u32`, `u64`, `i32`, `i64`, `f32` and `f64`; there is no wrapper type to
//! learn. Every cost a user's code produces is checked as the search meets it, so a NaN, an infinity,
//! a negative value or an integer overflow becomes a typed error instead of a wrong path.

use std::cmp::Ordering;
use std::fmt::Debug;

/// A number usable as an edge cost, a path cost (G) or a heuristic estimate (H).
///
/// Implemented for `u32`, `u64`, `i32`, `i64`, `f32` and `f64`.
pub trait Cost: Copy + PartialOrd + Debug + Send + Sync + 'static {
    /// The cost of staying put.
    const ZERO: Self;
    /// The cost of one unit step (used by breadth-first search and unit grids).
    const ONE: Self;

    /// `self + other`, or `None` when the sum is not a valid cost (integer overflow, float infinity).
    fn checked_add(self, other: Self) -> Option<Self>;

    /// `self * count`, or `None` when the product is not a valid cost.
    fn checked_mul_count(self, count: u32) -> Option<Self>;

    /// `true` when this is a usable cost: finite and not negative.
    fn is_valid(self) -> bool;

    /// A total order, consistent with `PartialOrd` on valid costs.
    fn total_order(&self, other: &Self) -> Ordering;

    /// `self * weight`, rounded down for integers; saturates instead of overflowing.
    ///
    /// Used to inflate heuristics for weighted A* (`weight >= 1`).
    fn scale(self, weight: f64) -> Self;

    /// This cost as an `f64` (for reporting and tolerance checks).
    fn to_f64(self) -> f64;

    /// The largest cost of this type not above `value` (used by geometric heuristics, so that a
    /// rounded estimate never overestimates). Negative or NaN values give zero.
    fn from_f64_floor(value: f64) -> Self;
}

macro_rules! int_cost {
    ($($t:ty),*) => {$(
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
            #[inline]
            fn from_f64_floor(value: f64) -> Self {
                if value.is_nan() || value <= 0.0 {
                    0
                } else {
                    // `as` saturates at the type's maximum.
                    value.floor() as $t
                }
            }
        }
    )*};
}

macro_rules! float_cost {
    ($($t:ty),*) => {$(
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
            #[inline]
            fn from_f64_floor(value: f64) -> Self {
                if value.is_nan() || value <= 0.0 {
                    return 0.0;
                }
                let narrowed = value as $t;
                // Rounding to a narrower float may round up; step down one ulp if it did.
                if (narrowed as f64) > value { narrowed.next_down() } else { narrowed }
            }
        }
    )*};
}

int_cost!(u32, u64, i32, i64);
float_cost!(f32, f64);

#[cfg(test)]
mod tests {
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
    fn floor_conversion_never_rounds_up() {
        let v = std::f64::consts::SQRT_2;
        assert!(f32::from_f64_floor(v) as f64 <= v);
        assert_eq!(u32::from_f64_floor(14.99), 14);
        assert_eq!(u32::from_f64_floor(-3.0), 0);
        assert_eq!(10u32.scale(1.5), 15);
    }
}
