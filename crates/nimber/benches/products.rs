//! Nim-product speed: ours (integer in and out; `Nimber * Nimber`, whose
//! elements are already in polynomial coordinates; pairwise and many-by-one
//! batches; the portable fallback) against a naive bit-by-bit product and the
//! `nimber` crate from crates.io, on the same random 64-bit inputs (fixed
//! seed). Prints the median and minimum ns per product over several
//! repetitions and the speed ratios. All implementations are checked to agree
//! on the inputs before timing.
//!
//! Run with `cargo bench -p sprague-nimber`.

use std::hint::black_box;
use std::process::exit;
use std::time::Instant;

use nimber::FiniteNimber;
use sprague_nimber::backend::portable_product;
use sprague_nimber::naive::nim_product64;
use sprague_nimber::{Nimber, Nimber128, backend};

const INPUTS: usize = 1 << 14;
const NAIVE_INPUTS: usize = 1 << 9;
const REPETITIONS: usize = 21;

/// SplitMix64 (Steele, Lea & Flood 2014): reproducible inputs.
fn random_words(seed: u64, count: usize) -> Vec<u64> {
    let mut state = seed;
    (0..count)
        .map(|_| {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        })
        .collect()
}

fn crates_io_product(a: u64, b: u64) -> u64 {
    let product = FiniteNimber::from(a) * FiniteNimber::from(b);
    product.as_slice()[0]
}

/// Median and minimum ns per product of `run`, which performs `count` products.
fn measure(count: usize, mut run: impl FnMut()) -> (f64, f64) {
    run(); // warm up caches and tables
    let mut samples: Vec<f64> = (0..REPETITIONS)
        .map(|_| {
            let start = Instant::now();
            run();
            start.elapsed().as_nanos() as f64 / count as f64
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    (samples[samples.len() / 2], samples[0])
}

fn main() {
    let a_values = random_words(1, INPUTS);
    let b_values = random_words(2, INPUTS);
    let a: Vec<Nimber> = a_values.iter().map(|&v| Nimber::new(v)).collect();
    let b: Vec<Nimber> = b_values.iter().map(|&v| Nimber::new(v)).collect();
    let factor = b[0];

    // Agreement check on every input (naive and crates.io on a prefix: they are slow).
    let mut batch = vec![Nimber::ZERO; INPUTS];
    Nimber::mul_batch(&a, &b, &mut batch);
    let mut by_one = vec![Nimber::ZERO; INPUTS];
    Nimber::mul_batch_by(factor, &a, &mut by_one);
    let mut batch_values = vec![0u64; INPUTS];
    Nimber::to_values(&batch, &mut batch_values);
    for i in 0..INPUTS {
        let scalar = (Nimber::new(a_values[i]) * Nimber::new(b_values[i])).value();
        let mut disagreements = Vec::new();
        if batch_values[i] != scalar || batch[i].value() != scalar {
            disagreements.push("batch");
        }
        if portable_product(a[i], b[i]).value() != scalar {
            disagreements.push("portable");
        }
        if by_one[i] != factor * a[i] {
            disagreements.push("many-by-one");
        }
        if i < NAIVE_INPUTS && crates_io_product(a_values[i], b_values[i]) != scalar {
            disagreements.push("crates.io nimber");
        }
        if i < NAIVE_INPUTS && nim_product64(a_values[i], b_values[i]) != scalar {
            disagreements.push("naive");
        }
        if !disagreements.is_empty() {
            eprintln!(
                "implementations disagree on {:#x} * {:#x}: {:?}",
                a_values[i], b_values[i], disagreements
            );
            exit(1);
        }
    }

    let mut out = vec![Nimber::ZERO; INPUTS];
    let mut out_words = vec![0u64; INPUTS];
    let mut scratch_a = vec![Nimber::ZERO; INPUTS];
    let mut scratch_b = vec![Nimber::ZERO; INPUTS];
    let mut rows: Vec<(&str, (f64, f64))> = Vec::new();

    rows.push((
        "ours, u64 in/out: new(a) * new(b) -> value",
        measure(INPUTS, || {
            for ((&x, &y), z) in a_values.iter().zip(&b_values).zip(out_words.iter_mut()) {
                *z = (Nimber::new(black_box(x)) * Nimber::new(black_box(y))).value();
            }
            black_box(&out_words);
        }),
    ));
    rows.push((
        "ours, Nimber * Nimber (scalar)",
        measure(INPUTS, || {
            for ((x, y), z) in a.iter().zip(&b).zip(out.iter_mut()) {
                *z = black_box(*x) * black_box(*y);
            }
            black_box(&out);
        }),
    ));
    rows.push((
        "ours, mul_batch (Nimbers)",
        measure(INPUTS, || {
            Nimber::mul_batch(black_box(&a), black_box(&b), &mut out);
            black_box(&out);
        }),
    ));
    rows.push((
        "ours, mul_batch_by (many-by-one)",
        measure(INPUTS, || {
            Nimber::mul_batch_by(black_box(factor), black_box(&a), &mut out);
            black_box(&out);
        }),
    ));
    rows.push((
        "ours, u64 in/out batch (from/mul/to)",
        measure(INPUTS, || {
            Nimber::from_values(black_box(&a_values), &mut scratch_a);
            Nimber::from_values(black_box(&b_values), &mut scratch_b);
            Nimber::mul_batch(&scratch_a, &scratch_b, &mut out);
            Nimber::to_values(&out, &mut out_words);
            black_box(&out_words);
        }),
    ));
    rows.push((
        "ours, portable fallback (Nimber*Nimber)",
        measure(INPUTS, || {
            for ((x, y), z) in a.iter().zip(&b).zip(out.iter_mut()) {
                *z = portable_product(black_box(*x), black_box(*y));
            }
            black_box(&out);
        }),
    ));
    rows.push((
        "crates.io nimber 0.1 (u64 in/out)",
        measure(NAIVE_INPUTS, || {
            for ((&x, &y), z) in a_values
                .iter()
                .zip(&b_values)
                .zip(out_words.iter_mut())
                .take(NAIVE_INPUTS)
            {
                *z = crates_io_product(black_box(x), black_box(y));
            }
            black_box(&out_words);
        }),
    ));
    rows.push((
        "naive bit-by-bit (u64 in/out)",
        measure(NAIVE_INPUTS, || {
            for ((&x, &y), z) in a_values
                .iter()
                .zip(&b_values)
                .zip(out_words.iter_mut())
                .take(NAIVE_INPUTS)
            {
                *z = nim_product64(black_box(x), black_box(y));
            }
            black_box(&out_words);
        }),
    ));
    let conversions = measure(INPUTS, || {
        for (&x, z) in a_values.iter().zip(out.iter_mut()) {
            *z = Nimber::new(black_box(x));
        }
        black_box(&out);
    });

    // Other operations, same inputs (ns per operation).
    let wide: Vec<Nimber128> = a_values
        .iter()
        .zip(&b_values)
        .map(|(&x, &y)| Nimber128::new((u128::from(x) << 64) | u128::from(y)))
        .collect();
    let mut wide_out = vec![Nimber128::ZERO; INPUTS];
    let mut others: Vec<(&str, (f64, f64))> = Vec::new();
    others.push(("Nimber::new (u64 -> Nimber)", conversions));
    others.push((
        "Nimber128 * Nimber128",
        measure(INPUTS, || {
            for (i, z) in wide_out.iter_mut().enumerate() {
                *z = black_box(wide[i]) * black_box(wide[INPUTS - 1 - i]);
            }
            black_box(&wide_out);
        }),
    ));
    others.push((
        "Nimber inverse",
        measure(INPUTS, || {
            for (x, z) in a.iter().zip(out.iter_mut()) {
                *z = black_box(*x).inverse().unwrap_or(Nimber::ZERO);
            }
            black_box(&out);
        }),
    ));
    others.push((
        "Nimber square_root",
        measure(INPUTS, || {
            for (x, z) in a.iter().zip(out.iter_mut()) {
                *z = black_box(*x).square_root();
            }
            black_box(&out);
        }),
    ));
    others.push((
        "Nimber pow (random 64-bit exponent)",
        measure(INPUTS / 16, || {
            for ((x, &e), z) in a
                .iter()
                .zip(&b_values)
                .zip(out.iter_mut())
                .take(INPUTS / 16)
            {
                *z = black_box(*x).pow(e);
            }
            black_box(&out);
        }),
    ));
    others.push((
        "Nimber128 inverse",
        measure(INPUTS, || {
            for (x, z) in wide.iter().zip(wide_out.iter_mut()) {
                *z = black_box(*x).inverse().unwrap_or(Nimber128::ZERO);
            }
            black_box(&wide_out);
        }),
    ));

    let features: Vec<&str> = [
        (
            "pclmulqdq",
            std::arch::is_x86_feature_detected!("pclmulqdq"),
        ),
        ("avx2", std::arch::is_x86_feature_detected!("avx2")),
        (
            "vpclmulqdq",
            std::arch::is_x86_feature_detected!("vpclmulqdq"),
        ),
        ("gfni", std::arch::is_x86_feature_detected!("gfni")),
        ("avx512f", std::arch::is_x86_feature_detected!("avx512f")),
    ]
    .into_iter()
    .filter_map(|(name, present)| present.then_some(name))
    .collect();
    println!(
        "nim-product of random 64-bit nimbers: {INPUTS} pairs ({NAIVE_INPUTS} for naive and crates.io), {REPETITIONS} repetitions"
    );
    println!(
        "backend {}; CPU features used or relevant: {}",
        backend().name(),
        features.join(", ")
    );
    println!("all implementations agree on every input");
    println!(
        "{:<42} {:>11} {:>10} {:>16}",
        "implementation (ns per product)", "median", "min", "median / ours"
    );
    let ours = rows[0].1.0;
    for (name, (median, min)) in &rows {
        println!(
            "{name:<42} {median:>11.2} {min:>10.2} {:>15.2}x",
            median / ours
        );
    }
    println!(
        "{:<42} {:>11} {:>10}",
        "other operation (ns each)", "median", "min"
    );
    for (name, (median, min)) in &others {
        println!("{name:<42} {median:>11.2} {min:>10.2}");
    }
    let find = |prefix: &str| {
        rows.iter()
            .find(|(name, _)| name.starts_with(prefix))
            .map(|r| r.1.0)
    };
    if let (Some(naive), Some(crates), Some(product)) = (
        find("naive"),
        find("crates.io"),
        find("ours, Nimber * Nimber"),
    ) {
        println!(
            "ratios (u64 in/out): naive / ours = {:.0}x, crates.io / ours = {:.0}x",
            naive / ours,
            crates / ours
        );
        println!(
            "ratios (Nimber * Nimber): naive / ours = {:.0}x, crates.io / ours = {:.0}x",
            naive / product,
            crates / product
        );
    }
}
