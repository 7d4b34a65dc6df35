//! Exact arithmetic with positive rationals: how many units of one asset a number of units of
//! another is worth, rounded once and in the direction asked, never through floats.

/// A positive rational `num / den`, each below 2^127 so that `x · num` can be divided by `den`
/// exactly whatever the size of the product (see [`mul_div`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Ratio {
    num: u128,
    den: u128,
}

/// The bound of a ratio's terms: twice a remainder below it still fits a `u128`.
const TERM_LIMIT: u128 = 1 << 127;

impl Ratio {
    /// `num / den`, or `None` unless both are positive and below 2^127.
    pub(super) fn new(num: u128, den: u128) -> Option<Ratio> {
        let term = 1..TERM_LIMIT;
        (term.contains(&num) && term.contains(&den)).then_some(Ratio { num, den })
    }

    /// `den / num`.
    pub(super) fn inverse(self) -> Ratio {
        Ratio {
            num: self.den,
            den: self.num,
        }
    }

    /// ⌊x · num / den⌋, or `None` when it does not fit a `u128`.
    pub(super) fn floor(self, x: u128) -> Option<u128> {
        mul_div(x, self.num, self.den).map(|(q, _)| q)
    }

    /// ⌈x · num / den⌉, or `None` when it does not fit a `u128`.
    pub(super) fn ceil(self, x: u128) -> Option<u128> {
        let (q, r) = mul_div(x, self.num, self.den)?;
        q.checked_add(u128::from(r != 0))
    }
}

/// The quotient and remainder of `a · b / c` for `0 < c < 2^127`, or `None` when the quotient
/// does not fit a `u128`. With `b = q₁·c + r₁`: `a·b / c = a·q₁ + a·r₁ / c`, and `a·r₁ / c` is
/// built one bit of `a` at a time, its remainder kept below `c` so that no step overflows.
fn mul_div(a: u128, b: u128, c: u128) -> Option<(u128, u128)> {
    debug_assert!(c > 0 && c < TERM_LIMIT);
    let (q1, r1) = div_rem(b, c);
    let mut quotient = a.checked_mul(q1)?;
    // a·r₁ = carried·c + rem, for the bits of `a` read so far; carried < a since r₁ < c.
    let (mut carried, mut rem) = (0_u128, 0_u128);
    for bit in (0..u128::BITS - a.leading_zeros()).rev() {
        carried <<= 1;
        rem <<= 1;
        if rem >= c {
            rem -= c;
            carried += 1;
        }
        if (a >> bit) & 1 == 1 {
            rem += r1;
            if rem >= c {
                rem -= c;
                carried += 1;
            }
        }
    }
    quotient = quotient.checked_add(carried)?;
    Some((quotient, rem))
}

/// `n / d` and `n % d` for `0 < d < 2^127`, one bit at a time: the browser's module then needs
/// no 128-bit division routine (a kilobyte), and the pricing divides a handful of times.
fn div_rem(n: u128, d: u128) -> (u128, u128) {
    let (mut q, mut r) = (0_u128, 0_u128);
    for bit in (0..u128::BITS - n.leading_zeros()).rev() {
        r = (r << 1) | ((n >> bit) & 1);
        q <<= 1;
        if r >= d {
            r -= d;
            q |= 1;
        }
    }
    (q, r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn rounds_down_and_up_exactly() {
        let third = Ratio::new(1, 3).unwrap();
        assert_eq!(third.floor(10), Some(3));
        assert_eq!(third.ceil(10), Some(4));
        assert_eq!(third.ceil(9), Some(3));
        assert_eq!(third.inverse().floor(7), Some(21));
        assert_eq!(third.floor(0), Some(0));
        assert_eq!(Ratio::new(0, 3), None);
        assert_eq!(Ratio::new(3, TERM_LIMIT), None);
    }

    #[test]
    fn products_beyond_128_bits_divide_exactly() {
        // (2^100 + 1) · (2^126 − 1) / (2^126 − 3) = 2^100 + 1 + 2·(2^100 + 1)/(2^126 − 3)
        let r = Ratio::new((1 << 126) - 1, (1 << 126) - 3).unwrap();
        assert_eq!(r.floor((1 << 100) + 1), Some((1 << 100) + 1));
        assert_eq!(r.ceil((1 << 100) + 1), Some((1 << 100) + 2));
        assert_eq!(Ratio::new(TERM_LIMIT - 1, 1).unwrap().floor(4), None);
        assert_eq!(
            Ratio::new(TERM_LIMIT - 1, 1).unwrap().floor(2),
            Some(u128::MAX - 1)
        );
    }

    proptest! {
        #[test]
        fn divides_like_the_division_operator(n: u128, d in 1_u128..TERM_LIMIT, small in 1_u128..=1_000) {
            prop_assert_eq!(div_rem(n, d), (n / d, n % d));
            prop_assert_eq!(div_rem(n, small), (n / small, n % small));
        }

        #[test]
        fn agrees_with_plain_arithmetic_where_it_fits(a in 0_u128..1 << 64, b in 1_u128..1 << 63, c in 1_u128..1 << 63) {
            let r = Ratio::new(b, c).unwrap();
            prop_assert_eq!(r.floor(a), Some(a * b / c));
            prop_assert_eq!(r.ceil(a), Some((a * b).div_ceil(c)));
        }

        #[test]
        fn brackets_the_exact_product(a in 0_u128..1 << 64, b in 1_u128..1 << 126, c in 1_u128..1 << 126) {
            // q·c ≤ a·b < (q + 1)·c, checked in halves of 64 bits where the product is too wide.
            match mul_div(a, b, c) {
                Some((q, rem)) => {
                    prop_assert!(rem < c);
                    prop_assert_eq!(wide_mul(q, c, rem), wide_mul(a, b, 0));
                }
                // Refused only when the quotient needs more than 128 bits: a·b ≥ c·2^128.
                None => prop_assert!(wide_mul(a, b, 0).0 >= c),
            }
        }
    }

    /// x·y + z as (high, low) 128-bit halves.
    fn wide_mul(x: u128, y: u128, z: u128) -> (u128, u128) {
        const HALF: u32 = 64;
        let mask = u128::from(u64::MAX);
        let (x1, x0, y1, y0) = (x >> HALF, x & mask, y >> HALF, y & mask);
        let (lo, mid_a, mid_b, hi) = (x0 * y0, x0 * y1, x1 * y0, x1 * y1);
        let (mid, mid_carry) = mid_a.overflowing_add(mid_b);
        let (low, c1) = lo.overflowing_add(mid << HALF);
        let high = hi + (mid >> HALF) + (u128::from(mid_carry) << HALF) + u128::from(c1);
        let (low, c2) = low.overflowing_add(z);
        (high + u128::from(c2), low)
    }
}
