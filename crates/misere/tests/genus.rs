//! Genus symbols against their published values (Nim heaps, ONAG ch. 12) and
//! against exact misère search (the engine's `MisereSearch`).

use sprague_engine::{misere::MisereSearch, HeapFamily, HeapGame, Heaps};
use sprague_misere::genus::{tame_sum_is_p, Genus, GenusSolver};
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
