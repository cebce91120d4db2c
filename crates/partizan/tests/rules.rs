//! Rulesets against independent brute force (naive recursion on the whole
//! position: no decomposition into components, no symmetry, a memo on the
//! exact position only), closed forms, and values cited from
//! Berlekamp–Conway–Guy, *Winning Ways* (2nd ed.) = [WW] and
//! Albert–Nowakowski–Wolfe, *Lessons in Play* = [LiP].

use proptest::prelude::*;
use sprague_partizan::rules::clobber::{Clobber, ClobberBoard};
use sprague_partizan::rules::cutcake::Cutcake;
use sprague_partizan::rules::domineering::{Board, Domineering};
use sprague_partizan::rules::hackenbush::{Hackenbush, HackenbushString};
use sprague_partizan::rules::toads::ToadsAndFrogs;
use sprague_partizan::rules::{PartizanGame, Solver};
use sprague_partizan::{Dyadic, GameId, GameStore, Outcome};
use std::collections::HashMap;
use std::hash::Hash;

/// The value by the definition on the whole position (exact-position memo only).
fn brute<G: PartizanGame>(
    rules: &G,
    store: &mut GameStore,
    memo: &mut HashMap<G::Position, GameId>,
    p: &G::Position,
) -> GameId {
    if let Some(&v) = memo.get(p) {
        return v;
    }
    let l: Vec<GameId> = rules
        .left_options(p)
        .iter()
        .map(|o| brute(rules, store, memo, o))
        .collect();
    let r: Vec<GameId> = rules
        .right_options(p)
        .iter()
        .map(|o| brute(rules, store, memo, o))
        .collect();
    let v = store.game(&l, &r).unwrap();
    memo.insert(p.clone(), v);
    v
}

/// Who wins moving first, by plain minimax (no game values at all).
fn wins_first<G: PartizanGame>(
    rules: &G,
    memo: &mut HashMap<(G::Position, bool), bool>,
    p: &G::Position,
    left: bool,
) -> bool
where
    G::Position: Hash + Eq + Clone,
{
    if let Some(&w) = memo.get(&(p.clone(), left)) {
        return w;
    }
    let options = if left {
        rules.left_options(p)
    } else {
        rules.right_options(p)
    };
    let w = options.iter().any(|o| !wins_first(rules, memo, o, !left));
    memo.insert((p.clone(), left), w);
    w
}

fn minimax_outcome<G: PartizanGame>(rules: &G, p: &G::Position) -> Outcome {
    let mut memo = HashMap::new();
    match (
        wins_first(rules, &mut memo, p, true),
        wins_first(rules, &mut memo, p, false),
    ) {
        (true, true) => Outcome::N,
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (false, false) => Outcome::P,
    }
}

#[test]
fn domineering_rectangles_up_to_12_squares_match_brute_force() {
    let mut store = GameStore::new();
    let mut solver = Solver::new(Domineering);
    let mut memo = HashMap::new();
    for rows in 1..=12 {
        for cols in 1..=12 {
            if rows * cols > 12 {
                continue;
            }
            let b = Board::rectangle(rows, cols).unwrap();
            let fast = solver.canonical_form(&mut store, &b).unwrap();
            let slow = brute(&Domineering, &mut store, &mut memo, &b);
            assert_eq!(fast, slow, "{rows}x{cols}");
            assert_eq!(
                store.outcome(fast),
                minimax_outcome(&Domineering, &b),
                "{rows}x{cols}"
            );
        }
    }
}

/// The longest strips a board holds (128 squares in one row or one column): the region
/// search shifts by whole rows, which must not overflow there. A strip of n squares is
/// worth ⌊n/2⌋ to the player whose dominoes lie along it ([WW] ch. 5).
#[test]
fn domineering_longest_strips() {
    let mut store = GameStore::new();
    let mut solver = Solver::new(Domineering);
    let wide = Board::rectangle(1, 128).unwrap();
    let tall = Board::rectangle(128, 1).unwrap();
    let g = solver.canonical_form(&mut store, &wide).unwrap();
    assert_eq!(store.display(g), "-64");
    let h = solver.canonical_form(&mut store, &tall).unwrap();
    assert_eq!(store.display(h), "64");
}

#[test]
fn domineering_published_values() {
    let mut store = GameStore::new();
    let mut solver = Solver::new(Domineering);
    let mut value = |text: &str| {
        let b = Domineering::parse(text).unwrap();
        let g = solver.canonical_form(&mut store, &b).unwrap();
        store.display(g)
    };
    // [WW] ch. 5, [LiP] ch. 1: the 2×2 square is ±1; a vertical strip of n
    // squares is worth ⌊n/2⌋ to Left (vertical), a horizontal one −⌊n/2⌋.
    assert_eq!(value("..|.."), "±1");
    for n in 1..=9usize {
        let strip = ".".repeat(n);
        assert_eq!(value(&strip), (-((n / 2) as i64)).to_string());
        let column = vec!["."; n].join("|");
        assert_eq!(value(&column), ((n / 2) as i64).to_string());
    }
    // [WW] ch. 5: the L-shaped tromino and friends, by hand: an L of three
    // squares has one move for each player: {0|0} = *.
    assert_eq!(value("..|.#"), "*");
}

/// The `rows × cols` board `b` transposed (rows become columns).
fn transposed(b: &Board, rows: usize, cols: usize) -> Board {
    let t: Vec<String> = (0..cols)
        .map(|c| {
            (0..rows)
                .map(|r| if b.is_empty(r, c) { '.' } else { '#' })
                .collect()
        })
        .collect();
    Domineering::parse(&t.join("|")).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn domineering_random_boards_match_brute_force(rows in 1usize..5, cols in 1usize..5, holes in any::<u16>()) {
        let text: Vec<String> = (0..rows)
            .map(|r| (0..cols).map(|c| if holes >> (r * 4 + c) & 1 == 1 && (r + c) % 3 == 0 { '#' } else { '.' }).collect())
            .collect();
        let b = Domineering::parse(&text.join("|")).unwrap();
        let mut store = GameStore::new();
        let mut solver = Solver::new(Domineering);
        let fast = solver.canonical_form(&mut store, &b).unwrap();
        let slow = brute(&Domineering, &mut store, &mut HashMap::new(), &b);
        prop_assert_eq!(fast, slow);
        // Transposing a board swaps the players: the value is negated.
        let bt = transposed(&b, rows, cols);
        let gt = solver.canonical_form(&mut store, &bt).unwrap();
        prop_assert_eq!(gt, store.neg(fast));
    }

    /// The solver's key maps a board and its transpose to one region, negated for one of
    /// them (G(Bᵀ) = −G(B), [WW] ch. 5); boards with holes split into tall, wide and
    /// square regions, so both orientations of a region meet in one table.
    #[test]
    fn domineering_transposed_regions_share_a_key(rows in 1usize..5, cols in 1usize..7, holes in any::<u32>(), density in 2u32..5) {
        let text: Vec<String> = (0..rows)
            .map(|r| (0..cols).map(|c| if (holes >> ((r * 6 + c) % 32)) % density == 0 { '#' } else { '.' }).collect())
            .collect();
        let b = Domineering::parse(&text.join("|")).unwrap();
        let mut store = GameStore::new();
        let mut solver = Solver::new(Domineering);
        let fast = solver.canonical_form(&mut store, &b).unwrap();
        let slow = brute(&Domineering, &mut store, &mut HashMap::new(), &b);
        prop_assert_eq!(fast, slow);
        let bt = transposed(&b, rows, cols);
        let (key, negated) = Domineering.normalize_signed(&b);
        let (key_t, negated_t) = Domineering.normalize_signed(&bt);
        prop_assert_eq!(key, key_t);
        // Upside down, mirrored, and both (the half turn) keep the roles: one key, one sign.
        let upside_down: Vec<String> = text.iter().rev().cloned().collect();
        let mirrored: Vec<String> = text.iter().map(|r| r.chars().rev().collect()).collect();
        let half_turn: Vec<String> = mirrored.iter().rev().cloned().collect();
        for image in [upside_down, mirrored, half_turn] {
            let bi = Domineering::parse(&image.join("|")).unwrap();
            prop_assert_eq!(Domineering.normalize(&bi), Domineering.normalize(&b));
            prop_assert_eq!(Domineering.normalize_signed(&bi), (key, negated));
        }
        if negated == negated_t {
            // Only a board equal to an image of its own transpose: then G = −G = 0 or
            // another game equal to its negative.
            prop_assert_eq!(fast, store.neg(fast));
        }
    }

    #[test]
    fn clobber_random_boards_match_brute_force(rows in 1usize..4, cols in 1usize..5, cells in any::<u32>()) {
        let text: Vec<String> = (0..rows)
            .map(|r| (0..cols).map(|c| match cells >> (2 * (r * 4 + c)) & 3 { 0 => '.', 1 | 3 => 'x', _ => 'o' }).collect())
            .collect();
        let b = Clobber::parse(&text.join("|")).unwrap();
        let mut store = GameStore::new();
        let mut solver = Solver::new(Clobber);
        let fast = solver.canonical_form(&mut store, &b).unwrap();
        let slow = brute(&Clobber, &mut store, &mut HashMap::new(), &b);
        prop_assert_eq!(fast, slow);
        prop_assert_eq!(store.outcome(fast), minimax_outcome(&Clobber, &b));
        // Swapping the colours negates the value.
        let swapped: String = text.join("|").chars().map(|c| match c { 'x' => 'o', 'o' => 'x', c => c }).collect();
        let bs: ClobberBoard = Clobber::parse(&swapped).unwrap();
        let gs = solver.canonical_form(&mut store, &bs).unwrap();
        prop_assert_eq!(gs, store.neg(fast));
    }

    #[test]
    fn toads_and_frogs_match_brute_force(cells in prop::collection::vec(0u8..3, 1..9)) {
        let text: String = cells.iter().map(|&c| ['T', 'F', '.'][usize::from(c)]).collect();
        let p = ToadsAndFrogs::parse(&text).unwrap();
        let mut store = GameStore::new();
        let mut solver = Solver::new(ToadsAndFrogs);
        let fast = solver.canonical_form(&mut store, &p).unwrap();
        let slow = brute(&ToadsAndFrogs, &mut store, &mut HashMap::new(), &p);
        prop_assert_eq!(fast, slow);
        prop_assert_eq!(store.outcome(fast), minimax_outcome(&ToadsAndFrogs, &p));
        // The mirror image with toads and frogs exchanged is the negative.
        let mirror: String = text.chars().rev().map(|c| match c { 'T' => 'F', 'F' => 'T', c => c }).collect();
        let m = solver.canonical_form(&mut store, &ToadsAndFrogs::parse(&mirror).unwrap()).unwrap();
        prop_assert_eq!(m, store.neg(fast));
    }
}

#[test]
fn hackenbush_strings_sign_expansion_matches_search_up_to_length_10() {
    let mut store = GameStore::new();
    let mut solver = Solver::new(HackenbushString);
    let mut graphs = Solver::new(Hackenbush);
    for len in 0..=10usize {
        for bits in 0..1u32 << len {
            let s: Vec<bool> = (0..len).map(|i| bits >> i & 1 == 1).collect();
            let g = solver.canonical_form(&mut store, &s).unwrap();
            let closed = HackenbushString::value(&s).unwrap();
            assert_eq!(store.as_number(g), Some(closed), "{s:?}");
            if len <= 7 {
                // the same string as a graph: a path from the ground
                let text: Vec<String> = s
                    .iter()
                    .enumerate()
                    .map(|(i, &b)| format!("{}-{}:{}", i, i + 1, if b { 'b' } else { 'r' }))
                    .collect();
                let p = Hackenbush::parse(&text.join(" ")).unwrap();
                assert_eq!(graphs.canonical_form(&mut store, &p).unwrap(), g);
            }
        }
    }
}

#[test]
fn green_hackenbush_is_nim() {
    // [WW] ch. 2 and 7: a green stalk of n edges is *n; the colon principle
    // makes a green "V" on a stalk of one edge (1 + (*1 + *1)) equal to *1.
    let mut store = GameStore::new();
    let mut solver = Solver::new(Hackenbush);
    for n in 0..6u8 {
        let text: Vec<String> = (0..n).map(|i| format!("{}-{}:g", i, i + 1)).collect();
        let g = solver
            .canonical_form(&mut store, &Hackenbush::parse(&text.join(" ")).unwrap())
            .unwrap();
        assert_eq!(g, store.nimber(u64::from(n)).unwrap());
    }
    let v = solver
        .canonical_form(&mut store, &Hackenbush::parse("0-1:g 1-2:g 1-3:g").unwrap())
        .unwrap();
    assert_eq!(store.display(v), "*");
    // A triangle standing on the ground with one green and two blue edges.
    let tri = Hackenbush::parse("0-1:b 1-2:b 0-2:g").unwrap();
    let t = solver.canonical_form(&mut store, &tri).unwrap();
    let slow = brute(&Hackenbush, &mut store, &mut HashMap::new(), &tri);
    assert_eq!(t, slow);
}

#[test]
fn cutcake_closed_form_matches_search() {
    // [WW] ch. 2: the Cutcake table.
    let mut store = GameStore::new();
    let mut solver = Solver::new(Cutcake);
    for rows in 1..=12u32 {
        for cols in 1..=12u32 {
            let g = solver
                .canonical_form(&mut store, &vec![(rows, cols)])
                .unwrap();
            assert_eq!(
                store.as_number(g),
                Some(Dyadic::from_int(Cutcake::value(rows, cols)).unwrap()),
                "{rows}x{cols}"
            );
        }
    }
}

#[test]
fn clobber_and_toads_small_values() {
    let mut store = GameStore::new();
    let mut clobber = Solver::new(Clobber);
    // [LiP] ch. 1: a single x next to a single o is *.
    let g = clobber
        .canonical_form(&mut store, &Clobber::parse("xo").unwrap())
        .unwrap();
    assert_eq!(store.display(g), "*");
    let mut toads = Solver::new(ToadsAndFrogs);
    // Derived by hand in the module docs: T.F = *, FT. = 1.
    let g = toads
        .canonical_form(&mut store, &ToadsAndFrogs::parse("T.F").unwrap())
        .unwrap();
    assert_eq!(store.display(g), "*");
}

#[test]
fn deep_games_do_not_exhaust_a_test_thread_stack() {
    let mut store = GameStore::new();
    let a = store.up_star(400, 1).unwrap();
    let b = store.up_star(-399, 0).unwrap();
    let s = store.sum(a, b).unwrap();
    assert_eq!(store.display(s), "^*");
    assert_eq!(store.outcome(a), Outcome::L);
}

mod colouring {
    use super::*;
    use sprague_partizan::rules::colouring::{Colouring, Variant};

    fn random_graph(n: usize, bits: u64) -> String {
        let mut edges = Vec::new();
        let mut k = 0;
        for u in 0..n {
            for v in u + 1..n {
                if bits >> (k % 64) & 1 == 1 {
                    edges.push(format!("{u}-{v}"));
                }
                k += 1;
            }
        }
        edges.join(" ")
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Every Col position is x or x* (Winning Ways ch. 2), and the solver
        /// agrees with brute force on the whole graph.
        #[test]
        fn col_is_number_or_number_star(n in 1usize..8, bits in any::<u64>()) {
            let game = Colouring::parse(Variant::Col, n, &random_graph(n, bits)).unwrap();
            let start = game.start();
            let mut store = GameStore::new();
            let slow = brute(&game, &mut store, &mut HashMap::new(), &start);
            let mut solver = Solver::new(game);
            let g = solver.canonical_form(&mut store, &start).unwrap();
            prop_assert_eq!(g, slow);
            let x = store.left_stop(g);
            let number = store.number(x);
            let star = store.nimber(1).unwrap();
            let number_star = store.sum(number, star).unwrap();
            prop_assert!(g == number || g == number_star, "{}", store.display(g));
        }

        #[test]
        fn snort_matches_brute_force(n in 1usize..8, bits in any::<u64>()) {
            let game = Colouring::parse(Variant::Snort, n, &random_graph(n, bits)).unwrap();
            let start = game.start();
            let mut store = GameStore::new();
            let slow = brute(&game, &mut store, &mut HashMap::new(), &start);
            prop_assert_eq!(store.outcome(slow), minimax_outcome(&game, &start));
            let mut solver = Solver::new(game);
            prop_assert_eq!(solver.canonical_form(&mut store, &start).unwrap(), slow);
        }
    }

    #[test]
    fn small_graphs_by_hand() {
        // One vertex: * in both. One edge: Col 0, Snort ±1 (derived by hand:
        // after Left colours an end of the edge in Snort, only Left may colour
        // the other end, a position worth 1).
        let mut store = GameStore::new();
        for (variant, n, value) in [
            (Variant::Col, 1, "*"),
            (Variant::Snort, 1, "*"),
            (Variant::Col, 2, "0"),
            (Variant::Snort, 2, "±1"),
        ] {
            let game = Colouring::path(variant, n).unwrap();
            let start = game.start();
            let mut solver = Solver::new(game);
            let g = solver.canonical_form(&mut store, &start).unwrap();
            assert_eq!(store.display(g), value, "{variant:?} on a path of {n}");
        }
    }
}
