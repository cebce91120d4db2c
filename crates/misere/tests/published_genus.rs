//! Genus symbols and tameness against published values (T. E. Plambeck's misère
//! octal-game pages, www.plambeck.org/oldhtml/mathematics/games/misere/, which also
//! quote Winning Ways' tables). Only what those pages state is asserted.

use sprague_misere::genus::GenusSolver;
use sprague_takebreak::TakeBreak;

fn solver(code: &str) -> GenusSolver<TakeBreak> {
    GenusSolver::new(TakeBreak::octal(code).unwrap(), 2_000_000)
}

/// The codes 0.d₁…d_k with base-four digits (0–3) and a nonzero last digit.
fn quaternary_codes(digits: usize) -> Vec<String> {
    let mut codes = vec![String::new()];
    for position in 0..digits {
        let last = position + 1 == digits;
        codes = codes
            .iter()
            .flat_map(|prefix| (u8::from(last)..=3).map(move |d| format!("{prefix}{d}")))
            .collect();
    }
    codes.into_iter().map(|c| format!("0.{c}")).collect()
}

#[test]
fn quaternary_games_other_than_stalking_and_the_woolly_mammoths_are_tame() {
    // plambeck.org/oldhtml/mathematics/games/misere/quaternary/index.htm: "Winning Ways
    // contains a table showing that the only two-digit quaternary that does not contain
    // only nim-positions is the game .31, called Stalking" and "all [three-digit
    // quaternaries] have only misère nim-heaps as values, except for the seven Woolly
    // Mammoths .121, .123, .131, .201, .211, .312 and .331". A game whose heaps are all
    // Nim heaps has only Nim positions, so every heap is tame.
    let exceptions = [
        "0.31", "0.121", "0.123", "0.131", "0.201", "0.211", "0.312", "0.331",
    ];
    let mut checked = 0;
    for code in quaternary_codes(2).into_iter().chain(quaternary_codes(3)) {
        if exceptions.contains(&code.as_str()) {
            continue;
        }
        let mut solver = solver(&code);
        for heap in 1..=30 {
            assert!(
                solver.is_tame(heap).unwrap(),
                "{code}: heap {heap} is not tame"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, (12 + 48 - 8) * 30);
}

#[test]
fn the_woolly_mammoth_0_312_has_the_published_genus_sequence() {
    // plambeck.org/.../misere/quaternary/0312/index.htm ("Status: SOLVED"): single-heap
    // genera 1^{03131}, 2^{20}, 0^{02}, 2^{1420}, 0^{02}, 1^{13}, "periodic of length two
    // (the last two values repeat indefinitely)". 1^{03131} is 1^{031} written longer.
    let mut solver = solver("0.312");
    let published = ["1^031", "2^20", "0^02", "2^1420", "0^02", "1^13"];
    for (heap, genus) in (1..).zip(published) {
        assert_eq!(
            solver.genus(&[heap]).unwrap().to_string(),
            genus,
            "heap {heap}"
        );
    }
    for heap in 7..=40 {
        let expected = if heap % 2 == 1 { "0^02" } else { "1^13" };
        assert_eq!(
            solver.genus(&[heap]).unwrap().to_string(),
            expected,
            "heap {heap}"
        );
    }
    // Heap 4's genus is not a Nim position's, so heap 4 (and every heap reaching it) is
    // wild; heaps 1–3 reach only Nim-position genera.
    assert!(!solver.is_tame(4).unwrap());
    assert!((1..=3).all(|h| solver.is_tame(h).unwrap()));
}

#[test]
fn games_0_316_and_0_157_are_not_tame_as_published() {
    // plambeck.org/.../misere/miseretoolkit/Links/index_lnk_119.html: ".316 Status: OPEN,
    // Not tame ... The heaps at 4,16,28, ... and 6, 18, 30, ... all have genus
    // {2,{1,4,2,0}}", and ".157 ... Not tame: heap size 13 is a4[0,2,3]".
    let mut s316 = solver("0.316");
    for heap in [4, 6, 16, 18, 28, 30] {
        assert_eq!(
            s316.genus(&[heap]).unwrap().to_string(),
            "2^1420",
            "0.316 heap {heap}"
        );
        assert!(!s316.is_tame(heap).unwrap());
    }
    let mut s157 = solver("0.157");
    assert!(!s157.is_tame(13).unwrap());
}

#[test]
fn the_nim_heaps_winning_ways_lists_for_0_14_have_nim_heap_genera() {
    // plambeck.org/.../misere/miseretoolkit/Links/index_lnk_29.html, quoting Winning Ways
    // on .14: "First two non nim heaps are heaps 14 and 16", "h[15] = 4", "HEAP 18 SHOULD
    // be n[2]". A heap equal to the Nim heap *n has *n's genus. (Heap 18 is *2 in value,
    // yet as a game form it reaches heap 14, so sprague's form-by-form class is not tame.)
    let mut solver = solver("0.14");
    for heap in (1..=13).chain([15, 18]) {
        let genus = solver.genus(&[heap]).unwrap();
        assert!(genus.is_nim_like(), "heap {heap}: {genus}");
    }
    assert_eq!(solver.genus(&[15]).unwrap().normal, 4);
    assert_eq!(solver.genus(&[18]).unwrap().normal, 2);
    for heap in [14, 16] {
        assert!(!solver.genus(&[heap]).unwrap().is_nim_like(), "heap {heap}");
    }
    assert!(!solver.is_tame(18).unwrap());
}
