//! IEEE 754 half precision (binary16) to and from `f32`, written out rather than taken from
//! a crate: two short functions, against a dependency for the weights file alone.
//!
//! `to_f16` rounds to nearest, ties to even, as hardware conversions do; values beyond the
//! largest half become infinities and NaNs stay NaNs. `from_f16` is exact.

/// The half nearest `x`.
pub(crate) fn to_f16(x: f32) -> u16 {
    let bits = x.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exponent = ((bits >> 23) & 0xff) as i32;
    let mantissa = bits & 0x007f_ffff;
    if exponent == 0xff {
        // Infinity, or NaN with a quiet bit so that the payload cannot vanish.
        let nan = if mantissa != 0 { 0x0200 } else { 0 };
        return sign | 0x7c00 | nan;
    }
    // The half exponent, biased by 15.
    let half_exponent = exponent - 127 + 15;
    if half_exponent >= 0x1f {
        return sign | 0x7c00;
    }
    if half_exponent <= 0 {
        // A subnormal half (or zero): the mantissa with its implicit bit, shifted into place.
        if half_exponent < -10 {
            return sign;
        }
        let full = mantissa | 0x0080_0000;
        let shift = (14 - half_exponent) as u32;
        return sign | round_shift(full, shift) as u16;
    }
    // A normal half. A carry out of the mantissa correctly bumps the exponent, up to infinity.
    let rounded = round_shift(mantissa, 13);
    sign | (((half_exponent as u32) << 10) + rounded) as u16
}

/// `value >> shift`, rounded to nearest with ties to even.
fn round_shift(value: u32, shift: u32) -> u32 {
    let kept = value >> shift;
    let rest = value & ((1 << shift) - 1);
    let half = 1 << (shift - 1);
    if rest > half || (rest == half && kept & 1 == 1) {
        kept + 1
    } else {
        kept
    }
}

/// The `f32` equal to the half `h`.
pub(crate) fn from_f16(h: u16) -> f32 {
    let sign = u32::from(h & 0x8000) << 16;
    let exponent = u32::from((h >> 10) & 0x1f);
    let mantissa = u32::from(h & 0x03ff);
    let bits = match (exponent, mantissa) {
        (0, 0) => sign,
        (0, _) => {
            // Subnormal: normalise the mantissa.
            let shift = mantissa.leading_zeros() - 21;
            let mantissa = (mantissa << shift) & 0x03ff;
            sign | ((127 - 15 + 1 - shift) << 23) | (mantissa << 13)
        }
        (0x1f, _) => sign | 0x7f80_0000 | (mantissa << 13),
        _ => sign | ((exponent + 127 - 15) << 23) | (mantissa << 13),
    };
    f32::from_bits(bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_half_converts_as_the_half_crate_converts_it() {
        for h in 0..=u16::MAX {
            let ours = from_f16(h);
            let theirs = half::f16::from_bits(h).to_f32();
            assert!(
                ours.to_bits() == theirs.to_bits() || (ours.is_nan() && theirs.is_nan()),
                "{h:#06x}: {ours} against {theirs}"
            );
            if !ours.is_nan() {
                assert_eq!(to_f16(ours), h, "{h:#06x} round trip");
            }
        }
    }

    #[test]
    fn floats_round_to_the_nearest_half_as_the_half_crate_rounds() {
        let mut x = 0x9e37_79b9_u32;
        for _ in 0..1_000_000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let f = f32::from_bits(x);
            let theirs = half::f16::from_f32(f).to_bits();
            let ours = to_f16(f);
            assert!(
                ours == theirs || (f.is_nan() && ours & 0x7c00 == 0x7c00 && ours & 0x3ff != 0),
                "{f:e}: {ours:#06x} against {theirs:#06x}"
            );
        }
        // Ties go to even; the largest half's neighbourhood; underflow.
        assert_eq!(to_f16(1.0 + 1.0 / 2048.0), 0x3c00);
        assert_eq!(to_f16(1.0 + 3.0 / 2048.0), 0x3c02);
        assert_eq!(to_f16(65504.0), 0x7bff);
        assert_eq!(to_f16(65520.0), 0x7c00);
        assert_eq!(to_f16(1e-9), 0);
        assert_eq!(to_f16(-0.0), 0x8000);
    }
}
