//! Genus symbols against their published values (Nim heaps, ONAG ch. 12) and
//! against exact misère search (the engine's `MisereSearch`).

use sprague_engine::{misere::MisereSearch, HeapFamily, HeapGame, Heaps};
use sprague_misere::genus::{tame_sum_is_p, Genus, GenusClass, GenusError, GenusSolver};
use sprague_takebreak::TakeBreak;

struct Nim;
impl HeapFamily for Nim {
    fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
        for left in 0..heap {
            visit(&[left]);
        }
    }
}

#[test]
fn nim_heaps_have_the_published_genera_and_are_tame() {
    // ONAG ch. 12: *0 = 0^{120}, *1 = 1^{031}, *a = a^{a,a⊕2} for a ≥ 2.
    let mut solver = GenusSolver::new(Nim, 2_000_000);
    let expected = [
        "0^120", "1^031", "2^20", "3^31", "4^46", "5^57", "6^64", "7^75",
    ];
    for (a, text) in expected.iter().enumerate() {
        let genus = solver.genus(&[a as u64]).unwrap();
        assert_eq!(genus.to_string(), *text);
        assert_eq!(genus, Genus::nim_heap(a as u64));
        assert!(solver.is_tame(a as u64).unwrap());
    }
}

#[test]
fn the_first_misere_value_is_the_misere_outcome() {
    // γ₀ = g⁻(G) is 0 exactly at misère P-positions.
    for code in ["0.77", "0.07", "0.137"] {
        let rule = TakeBreak::octal(code).unwrap();
        let mut solver = GenusSolver::new(rule.clone(), 2_000_000);
        let mut exact = MisereSearch::new(HeapGame::new(rule), 2_000_000);
        for a in 1..=10 {
            for b in 0..=a.min(6) {
                let sum: Vec<u64> = [a, b].into_iter().filter(|&h| h > 0).collect();
                let genus = solver.genus(&sum).unwrap();
                let next_wins = exact.next_player_wins(&[Heaps::new(sum.clone())]).unwrap();
                assert_eq!(genus.misere[0] == 0, !next_wins, "{code} {sum:?}: {genus}");
            }
        }
    }
}

#[test]
fn sums_of_tame_heaps_follow_the_misere_nim_rule_like_exact_search() {
    let mut checked = 0;
    for code in [
        "0.07", "0.137", "0.77", "0.51", "0.14", "0.6", "0.71", "0.31",
    ] {
        let rule = TakeBreak::octal(code).unwrap();
        let mut solver = GenusSolver::new(rule.clone(), 2_000_000);
        let mut exact = MisereSearch::new(HeapGame::new(rule), 2_000_000);
        let tame: Vec<u64> = (1..=9).filter(|&h| solver.is_tame(h).unwrap()).collect();
        for (i, &a) in tame.iter().enumerate() {
            for (j, &b) in tame.iter().enumerate().skip(i) {
                for &c in tame.iter().skip(j) {
                    let sum = vec![a, b, c];
                    let genera: Vec<Genus> =
                        sum.iter().map(|&h| solver.genus(&[h]).unwrap()).collect();
                    let by_genus = tame_sum_is_p(&genera).expect("tame heaps have Nim genera");
                    let next_wins = exact.next_player_wins(&[Heaps::new(sum.clone())]).unwrap();
                    assert_eq!(by_genus, !next_wins, "{code} {sum:?}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} sums");
}

/// g⁻(heaps + twos·*2 + ones·*1) straight from the definition (misère mex rule on the
/// concrete sum, the Nim heaps played as heaps), independent of the solver's recursion.
struct DirectMisere {
    rule: TakeBreak,
    memo: std::collections::HashMap<(Vec<u64>, u32, u32), u64>,
}

impl DirectMisere {
    fn new(code: &str) -> Self {
        Self {
            rule: TakeBreak::octal(code).unwrap(),
            memo: Default::default(),
        }
    }

    fn value(&mut self, heaps: &[u64], twos: u32, ones: u32) -> u64 {
        let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        if let Some(&v) = self.memo.get(&(key.clone(), twos, ones)) {
            return v;
        }
        let mut seen = Vec::new();
        for (i, &h) in key.iter().enumerate() {
            let mut moves: Vec<Vec<u64>> = Vec::new();
            self.rule
                .for_each_option(h, &mut |parts| moves.push(parts.to_vec()));
            for parts in moves {
                let mut next = key.clone();
                next.remove(i);
                next.extend(parts);
                seen.push(self.value(&next, twos, ones));
            }
        }
        if twos > 0 {
            seen.push(self.value(&key, twos - 1, ones + 1));
            seen.push(self.value(&key, twos - 1, ones));
        }
        if ones > 0 {
            seen.push(self.value(&key, twos, ones - 1));
        }
        let value = if seen.is_empty() {
            1
        } else {
            (0..).find(|v| !seen.contains(v)).unwrap()
        };
        self.memo.insert((key, twos, ones), value);
        value
    }
}

const GAMES: [&str; 7] = ["0.77", "0.07", "0.137", "0.6", "0.31", "0.51", "4.7"];

#[test]
fn genus_terms_equal_the_definition_by_direct_search() {
    // γₖ = g⁻(G + k·*2), with the *2's played as real heaps (the solver instead uses
    // g⁻(H + *1) = g⁻(H) ⊕ 1).
    for code in GAMES {
        let mut solver = GenusSolver::new(TakeBreak::octal(code).unwrap(), 2_000_000);
        let mut direct = DirectMisere::new(code);
        for a in 1..=9u64 {
            for b in 0..=a.min(5) {
                let sum: Vec<u64> = [a, b].into_iter().filter(|&h| h > 0).collect();
                let genus = solver.genus(&sum).unwrap();
                let terms: Vec<u64> = (0..8).map(|k| direct.value(&sum, k, 0)).collect();
                // The written symbol, continued by its alternation, is the sequence.
                for (k, &term) in terms.iter().enumerate() {
                    let n = genus.misere.len();
                    let written = if k < n {
                        genus.misere[k]
                    } else {
                        genus.misere[n - 2 + (k - (n - 2)) % 2]
                    };
                    assert_eq!(written, term, "{code} {sum:?} γ{k}: {genus}");
                }
            }
        }
    }
}

/// Every position (sum of heaps) reachable from `heap`.
fn positions(rule: &TakeBreak, heap: u64) -> Vec<Vec<u64>> {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![vec![heap]];
    seen.insert(vec![heap]);
    while let Some(sum) = stack.pop() {
        for (i, &h) in sum.iter().enumerate() {
            let mut moves: Vec<Vec<u64>> = Vec::new();
            rule.for_each_option(h, &mut |parts| moves.push(parts.to_vec()));
            for parts in moves {
                let mut next = sum.clone();
                next.remove(i);
                next.extend(parts.into_iter().filter(|&p| p > 0));
                next.sort_unstable();
                if seen.insert(next.clone()) {
                    stack.push(next);
                }
            }
        }
    }
    seen.into_iter().collect()
}

#[test]
fn classes_follow_their_definitions_position_by_position() {
    // Tame: every position has a Nim position's genus (checked on every position, not
    // through the solver's heap recursion). Restive: not tame, and γₖ = γₖ(*g) for k ≥ 1.
    let mut counts = [0; 3];
    for code in GAMES {
        let rule = TakeBreak::octal(code).unwrap();
        let mut solver = GenusSolver::new(rule.clone(), 2_000_000);
        for heap in 1..=12 {
            let tame = positions(&rule, heap)
                .iter()
                .all(|sum| solver.genus(sum).unwrap().is_tame_genus());
            let genus = solver.genus(&[heap]).unwrap();
            let nim = Genus::nim_heap(genus.normal);
            let mut direct = DirectMisere::new(code);
            let firm_like =
                (1..8u32).all(|k| direct.value(&[heap], k, 0) == nim_term(&nim, k as usize));
            let expected = if tame {
                GenusClass::Tame
            } else if firm_like {
                GenusClass::Restive
            } else {
                GenusClass::Restless
            };
            let class = solver.class(heap).unwrap();
            assert_eq!(class, expected, "{code} heap {heap}: {genus}");
            assert_eq!(solver.is_tame(heap).unwrap(), tame);
            counts[class as usize] += 1;
        }
    }
    // The check covers all three classes.
    assert!(counts.iter().all(|&c| c > 0), "{counts:?}");
}

/// γₖ of the Nim heap *g: 1,2,0,2,0… for *0; 0,3,1,3,1… for *1; g, g⊕2, g, … otherwise.
fn nim_term(nim: &Genus, k: usize) -> u64 {
    let g = nim.normal;
    match (g, k) {
        (0, 0) => 1,
        (1, 0) => 0,
        (_, 0) => g,
        _ if k % 2 == 1 => g ^ 2,
        _ => g,
    }
}

struct NimHeaps;
impl HeapFamily for NimHeaps {
    fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
        for left in 0..heap {
            visit(&[left]);
        }
    }
}

#[test]
fn nim_positions_have_fickle_or_firm_genera_and_misere_nim_outcomes() {
    // A Nim position with a heap of two or more has genus g^{g,g⊕2} (g its Nim-sum),
    // e.g. *2 + *2 = 0^{02}, *2 + *3 = 1^{13}; one of heaps ≤ 1 has 0^{120} or 1^{031}.
    let mut solver = GenusSolver::new(NimHeaps, 2_000_000);
    assert_eq!(solver.genus(&[2, 2]).unwrap().to_string(), "0^02");
    assert_eq!(solver.genus(&[2, 3]).unwrap().to_string(), "1^13");
    for a in 0..=5u64 {
        for b in 0..=5 {
            for c in 0..=3 {
                let genus = solver.genus(&[a, b, c]).unwrap();
                let g = a ^ b ^ c;
                if a.max(b).max(c) >= 2 {
                    assert_eq!(genus, Genus::firm(g), "{a} {b} {c}");
                } else {
                    assert_eq!(genus, Genus::nim_heap(g), "{a} {b} {c}");
                }
                // Misère Nim (Bouton): P iff (some heap ≥ 2 and g = 0) or (all ≤ 1 and g = 1).
                let p = if a.max(b).max(c) >= 2 { g == 0 } else { g == 1 };
                assert_eq!(genus.misere[0] == 0, p, "{a} {b} {c}");
                assert_eq!(
                    tame_sum_is_p(std::slice::from_ref(&genus)),
                    Some(p),
                    "{a} {b} {c}: {genus}"
                );
            }
        }
    }
}

#[test]
fn the_genus_work_is_counted_and_refused_past_the_limit() {
    use std::sync::atomic::AtomicBool;
    let go = AtomicBool::new(false);
    let mut solver = GenusSolver::new(TakeBreak::octal("0.77").unwrap(), 1_000);
    let counted = solver.positions_of_heaps(&[1, 2, 3, 4, 5, 6, 7, 8], 1_000, &go);
    assert!(matches!(counted, Ok(n) if n < 1_000));
    assert_eq!(
        solver.positions_of_heaps(&(1..=40).collect::<Vec<_>>(), 1_000, &go),
        Err(GenusError::TooLarge { limit: 1_000 })
    );
    assert_eq!(
        solver.genus(&[40]),
        Err(GenusError::TooLarge { limit: 1_000 })
    );
    let stop = AtomicBool::new(true);
    assert_eq!(
        solver.positions_of_heaps(&[30], 1_000_000, &stop),
        Err(GenusError::Interrupted)
    );
}

#[test]
fn a_position_of_firm_genus_0_02_is_tame() {
    // Stalking (0.31): heap 2 is *2 and heap 3's only move leaves heap 2, so heap 3 is
    // {*2}, of genus 0^{02} (that of *2 + *2) — a tame genus. (Counting only Nim heaps'
    // genera as tame once made heaps 3.. of 0.31 wild.)
    let mut solver = GenusSolver::new(TakeBreak::octal("0.31").unwrap(), 100_000);
    assert_eq!(solver.genus(&[3]).unwrap().to_string(), "0^02");
    assert_eq!(solver.class(3).unwrap(), GenusClass::Tame);
}

#[test]
fn the_positions_kept_are_those_walked_and_within_the_partition_bound() {
    use sprague_misere::genus::positions_bound;
    use std::sync::atomic::AtomicBool;
    let go = AtomicBool::new(false);
    for code in GAMES {
        let mut solver = GenusSolver::new(TakeBreak::octal(code).unwrap(), 2_000_000);
        let heaps: Vec<u64> = (1..=20).collect();
        let walked = solver.positions_of_heaps(&heaps, 2_000_000, &go).unwrap();
        for &heap in &heaps {
            solver.genus(&[heap]).unwrap();
        }
        assert_eq!(solver.positions_kept(), walked, "{code}");
        // Σ_{n ≤ 20} p(n) = 2714 (OEIS A000070).
        assert_eq!(positions_bound(20, usize::MAX), Some(2714));
        assert!(walked <= 2714, "{code}: {walked}");
    }
}
