//! Field properties of `Nimber` (2⁶⁴) and `Nimber128` (2¹²⁸): axioms as
//! property tests against the naive reference, Fermat 2-power facts, subfields,
//! agreement between the widths, square roots, powers, the equation
//! x⊗x ⊕ x = a, parsing and printing, and published values.

use proptest::prelude::*;
use sprague_nimber::naive::{nim_product, nim_product64};
use sprague_nimber::{Multiplier, Nimber, Nimber128};

fn n(v: u64) -> Nimber {
    Nimber::new(v)
}

fn w(v: u128) -> Nimber128 {
    Nimber128::new(v)
}

/// Random nimbers biased towards the edges (0, 1, powers of two, small subfields).
fn nimber64() -> impl Strategy<Value = u64> {
    prop_oneof![
        4 => any::<u64>(),
        1 => 0u64..4,
        1 => (0u32..64).prop_map(|i| 1u64 << i),
        1 => any::<u16>().prop_map(u64::from),
    ]
}

fn nimber128() -> impl Strategy<Value = u128> {
    prop_oneof![
        4 => any::<u128>(),
        1 => 0u128..4,
        1 => (0u32..128).prop_map(|i| 1u128 << i),
        1 => any::<u64>().prop_map(u128::from),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn product_matches_naive_reference(a in nimber64(), b in nimber64(), c in nimber128(), d in nimber128()) {
        prop_assert_eq!((n(a) * n(b)).value(), nim_product64(a, b));
        prop_assert_eq!((w(c) * w(d)).value(), nim_product(c, d));
    }

    #[test]
    fn field_axioms_64(a in nimber64(), b in nimber64(), c in nimber64()) {
        let (a, b, c) = (n(a), n(b), n(c));
        prop_assert_eq!(a * b, b * a);
        prop_assert_eq!((a * b) * c, a * (b * c));
        prop_assert_eq!(a * (b + c), a * b + a * c);
        prop_assert_eq!(a * Nimber::ONE, a);
        prop_assert_eq!(a + a, Nimber::ZERO);
        if let Some(inverse) = a.inverse() {
            prop_assert_eq!(a * inverse, Nimber::ONE);
            prop_assert_eq!(b.checked_div(a).map(|q| q * a), Some(b));
        } else {
            prop_assert_eq!(a, Nimber::ZERO);
        }
    }

    #[test]
    fn field_axioms_128(a in nimber128(), b in nimber128(), c in nimber128()) {
        let (a, b, c) = (w(a), w(b), w(c));
        prop_assert_eq!(a * b, b * a);
        prop_assert_eq!((a * b) * c, a * (b * c));
        prop_assert_eq!(a * (b + c), a * b + a * c);
        prop_assert_eq!(a * Nimber128::ONE, a);
        if let Some(inverse) = a.inverse() {
            prop_assert_eq!(a * inverse, Nimber128::ONE);
        } else {
            prop_assert_eq!(a, Nimber128::ZERO);
        }
    }

    #[test]
    fn squares_roots_and_powers_64(a in nimber64(), e in 0u64..200, big in any::<u64>()) {
        let x = n(a);
        prop_assert_eq!(x.square(), x * x);
        prop_assert_eq!(x.square_root().square(), x);
        prop_assert_eq!(x.square().square_root(), x);
        let repeated = (0..e).fold(Nimber::ONE, |acc, _| acc * x);
        prop_assert_eq!(x.pow(e), repeated);
        prop_assert_eq!(x.pow(big) * x.pow(e), x.pow(big.wrapping_add(e)) * if big.checked_add(e).is_none() && a != 0 { x } else { Nimber::ONE });
        // Fermat: the multiplicative group has order 2⁶⁴ − 1; the square root is a^(2⁶³).
        prop_assert_eq!(x.pow(1 << 63), x.square_root());
        if a != 0 {
            prop_assert_eq!(x.pow(u64::MAX), Nimber::ONE);
            prop_assert_eq!(x.pow(u64::MAX - 1), x.inverse().unwrap_or(Nimber::ZERO));
        }
    }

    #[test]
    fn squares_roots_and_powers_128(a in nimber128(), e in 0u128..100) {
        let x = w(a);
        prop_assert_eq!(x.square(), x * x);
        prop_assert_eq!(x.square_root().square(), x);
        let repeated = (0..e).fold(Nimber128::ONE, |acc, _| acc * x);
        prop_assert_eq!(x.pow(e), repeated);
        prop_assert_eq!(x.pow(1 << 127), x.square_root());
        if a != 0 {
            prop_assert_eq!(x.pow(u128::MAX), Nimber128::ONE);
        }
    }

    #[test]
    fn artin_schreier_solver_by_substitution(a in nimber64(), c in nimber128(), x in nimber64()) {
        match n(a).artin_schreier_root() {
            Some(root) => {
                prop_assert_eq!(root * root + root, n(a));
                let other = root + Nimber::ONE;
                prop_assert_eq!(other * other + other, n(a));
                prop_assert_eq!(a >> 63, 0);
            }
            None => prop_assert_eq!(a >> 63, 1),
        }
        match w(c).artin_schreier_root() {
            Some(root) => prop_assert_eq!(root * root + root, w(c)),
            None => prop_assert_eq!(c >> 127, 1),
        }
        // Why None is right: x² ⊕ x always has trace 0 (bit 63 clear), and the
        // trace is the top bit: Tr(x) = x ⊕ x² ⊕ … ⊕ x^(2⁶³).
        let y = n(x) * n(x) + n(x);
        prop_assert_eq!(y.trace(), Nimber::ZERO);
        let trace = (0..64).fold((Nimber::ZERO, n(x)), |(sum, power), _| (sum + power, power.square())).0;
        prop_assert_eq!(trace, n(x).trace());
    }

    #[test]
    fn widths_agree_on_64_bit_inputs(a in nimber64(), b in nimber64(), e in any::<u64>()) {
        let (x, y) = (n(a), n(b));
        let (x128, y128) = (Nimber128::from(x), Nimber128::from(y));
        prop_assert_eq!(Nimber128::from(x * y), x128 * y128);
        prop_assert_eq!(Nimber128::from(x.square()), x128.square());
        prop_assert_eq!(Nimber128::from(x.square_root()), x128.square_root());
        prop_assert_eq!(x.inverse().map(Nimber128::from), x128.inverse());
        prop_assert_eq!(Nimber128::from(x.pow(e)), x128.pow(u128::from(e)));
        if let Some(root) = x.artin_schreier_root() {
            prop_assert_eq!(Nimber128::from(root), x128.artin_schreier_root().unwrap_or_default());
        }
        prop_assert_eq!(Nimber::try_from(x128), Ok(x));
    }

    #[test]
    fn batches_agree_with_scalar_products(pairs in proptest::collection::vec((nimber64(), nimber64()), 0..40), factor in nimber64()) {
        let a: Vec<Nimber> = pairs.iter().map(|p| n(p.0)).collect();
        let b: Vec<Nimber> = pairs.iter().map(|p| n(p.1)).collect();
        let mut out = vec![Nimber::ZERO; a.len()];
        Nimber::mul_batch(&a, &b, &mut out);
        for i in 0..a.len() {
            prop_assert_eq!(out[i], a[i] * b[i]);
        }
        Nimber::mul_batch_by(n(factor), &a, &mut out);
        let multiplier = Multiplier::new(n(factor));
        for i in 0..a.len() {
            prop_assert_eq!(out[i], n(factor) * a[i]);
            prop_assert_eq!(multiplier.apply(a[i]), n(factor) * a[i]);
        }
    }

    #[test]
    fn parsing_round_trips(a in any::<u64>(), c in any::<u128>()) {
        prop_assert_eq!(n(a).to_string().parse::<Nimber>(), Ok(n(a)));
        prop_assert_eq!(format!("{:#x}", n(a)).parse::<Nimber>(), Ok(n(a)));
        prop_assert_eq!(w(c).to_string().parse::<Nimber128>(), Ok(w(c)));
        prop_assert_eq!(format!("{:#x}", w(c)).parse::<Nimber128>(), Ok(w(c)));
        prop_assert_eq!(format!("{:x}", w(c)), format!("{c:x}"));
    }
}

#[test]
fn long_batches_use_the_table_and_agree() {
    let xs: Vec<Nimber> = (0..3000u64)
        .map(|i| n(i.wrapping_mul(0x9e37_79b9_7f4a_7c15)))
        .collect();
    let mut out = vec![Nimber::ZERO; xs.len()];
    let factor = n(0xfeed_face_cafe_beef);
    Nimber::mul_batch_by(factor, &xs, &mut out);
    for (x, z) in xs.iter().zip(&out) {
        assert_eq!(*z, factor * *x);
    }
}

#[test]
fn fermat_two_powers() {
    // For F = 2^(2^k): F ⊗ F = 3F/2 and F ⊗ x = F·x for x < F (Conway, ONAG ch. 6).
    for k in 0..7u32 {
        let f = 1u128 << (1u32 << k);
        assert_eq!((w(f) * w(f)).value(), 3 * f / 2, "F = 2^{}", 1u32 << k);
        for x in [0, 1, 2, 3, f / 2, f - 1, (f - 1) / 3, (f - 1) / 5]
            .into_iter()
            .filter(|&x| x < f)
        {
            assert_eq!(
                (w(f) * w(x)).value(),
                f * x,
                "F = 2^{} times {x}",
                1u32 << k
            );
        }
        if k < 6 {
            let f = f as u64;
            assert_eq!((n(f) * n(f)).value(), 3 * f / 2);
            assert_eq!((n(f) * n(f - 1)).value(), f * (f - 1));
        }
    }
}

#[test]
fn subfields_are_closed() {
    // The nimbers below 2^(2^k) form a subfield: closed under ⊗, inverse, square root.
    let mut state = 12345u64;
    let mut next = || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        state
    };
    for k in 0..=6u32 {
        let bits = 1u32 << k;
        let mask = if bits == 64 {
            u64::MAX
        } else {
            (1u64 << bits) - 1
        };
        for _ in 0..300 {
            let (a, b) = (n(next() & mask), n(next() & mask));
            assert_eq!((a * b).value() & !mask, 0);
            assert_eq!(a.square_root().value() & !mask, 0);
            assert_eq!(a.inverse().map_or(0, |i| i.value()) & !mask, 0);
        }
    }
    let mut next128 = || (u128::from(next()) << 64) | u128::from(next());
    for _ in 0..300 {
        let (a, b) = (w(next128()), w(next128()));
        let _ = a * b; // the whole range is the field: nothing to escape from
        let small = w(a.value() & u128::from(u64::MAX));
        assert_eq!((small * small).value() >> 64, 0);
        assert_eq!(small.inverse().map_or(0, |i| i.value()) >> 64, 0);
    }
    // Exhaustively in GF(16): closed under product and inverse.
    for a in 0..16 {
        for b in 0..16 {
            assert!((n(a) * n(b)).value() < 16);
        }
        assert!(n(a).inverse().map_or(0, |i| i.value()) < 16);
    }
}

#[test]
fn artin_schreier_exhaustive_in_the_field_of_65536() {
    // In GF(2¹⁶), x ↦ x² ⊕ x is two-to-one onto the a with bit 15 (the trace
    // of GF(2¹⁶)) clear; the solver must find exactly those in the subfield.
    let mut count = vec![0u8; 1 << 16];
    for x in 0..1u64 << 16 {
        let y = n(x) * n(x) + n(x);
        assert!(y.value() < 1 << 16);
        count[y.value() as usize] += 1;
    }
    for a in 0..1u64 << 16 {
        let solvable = a >> 15 == 0;
        assert_eq!(count[a as usize], if solvable { 2 } else { 0 }, "a = {a}");
        if solvable {
            let root = n(a).artin_schreier_root().expect("trace 0");
            assert!(root.value() < 1 << 16, "root of {a} leaves GF(2^16)");
            assert_eq!(root * root + root, n(a));
        }
    }
    // In GF(256) likewise, with the trace bit 7.
    for a in 0..256u64 {
        let roots = (0..256u64)
            .filter(|&x| (n(x) * n(x) + n(x)).value() == a)
            .count();
        assert_eq!(roots, if a >> 7 == 0 { 2 } else { 0 });
    }
}

#[test]
fn published_values() {
    // OEIS A051775, "Table T(n,m) = Nim-product of n and m, read by
    // antidiagonals, for n >= 0, m >= 0" (https://oeis.org/A051775), its
    // first 83 terms as published.
    const A051775: [u64; 83] = [
        0, 0, 0, 0, 1, 0, 0, 2, 2, 0, 0, 3, 3, 3, 0, 0, 4, 1, 1, 4, 0, 0, 5, 8, 2, 8, 5, 0, 0, 6,
        10, 12, 12, 10, 6, 0, 0, 7, 11, 15, 6, 15, 11, 7, 0, 0, 8, 9, 13, 2, 2, 13, 9, 8, 0, 0, 9,
        12, 14, 14, 7, 14, 14, 12, 9, 0, 0, 10, 14, 4, 10, 8, 8, 10, 4, 14, 10, 0, 0, 11, 15, 7,
        11,
    ];
    let antidiagonals: Vec<u64> = (0..13u64)
        .flat_map(|d| (0..=d).map(move |i| (n(i) * n(d - i)).value()))
        .take(A051775.len())
        .collect();
    assert_eq!(antidiagonals, A051775);
    // A051776 (the same table from n, m >= 1), row 2: 2, 3, 1, 8, 10, 11.
    let row_two: Vec<u64> = (1..7).map(|b| (n(2) * n(b)).value()).collect();
    assert_eq!(row_two, [2, 3, 1, 8, 10, 11]);
    // The nim-multiplication table below 16 (Conway, ONAG ch. 6; also A051775):
    // 4⊗4 = 6, 8⊗8 = 13, 4⊗8 = 11, and 15⊗15 = 12² ⊕ 3² = 11 ⊕ 2 = 9.
    assert_eq!((n(4) * n(4)).value(), 6);
    assert_eq!((n(8) * n(8)).value(), 13);
    assert_eq!((n(4) * n(8)).value(), 11);
    assert_eq!((n(15) * n(15)).value(), 9);
    // The `nimber` crate's README (crates.io, version 0.1.1): 2⁶³ ⊗ 2⁶² = 0xb9c59257c5445713.
    assert_eq!((n(1 << 63) * n(1 << 62)).value(), 0xb9c5_9257_c544_5713);
    assert_eq!((w(1 << 63) * w(1 << 62)).value(), 0xb9c5_9257_c544_5713);
}

#[test]
fn parsing_and_printing() {
    assert_eq!("0".parse::<Nimber>(), Ok(Nimber::ZERO));
    assert_eq!("18446744073709551615".parse::<Nimber>(), Ok(n(u64::MAX)));
    assert!("18446744073709551616".parse::<Nimber>().is_err());
    assert_eq!("18446744073709551616".parse::<Nimber128>(), Ok(w(1 << 64)));
    assert_eq!(
        "0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF".parse::<Nimber128>(),
        Ok(w(u128::MAX))
    );
    assert!(" 1".parse::<Nimber>().is_err());
    assert_eq!(format!("{}", n(42)), "42");
    assert_eq!(
        format!("{:x} {:#X} {:>5}", n(42), n(42), n(42)),
        "2a 0x2A    42"
    );
    let error = "0xzz".parse::<Nimber>().unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid character 'z' at byte 2: a hexadecimal number after 0x has only digits 0-9 and a-f"
    );
    assert_eq!(
        "99999999999999999999"
            .parse::<Nimber>()
            .unwrap_err()
            .to_string(),
        "number too large: a 64-bit nimber is at most 2^64 - 1 (18446744073709551615)"
    );
}
