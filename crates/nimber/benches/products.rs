//! Nim-product speed: ours (scalar, pairwise batch, many-by-one, portable
//! fallback) against a naive bit-by-bit product and the `nimber` crate from
//! crates.io, on the same random 64-bit inputs (fixed seed). Prints the median
//! and minimum ns per product over several repetitions and the speed ratios.
//! All implementations are checked to agree on the inputs before timing.
//!
//! Run with `cargo bench -p sprague-nimber`.

use std::hint::black_box;
use std::process::exit;
use std::time::Instant;

use nimber::FiniteNimber;
use sprague_nimber::backend::portable_product;
use sprague_nimber::naive::nim_product64;
use sprague_nimber::{Multiplier, Nimber, Nimber128, backend};

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
    let a: Vec<Nimber> = random_words(1, INPUTS)
        .into_iter()
        .map(Nimber::new)
        .collect();
    let b: Vec<Nimber> = random_words(2, INPUTS)
        .into_iter()
        .map(Nimber::new)
        .collect();
    let factor = b[0];

    // Agreement check on every input (naive and crates.io on a prefix: they are slow).
    let mut batch = vec![Nimber::ZERO; INPUTS];
    Nimber::mul_batch(&a, &b, &mut batch);
    let mut by_one = vec![Nimber::ZERO; INPUTS];
    Nimber::mul_batch_by(factor, &a, &mut by_one);
    let multiplier = Multiplier::new(factor);
    for i in 0..INPUTS {
        let scalar = a[i] * b[i];
        let mut disagreements = Vec::new();
        if batch[i] != scalar {
            disagreements.push("batch");
        }
        if portable_product(a[i], b[i]) != scalar {
            disagreements.push("portable");
        }
        if by_one[i] != factor * a[i] || multiplier.apply(a[i]) != factor * a[i] {
            disagreements.push("many-by-one");
        }
        if i < NAIVE_INPUTS && crates_io_product(a[i].value(), b[i].value()) != scalar.value() {
            disagreements.push("crates.io nimber");
        }
        if i < NAIVE_INPUTS && nim_product64(a[i].value(), b[i].value()) != scalar.value() {
            disagreements.push("naive");
        }
        if !disagreements.is_empty() {
            eprintln!(
                "implementations disagree on {:#x} * {:#x}: {:?}",
                a[i].value(),
                b[i].value(),
                disagreements
            );
            exit(1);
        }
    }

    let mut out = vec![Nimber::ZERO; INPUTS];
    let mut out_words = vec![0u64; INPUTS];
    let mut rows: Vec<(&str, (f64, f64))> = Vec::new();

    rows.push((
        "ours, scalar (a * b)",
        measure(INPUTS, || {
            for ((x, y), z) in a.iter().zip(&b).zip(out.iter_mut()) {
                *z = black_box(*x) * black_box(*y);
            }
            black_box(&out);
        }),
    ));
    rows.push((
        "ours, batch (mul_batch)",
        measure(INPUTS, || {
            Nimber::mul_batch(black_box(&a), black_box(&b), &mut out);
            black_box(&out);
        }),
    ));
    rows.push((
        "ours, many-by-one (Multiplier)",
        measure(INPUTS, || {
            multiplier.apply_batch(black_box(&a), &mut out);
            black_box(&out);
        }),
    ));
    rows.push((
        "ours, many-by-one (mul_batch_by)",
        measure(INPUTS, || {
            Nimber::mul_batch_by(black_box(factor), black_box(&a), &mut out);
            black_box(&out);
        }),
    ));
    let short = &a[..1000];
    rows.push((
        "ours, many-by-one, 1000 (mul_batch_by)",
        measure(short.len(), || {
            Nimber::mul_batch_by(black_box(factor), black_box(short), &mut out[..1000]);
            black_box(&out);
        }),
    ));
    rows.push((
        "ours, portable fallback (scalar)",
        measure(INPUTS, || {
            for ((x, y), z) in a.iter().zip(&b).zip(out.iter_mut()) {
                *z = portable_product(black_box(*x), black_box(*y));
            }
            black_box(&out);
        }),
    ));
    rows.push((
        "crates.io nimber 0.1 (scalar)",
        measure(NAIVE_INPUTS, || {
            for ((x, y), z) in a
                .iter()
                .zip(&b)
                .zip(out_words.iter_mut())
                .take(NAIVE_INPUTS)
            {
                *z = crates_io_product(black_box(x.value()), black_box(y.value()));
            }
            black_box(&out_words);
        }),
    ));
    rows.push((
        "naive bit-by-bit (scalar)",
        measure(NAIVE_INPUTS, || {
            for ((x, y), z) in a
                .iter()
                .zip(&b)
                .zip(out_words.iter_mut())
                .take(NAIVE_INPUTS)
            {
                *z = nim_product64(black_box(x.value()), black_box(y.value()));
            }
            black_box(&out_words);
        }),
    ));

    let factors: Vec<Nimber> = b.iter().take(256).copied().collect();
    let build = measure(factors.len(), || {
        for &factor in &factors {
            black_box(Multiplier::new(black_box(factor)));
        }
    });

    let ours = rows[0].1.0;
    println!(
        "nim-product of random 64-bit nimbers: {INPUTS} pairs ({NAIVE_INPUTS} for naive and crates.io), {REPETITIONS} repetitions, backend {}",
        backend().name()
    );
    println!("all implementations agree on every input");
    println!(
        "{:<36} {:>12} {:>10} {:>18}",
        "implementation", "median ns", "min ns", "median / scalar"
    );
    for (name, (median, min)) in &rows {
        println!(
            "{name:<36} {median:>12.2} {min:>10.2} {:>17.2}x",
            median / ours
        );
    }
    println!(
        "building a Multiplier (64 products + 20 KiB of tables): median {:.0} ns, min {:.0} ns",
        build.0, build.1
    );

    // Other operations, same inputs (ns per operation, median).
    let wide: Vec<Nimber128> = a
        .iter()
        .zip(&b)
        .map(|(x, y)| Nimber128::new((u128::from(x.value()) << 64) | u128::from(y.value())))
        .collect();
    let mut wide_out = vec![Nimber128::ZERO; INPUTS];
    let mut others: Vec<(&str, (f64, f64))> = Vec::new();
    others.push((
        "Nimber128 product",
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
            for ((x, y), z) in a.iter().zip(&b).zip(out.iter_mut()).take(INPUTS / 16) {
                *z = black_box(*x).pow(y.value());
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
    println!(
        "{:<36} {:>12} {:>10}",
        "other operation", "median ns", "min ns"
    );
    for (name, (median, min)) in &others {
        println!("{name:<36} {median:>12.2} {min:>10.2}");
    }
    let find = |prefix: &str| {
        rows.iter()
            .find(|(name, _)| name.starts_with(prefix))
            .map(|r| r.1.0)
    };
    if let (Some(naive), Some(crates)) = (find("naive"), find("crates.io")) {
        println!(
            "ratios: naive / ours-scalar = {:.0}x, crates.io / ours-scalar = {:.1}x",
            naive / ours,
            crates / ours
        );
    }
}
