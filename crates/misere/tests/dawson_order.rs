//! The orders of the partial quotients Q_n of Dawson's Kayles (0.07) and of 0.137
//! (Dawson's Chess), settled heap count by heap count.
//!
//! For each n, |Q_n| is proven from both sides:
//!
//! - **At most |Q_n|.** `verify::check` walks every state of the outcome automaton and
//!   proves that Q_n, with the heap map `MisereQuotient` found, predicts the misère
//!   outcome of *every* sum of heaps ≤ n. The heap types it is given here (each heap's
//!   image and the images of its options) are computed from this file's own move
//!   generator, not from the quotient's.
//! - **At least |Q_n|.** A plain memoised misère search of sums (written here, sharing
//!   nothing with the quotient code, the engine or takebreak) takes for each element
//!   one sum of heaps ≤ n mapping to it, and for every pair x ≠ y a sum X of heaps ≤ n
//!   with o⁻(G + X) ≠ o⁻(H + X). |Q_n| pairwise distinguishable sums mean at least |Q_n|
//!   classes, whatever the quotient code does.
//!
//! CI checks every pair for every n up to 24 for 0.07 and 23 for 0.137 (the heaps
//! sprague's construction reaches; it stops at heap 25 and 24 respectively), and, the
//! other way, that small sums the quotients identify agree beside small sums. 0.137's
//! heap n behaves like 0.07's heap n + 1 (normal play has the same shift), and the
//! orders agree accordingly. The `#[ignore]`d test bounds |Q_n(0.07)| from below past
//! heap 24 by exact search alone, against Siegel's published |Q_30(0.07)| = 360.

use std::collections::HashMap;
use std::rc::Rc;

use sprague_misere::verify::{check, HeapType};
use sprague_misere::{Element, MisereQuotient};
use sprague_takebreak::TakeBreak;

/// Exact misère outcomes of sums of heaps of an octal game, by memoised search.
struct OctalSearch {
    /// digits[k − 1]: the octal digit for removing k tokens (bit 1: leave no heap,
    /// bit 2: leave one heap, bit 4: leave two heaps).
    digits: Vec<u8>,
    /// The options of each heap 0..=255, computed once.
    table: Rc<Vec<Vec<Vec<u8>>>>,
    /// Sorted heaps with a move (heaps without moves are the zero game) → the player
    /// to move wins.
    memo: HashMap<Vec<u8>, bool>,
}

impl OctalSearch {
    fn new(code: &str) -> Self {
        let digits = code
            .strip_prefix("0.")
            .expect("an octal code 0.d₁d₂…")
            .bytes()
            .map(|b| b - b'0')
            .collect();
        let mut search = Self {
            digits,
            table: Rc::new(Vec::new()),
            memo: HashMap::new(),
        };
        search.table = Rc::new((0..=255).map(|h| search.options_by_rule(h)).collect());
        search
    }

    /// The options of heap `h`, each a list of at most two nonempty heaps.
    fn options(&self, h: u8) -> &[Vec<u8>] {
        &self.table[usize::from(h)]
    }

    fn options_by_rule(&self, h: u8) -> Vec<Vec<u8>> {
        let mut options = Vec::new();
        for (k, &digit) in (1u8..).zip(&self.digits) {
            if k > h {
                break;
            }
            let rest = h - k;
            if digit & 1 != 0 && rest == 0 {
                options.push(vec![]);
            }
            if digit & 2 != 0 && rest >= 1 {
                options.push(vec![rest]);
            }
            if digit & 4 != 0 && rest >= 2 {
                for left in 1..=rest / 2 {
                    options.push(vec![left, rest - left]);
                }
            }
        }
        options
    }

    fn canonical(&self, mut heaps: Vec<u8>) -> Vec<u8> {
        heaps.retain(|&h| !self.options(h).is_empty());
        heaps.sort_unstable();
        heaps
    }

    /// Whether the player to move wins the misère sum `heaps`.
    fn next_wins(&mut self, heaps: &[u8]) -> bool {
        let key = self.canonical(heaps.to_vec());
        self.solve(key)
    }

    fn solve(&mut self, heaps: Vec<u8>) -> bool {
        if heaps.is_empty() {
            // No move: the previous player moved last and lost.
            return true;
        }
        if let Some(&known) = self.memo.get(&heaps) {
            return known;
        }
        let table = Rc::clone(&self.table);
        let mut wins = false;
        'moves: for (index, &h) in heaps.iter().enumerate() {
            if index > 0 && heaps[index - 1] == h {
                continue;
            }
            for parts in &table[usize::from(h)] {
                let mut next = heaps.clone();
                next.remove(index);
                next.extend(parts);
                let next = self.canonical(next);
                if !self.solve(next) {
                    wins = true;
                    break 'moves;
                }
            }
        }
        self.memo.insert(heaps, wins);
        wins
    }
}

fn tokens(sum: &[u8]) -> usize {
    sum.iter().map(|&h| usize::from(h)).sum()
}

fn joined(a: &[u8], b: &[u8]) -> Vec<u8> {
    let mut sum = a.to_vec();
    sum.extend_from_slice(b);
    sum.sort_unstable();
    sum
}

/// The upper bound: `verify::check` proves that Q_n and the heap map predict every
/// outcome, with the heap types built from this file's move generator.
fn prove_upper_bound(q: &MisereQuotient<TakeBreak>, search: &OctalSearch, n: u8) -> usize {
    let m = q.monoid();
    let image = |h: u8| q.image(u64::from(h)).expect("a heap within the quotient");
    let mut types: Vec<HeapType> = Vec::new();
    for h in 1..=n {
        let mut options: Vec<Element> = search
            .options(h)
            .iter()
            .map(|parts| parts.iter().fold(0, |x, &p| m.mul(x, image(p))))
            .collect();
        if options.is_empty() {
            assert_eq!(image(h), 0, "heap {h} has no move, so it is the identity");
            continue;
        }
        options.sort_unstable();
        options.dedup();
        let ty = HeapType {
            image: image(h),
            options,
        };
        if !types.contains(&ty) {
            types.push(ty);
        }
    }
    assert!(m.is_reduced(), "Q_{n} is reduced");
    assert!(m.is_associative(), "Q_{n} is a monoid");
    check(m, &types, 2_000_000).unwrap_or_else(|e| panic!("Q_{n} fails the exact check: {e}"))
}

/// What the lower-bound search did for one n.
#[derive(Debug, Default)]
struct PairCount {
    told_apart: usize,
    skipped: usize,
    largest: usize,
}

/// The lower bound: every pair of elements of Q_n told apart by exact search (pairs
/// whose sums have more than `max_tokens` tokens skipped).
fn distinguish_pairs(
    q: &MisereQuotient<TakeBreak>,
    search: &mut OctalSearch,
    max_tokens: usize,
) -> PairCount {
    let m = q.monoid();
    let order = m.order();
    let reps: Vec<Vec<u8>> = (0..order as Element)
        .map(|x| {
            q.representative(x)
                .iter()
                .map(|&h| u8::try_from(h).expect("a small heap"))
                .collect()
        })
        .collect();
    // Each representative maps to its element (the quotient's own claim; the search
    // below does not depend on it, only the choice of sums does).
    for (x, rep) in reps.iter().enumerate() {
        let heaps: Vec<u64> = rep.iter().map(|&h| u64::from(h)).collect();
        assert_eq!(q.image_of_sum(&heaps), Some(x as Element));
    }
    let mut count = PairCount::default();
    for x in 0..order {
        for y in x + 1..order {
            let (ex, ey) = (x as Element, y as Element);
            let z = (0..order)
                .filter(|&z| m.is_p(m.mul(ex, z as Element)) != m.is_p(m.mul(ey, z as Element)))
                .min_by_key(|&z| tokens(&reps[x]).max(tokens(&reps[y])) + tokens(&reps[z]))
                .expect("distinct elements of a reduced quotient are told apart");
            let (g, h) = (joined(&reps[x], &reps[z]), joined(&reps[y], &reps[z]));
            if tokens(&g).max(tokens(&h)) > max_tokens {
                count.skipped += 1;
                continue;
            }
            let (g_wins, h_wins) = (search.next_wins(&g), search.next_wins(&h));
            assert_ne!(
                g_wins, h_wins,
                "exact search does not tell {:?} and {:?} apart with X = {:?}",
                reps[x], reps[y], reps[z]
            );
            let z = z as Element;
            assert_eq!(
                !g_wins,
                m.is_p(m.mul(ex, z)),
                "the quotient's outcome of {g:?}"
            );
            assert_eq!(
                !h_wins,
                m.is_p(m.mul(ey, z)),
                "the quotient's outcome of {h:?}"
            );
            count.told_apart += 1;
            count.largest = count.largest.max(tokens(&g)).max(tokens(&h));
        }
    }
    count
}

/// For n = 1..=`last`: |Q_n| proven from both sides; returns the orders and the pairs
/// skipped in all.
fn orders(code: &str, last: u8, max_tokens: usize) -> (Vec<usize>, usize) {
    let mut q = MisereQuotient::take_break(TakeBreak::octal(code).expect("an octal code"));
    let mut search = OctalSearch::new(code);
    let mut orders = Vec::new();
    let mut skipped = 0;
    for n in 1..=last {
        q.extend_to(u64::from(n))
            .unwrap_or_else(|e| panic!("{code}: Q_{n}: {e}"));
        let states = prove_upper_bound(&q, &search, n);
        let count = distinguish_pairs(&q, &mut search, max_tokens);
        let order = q.monoid().order();
        eprintln!(
            "{code} Q_{n}: order {order}, P-portion {}, {states} check states; {} pairs told apart, {} skipped, largest sum {} tokens; {} positions searched",
            q.monoid().p_portion().len(),
            count.told_apart,
            count.skipped,
            count.largest,
            search.memo.len()
        );
        skipped += count.skipped;
        orders.push(order);
    }
    (orders, skipped)
}

/// Every multiset of at most `max_heaps` heaps from `heaps` with at most `max_tokens`
/// tokens.
fn sums_up_to(heaps: &[u8], max_tokens: usize, max_heaps: usize) -> Vec<Vec<u8>> {
    let mut all = vec![vec![]];
    let mut frontier: Vec<(Vec<u8>, usize)> = vec![(vec![], 0)];
    while let Some((sum, first)) = frontier.pop() {
        for (i, &h) in heaps.iter().enumerate().skip(first) {
            if sum.len() < max_heaps && tokens(&sum) + usize::from(h) <= max_tokens {
                let mut grown = sum.clone();
                grown.push(h);
                all.push(grown.clone());
                frontier.push((grown, i));
            }
        }
    }
    all
}

/// A lower bound on |Q_n| by exact search alone, without the quotient: the sums of
/// heaps ≤ n within `rows` (tokens, heaps), told apart by their outcomes beside every
/// sum within `tests`. Sums with different outcome vectors lie in different classes.
fn classes_told_apart(
    search: &mut OctalSearch,
    n: u8,
    (row_tokens, row_heaps): (usize, usize),
    (test_tokens, test_heaps): (usize, usize),
) -> usize {
    let live: Vec<u8> = (1..=n).filter(|&h| !search.options(h).is_empty()).collect();
    let rows = sums_up_to(&live, row_tokens, row_heaps);
    let tests = sums_up_to(&live, test_tokens, test_heaps);
    let mut signatures = std::collections::HashSet::new();
    for row in &rows {
        let signature: Vec<bool> = tests
            .iter()
            .map(|test| search.next_wins(&joined(row, test)))
            .collect();
        signatures.insert(signature);
    }
    signatures.len()
}

/// |Q_n(0.07)| for n = 1..=24: heap 1 has no move; 2 at heap 2, 6 at 4, 12 at 10, 24
/// from 14.
const DAWSON_KAYLES: [usize; 24] = [
    1, 2, 2, 6, 6, 6, 6, 6, 6, 12, 12, 12, 12, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24,
];

#[test]
fn dawsons_kayles_orders_are_proven_from_both_sides() {
    // Every pair of every Q_n, n ≤ 24 (about 1 s in a debug build; the largest sum
    // searched has 52 tokens).
    let (orders, skipped) = orders("0.07", 24, usize::MAX);
    assert_eq!((orders.as_slice(), skipped), (&DAWSON_KAYLES[..], 0));
}

#[test]
fn dawsons_chess_orders_are_proven_from_both_sides() {
    // 0.137's heap n plays like 0.07's heap n + 1 (largest sum searched: 45 tokens).
    let (orders, skipped) = orders("0.137", 23, usize::MAX);
    assert_eq!((orders.as_slice(), skipped), (&DAWSON_KAYLES[1..], 0));
}

/// Sums the quotient identifies agree beside small sums (exact search): every sum of
/// at most two heaps ≤ n grouped by its element, each compared with the first of its
/// group beside every sum of at most two heaps ≤ n, within `max_tokens` in all.
fn identified_sums_agree(code: &str, n: u8, max_tokens: usize) -> usize {
    let mut q = MisereQuotient::take_break(TakeBreak::octal(code).expect("an octal code"));
    q.extend_to(u64::from(n)).expect("the partial quotient");
    let mut search = OctalSearch::new(code);
    let live: Vec<u8> = (1..=n).filter(|&h| !search.options(h).is_empty()).collect();
    let sums = sums_up_to(&live, usize::MAX, 2);
    let mut groups: HashMap<Element, Vec<&Vec<u8>>> = HashMap::new();
    for sum in &sums {
        let heaps: Vec<u64> = sum.iter().map(|&h| u64::from(h)).collect();
        let element = q.image_of_sum(&heaps).expect("heaps within the quotient");
        groups.entry(element).or_default().push(sum);
    }
    let mut compared = 0;
    for group in groups.values() {
        let first = group[0];
        for other in &group[1..] {
            for x in &sums {
                let (g, h) = (joined(first, x), joined(other, x));
                if tokens(&g).max(tokens(&h)) > max_tokens {
                    continue;
                }
                assert_eq!(
                    search.next_wins(&g),
                    search.next_wins(&h),
                    "{code}: {first:?} and {other:?} have one element of Q_{n} but differ beside {x:?}"
                );
                compared += 1;
            }
        }
    }
    compared
}

#[test]
fn sums_the_quotients_identify_agree_beside_small_sums() {
    assert!(identified_sums_agree("0.07", 24, 40) > 10_000);
    assert!(identified_sums_agree("0.137", 23, 40) > 10_000);
}

/// Siegel (T. Plambeck's blog *Advances in Losing*, miseregames.wordpress.com,
/// 28 August 2007, "Some MisereSolver questions answered"): "Q_30(0.07) has size 360".
const SIEGEL_Q30_DAWSONS_KAYLES: usize = 360;

#[test]
#[ignore = "45 s CPU, 0.6 GB in release: cargo test --release -p sprague-misere --test dawson_order -- --ignored"]
fn the_quotient_grows_at_heap_25_as_exact_search_shows() {
    // Lower bounds on |Q_n| past heap 24 (where sprague's construction stops), by exact
    // search alone: sums of at most three heaps and 40 tokens, told apart beside sums of
    // at most two heaps and 30 tokens. Q_n only grows with n, and Siegel's order of
    // Q_30 bounds them all.
    let mut search = OctalSearch::new("0.07");
    let mut last = 0;
    for n in 24..=30 {
        let bound = classes_told_apart(&mut search, n, (40, 3), (30, 2));
        eprintln!("0.07: |Q_{n}| ≥ {bound}");
        assert!(bound >= last && bound <= SIEGEL_Q30_DAWSONS_KAYLES);
        if n == 24 {
            assert!(bound <= DAWSON_KAYLES[23]);
        }
        last = bound;
    }
    // Heap 25 splits Q_24: more than 24 classes among sums of heaps ≤ 25 (larger sums
    // tell apart more: 44 with rows of 50 and tests of 36 tokens, 53 with 60 and 40).
    let bound = classes_told_apart(&mut OctalSearch::new("0.07"), 25, (50, 3), (36, 2));
    eprintln!("0.07: |Q_25| ≥ {bound} (rows of 50 tokens, tests of 36)");
    assert!(bound > DAWSON_KAYLES[23]);
}
