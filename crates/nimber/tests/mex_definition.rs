//! The nim-product agrees with Conway's mex definition on every pair below 256:
//! a ⊗ b = mex{(a'⊗b) ⊕ (a⊗b') ⊕ (a'⊗b') : a' < a, b' < b}
//! (*On Numbers and Games*, ch. 6).
//!
//! The table of fast products is checked to satisfy the defining recursion at
//! every pair; by induction on (a, b) it is then the mex-defined product. Each
//! pair is checked independently, so the work (≈ 5·10⁸ steps) is split over
//! threads.

use sprague_nimber::Nimber;

const N: usize = 256;

/// mex{row_[b] ⊕ row[b'] ⊕ row_[b'] : a' < a, b' < b} for the rows of `table`.
fn mex_by_definition(
    table: &[u8],
    a: usize,
    b: usize,
    seen: &mut [u32; N + 1],
    stamp: u32,
) -> usize {
    // Plain indexing loops: built-in slice indexing stays fast in debug builds.
    let row = &table[a * N..a * N + N];
    let mut a_ = 0;
    while a_ < a {
        let row_ = &table[a_ * N..a_ * N + N];
        let left = row_[b]; // a' ⊗ b
        let mut b_ = 0;
        while b_ < b {
            seen[usize::from(left ^ row[b_] ^ row_[b_])] = stamp;
            b_ += 1;
        }
        a_ += 1;
    }
    seen.iter().position(|&s| s != stamp).unwrap_or(N)
}

#[test]
fn product_matches_the_mex_definition_below_256() {
    let table: Vec<u8> = (0..N * N)
        .map(|i| (Nimber::new((i / N) as u64) * Nimber::new((i % N) as u64)).value() as u8)
        .collect();
    let threads = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(8);
    let failures: Vec<(usize, usize, usize)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let table = &table;
                scope.spawn(move || {
                    let mut seen = [0u32; N + 1];
                    let mut stamp = 0;
                    let mut failures = Vec::new();
                    // Rows t, t + threads, …; by symmetry only b ≤ a.
                    for a in (t..N).step_by(threads) {
                        for b in 0..=a {
                            stamp += 1;
                            let expected = mex_by_definition(table, a, b, &mut seen, stamp);
                            if usize::from(table[a * N + b]) != expected
                                || table[b * N + a] != table[a * N + b]
                            {
                                failures.push((a, b, expected));
                            }
                        }
                    }
                    failures
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a checking thread panicked"))
            .collect()
    });
    assert!(
        failures.is_empty(),
        "(a, b, mex) mismatches: {:?}",
        &failures[..failures.len().min(10)]
    );
}
