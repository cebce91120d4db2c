//! Tests of the canonical-form engine against an independent, naive
//! implementation of games as trees (no arena, no memo, no shortcuts), and
//! theorems as properties. Published values are cited where used:
//! Siegel, *Combinatorial Game Theory* (AMS 2013) = [S];
//! Berlekamp–Conway–Guy, *Winning Ways* (2nd ed.) = [WW].

use proptest::prelude::*;
use sprague_partizan::{Comparison, Dyadic, GameError, GameId, GameStore, Outcome};

/// A game as a plain tree: the definition, nothing else.
#[derive(Clone, Debug)]
struct Tree {
    left: Vec<Tree>,
    right: Vec<Tree>,
}

/// `G ≤ H` by Conway's definition on trees.
fn naive_leq(g: &Tree, h: &Tree) -> bool {
    !g.left.iter().any(|gl| naive_leq(h, gl)) && !h.right.iter().any(|hr| naive_leq(hr, g))
}

fn naive_sum(g: &Tree, h: &Tree) -> Tree {
    let mut left: Vec<Tree> = g.left.iter().map(|x| naive_sum(x, h)).collect();
    left.extend(h.left.iter().map(|x| naive_sum(g, x)));
    let mut right: Vec<Tree> = g.right.iter().map(|x| naive_sum(x, h)).collect();
    right.extend(h.right.iter().map(|x| naive_sum(g, x)));
    Tree { left, right }
}

fn naive_neg(g: &Tree) -> Tree {
    Tree {
        left: g.right.iter().map(naive_neg).collect(),
        right: g.left.iter().map(naive_neg).collect(),
    }
}

/// Who wins moving first, by minimax on the tree.
fn left_wins_first(g: &Tree) -> bool {
    g.left.iter().any(|x| !right_wins_first(x))
}
fn right_wins_first(g: &Tree) -> bool {
    g.right.iter().any(|x| !left_wins_first(x))
}

fn naive_outcome(g: &Tree) -> Outcome {
    match (left_wins_first(g), right_wins_first(g)) {
        (true, true) => Outcome::N,
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (false, false) => Outcome::P,
    }
}

fn depth(g: &Tree) -> u64 {
    g.left
        .iter()
        .chain(g.right.iter())
        .map(|x| depth(x) + 1)
        .max()
        .unwrap_or(0)
}

/// The canonical game of the store written out as a tree.
fn export(store: &mut GameStore, g: GameId) -> Tree {
    let l = store.left_options(g);
    let r = store.right_options(g);
    Tree {
        left: l.into_iter().map(|x| export(store, x)).collect(),
        right: r.into_iter().map(|x| export(store, x)).collect(),
    }
}

fn build(store: &mut GameStore, t: &Tree) -> GameId {
    let l: Vec<GameId> = t.left.iter().map(|x| build(store, x)).collect();
    let r: Vec<GameId> = t.right.iter().map(|x| build(store, x)).collect();
    store.game(&l, &r).unwrap()
}

fn tree_strategy() -> impl Strategy<Value = Tree> {
    let leaf = Just(Tree {
        left: vec![],
        right: vec![],
    });
    leaf.prop_recursive(3, 24, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(left, right)| Tree { left, right })
    })
}

/// All-small trees: options on both sides or on neither.
fn all_small_strategy() -> impl Strategy<Value = Tree> {
    let leaf = Just(Tree {
        left: vec![],
        right: vec![],
    });
    leaf.prop_recursive(3, 24, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 1..3),
            prop::collection::vec(inner, 1..3),
        )
            .prop_map(|(left, right)| Tree { left, right })
    })
}

/// Games given as text: numbers, infinitesimals, hot games and their sums.
fn text_strategy() -> impl Strategy<Value = String> {
    terms_strategy(1..4)
}

fn terms_strategy(terms: std::ops::Range<usize>) -> impl Strategy<Value = String> {
    let atoms = prop::sample::select(vec![
        "0",
        "1",
        "-2",
        "1/2",
        "-3/4",
        "*",
        "*2",
        "*3",
        "^",
        "v",
        "^*",
        "^^",
        "v3*2",
        "±1",
        "{2|1}",
        "{0|-1}",
        "{1|*}",
        "{0||0|-1}",
        "{3|{1|-1}}",
        "{1/2|-1/4}",
        "{0,*|0}",
        "{2|-1/2}",
        "1*",
        "{^|v}",
    ]);
    prop::collection::vec(atoms, terms).prop_map(|v| v.join(" + "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn comparison_agrees_with_the_definition(a in tree_strategy(), b in tree_strategy()) {
        let mut store = GameStore::new();
        let (ga, gb) = (build(&mut store, &a), build(&mut store, &b));
        prop_assert_eq!(store.leq(ga, gb), naive_leq(&a, &b));
        prop_assert_eq!(store.leq(gb, ga), naive_leq(&b, &a));
        // equal ids exactly for equal games
        prop_assert_eq!(ga == gb, naive_leq(&a, &b) && naive_leq(&b, &a));
    }

    /// The stop short-cuts of `leq` (a number against a game decided by the game's stop
    /// when they differ; `G ≤ H` refused when a stop of G exceeds H's) against Conway's
    /// definition on trees: numbers m/4 for m in −8..8 against random games, and pairs of
    /// games whose sums with numbers shift their stops apart.
    #[test]
    fn stop_shortcuts_agree_with_the_definition(a in tree_strategy(), b in tree_strategy(), m in -8i64..8, n in -4i64..4) {
        let mut store = GameStore::new();
        let x = store.parse(&format!("{m}/4")).unwrap();
        let shift = store.integer(n).unwrap();
        let g = build(&mut store, &a);
        let h0 = build(&mut store, &b);
        let h = store.sum(h0, shift).unwrap();
        let (tx, tg, th) = (export(&mut store, x), export(&mut store, g), export(&mut store, h));
        prop_assert_eq!(store.leq(x, g), naive_leq(&tx, &tg));
        prop_assert_eq!(store.leq(g, x), naive_leq(&tg, &tx));
        prop_assert_eq!(store.leq(g, h), naive_leq(&tg, &th));
        prop_assert_eq!(store.leq(h, g), naive_leq(&th, &tg));
    }

    #[test]
    fn canonical_form_is_equal_and_no_larger(a in tree_strategy()) {
        let mut store = GameStore::new();
        let g = build(&mut store, &a);
        let t = export(&mut store, g);
        prop_assert!(naive_leq(&t, &a) && naive_leq(&a, &t));
        prop_assert!(store.birthday(g) <= depth(&a));
        prop_assert_eq!(store.birthday(g), depth(&t));
        prop_assert_eq!(store.outcome(g), naive_outcome(&a));
        // rebuilding from the canonical options gives the same game
        let (l, r) = (store.left_options(g), store.right_options(g));
        prop_assert_eq!(store.game(&l, &r).unwrap(), g);
    }

    #[test]
    fn sum_and_negation_agree_with_the_definition(a in tree_strategy(), b in tree_strategy()) {
        let mut store = GameStore::new();
        let (ga, gb) = (build(&mut store, &a), build(&mut store, &b));
        let s = store.sum(ga, gb).unwrap();
        let t = export(&mut store, s);
        let naive = naive_sum(&a, &b);
        prop_assert!(naive_leq(&t, &naive) && naive_leq(&naive, &t));
        let by_definition = store.sum_by_definition(ga, gb).unwrap();
        prop_assert_eq!(s, by_definition);
        let n = store.neg(ga);
        let tn = export(&mut store, n);
        let nn = naive_neg(&a);
        prop_assert!(naive_leq(&tn, &nn) && naive_leq(&nn, &tn));
        prop_assert_eq!(store.sum(ga, n).unwrap(), store.zero());
    }

    #[test]
    fn shortcuts_agree_with_sums_by_definition(a in terms_strategy(1..3), b in terms_strategy(1..3)) {
        let mut store = GameStore::new();
        let g = store.parse(&a).unwrap();
        let h = store.parse(&b).unwrap();
        let fast = store.sum(g, h).unwrap();
        let slow = store.sum_by_definition(g, h).unwrap();
        prop_assert_eq!(fast, slow);
    }

    #[test]
    fn printing_round_trips(a in tree_strategy(), b in text_strategy()) {
        let mut store = GameStore::new();
        let g = build(&mut store, &a);
        let text = store.display(g);
        prop_assert_eq!(store.parse(&text).unwrap(), g, "{}", text);
        let h = store.parse(&b).unwrap();
        let text = store.display(h);
        prop_assert_eq!(store.parse(&text).unwrap(), h, "{}", text);
    }

    /// The printed form is the game's, not the store's history: a store that met the
    /// game's subgames in another order (here: after the whole of `b`, and each tree's
    /// negative first) prints it the same way. Found by scripts/accept-cgt-py.py: the
    /// Python module's long-lived store printed `{{1|3/4},{2|v}|-1}` where the command
    /// line printed `{{2|v},{1|3/4}|-1}`.
    #[test]
    fn printing_does_not_depend_on_the_store_history(a in tree_strategy(), b in text_strategy()) {
        let mut fresh = GameStore::new();
        let g = build(&mut fresh, &a);
        let mut used = GameStore::new();
        let h = used.parse(&b).unwrap();
        let minus_a = naive_neg(&a);
        let n = build(&mut used, &minus_a);
        let g2 = used.neg(n);
        let _ = used.sum(g2, h);
        prop_assert_eq!(fresh.display(g), used.display(g2));
    }

    /// Stops are the walls at t = 0; the mean is additive and the
    /// temperature of a sum is at most the larger one ([S] §II.5).
    #[test]
    fn thermograph_theorems(a in text_strategy(), b in text_strategy()) {
        let mut store = GameStore::new();
        let g = store.parse(&a).unwrap();
        let h = store.parse(&b).unwrap();
        let th = store.thermograph(g).unwrap();
        prop_assert_eq!(th.left_wall().value_at(Dyadic::ZERO).unwrap(), store.left_stop(g));
        prop_assert_eq!(th.right_wall().value_at(Dyadic::ZERO).unwrap(), store.right_stop(g));
        let s = store.sum(g, h).unwrap();
        let mean = store.mean(g).unwrap().checked_add(store.mean(h).unwrap()).unwrap();
        prop_assert_eq!(store.mean(s).unwrap(), mean);
        let (tg, th_, ts) = (store.temperature(g).unwrap(), store.temperature(h).unwrap(), store.temperature(s).unwrap());
        prop_assert!(ts <= tg.max(th_));
        // above the temperature, cooling gives the mean
        let above = tg.max(Dyadic::ZERO).checked_add(Dyadic::ONE).unwrap();
        let cooled = store.cool(g, above).unwrap();
        prop_assert_eq!(store.as_number(cooled), Some(store.mean(g).unwrap()));
    }

    /// The walls of the thermograph at t are the stops of G cooled by t
    /// ([S] §II.5, the definition of the thermograph).
    #[test]
    fn walls_are_stops_of_cooled_games(a in text_strategy(), k in 0i64..8) {
        let mut store = GameStore::new();
        let g = store.parse(&a).unwrap();
        let t = Dyadic::new(k, 1).unwrap();
        let th = store.thermograph(g).unwrap();
        let c = store.cool(g, t).unwrap();
        prop_assert_eq!(store.left_stop(c), th.left_wall().value_at(t).unwrap());
        prop_assert_eq!(store.right_stop(c), th.right_wall().value_at(t).unwrap());
    }

    /// Cooling is additive: (G + H)_t = G_t + H_t ([S] §II.5).
    #[test]
    fn cooling_is_additive(a in text_strategy(), b in text_strategy(), k in 0i64..4) {
        let mut store = GameStore::new();
        let g = store.parse(&a).unwrap();
        let h = store.parse(&b).unwrap();
        let t = Dyadic::new(k, 1).unwrap();
        let s = store.sum(g, h).unwrap();
        let cs = store.cool(s, t).unwrap();
        let (cg, ch) = (store.cool(g, t).unwrap(), store.cool(h, t).unwrap());
        prop_assert_eq!(cs, store.sum(cg, ch).unwrap());
    }

    /// rcf(G) is infinitesimally close to G, idempotent, and the same for
    /// G and G + an infinitesimal ([S] §II.6).
    #[test]
    fn reduced_canonical_form(a in tree_strategy(), b in text_strategy()) {
        let mut store = GameStore::new();
        for g in [build(&mut store, &a), store.parse(&b).unwrap()] {
            let r = store.rcf(g).unwrap();
            let d = store.sub(g, r).unwrap();
            prop_assert_eq!(store.left_stop(d), Dyadic::ZERO);
            prop_assert_eq!(store.right_stop(d), Dyadic::ZERO);
            prop_assert_eq!(store.rcf(r).unwrap(), r);
            let up = store.up();
            let star = store.nimber(1).unwrap();
            let g2 = store.sum(g, up).unwrap();
            let g3 = store.sum(g2, star).unwrap();
            prop_assert_eq!(store.rcf(g2).unwrap(), r);
            prop_assert_eq!(store.rcf(g3).unwrap(), r);
        }
    }

    /// Atomic weight is additive on all-small games ([S] §II.7, [WW] ch. 8).
    #[test]
    fn atomic_weight_is_additive(a in all_small_strategy(), b in all_small_strategy()) {
        let mut store = GameStore::new();
        let (g, h) = (build(&mut store, &a), build(&mut store, &b));
        prop_assert!(store.is_all_small(g) && store.is_all_small(h));
        let s = store.sum(g, h).unwrap();
        let (wg, wh, ws) = (store.atomic_weight(g).unwrap(), store.atomic_weight(h).unwrap(), store.atomic_weight(s).unwrap());
        prop_assert_eq!(ws, store.sum(wg, wh).unwrap(), "{} + {}", store.display(g), store.display(h));
    }
}

#[test]
fn named_games_have_their_published_forms() {
    let mut store = GameStore::new();
    let p = |store: &mut GameStore, s: &str| store.parse(s).unwrap();
    // [S] §II.4, [WW] ch. 3: ↑ = {0|*}, ↑* = {0,*|0}, ⇑ = {0|↑*}, ⇑* = {0|↑}.
    let pairs = [
        ("^", "{0|*}"),
        ("^*", "{0,*|0}"),
        ("^^", "{0|^*}"),
        ("^^*", "{0|^}"),
        ("^3", "{0|^^*}"),
    ];
    for (a, b) in pairs {
        assert_eq!(p(&mut store, a), p(&mut store, b), "{a} = {b}");
    }
    // Closed forms of n·↑ + *s against sums by definition (no shortcut).
    let up_tree = p(&mut store, "{0|*}");
    let down_tree = p(&mut store, "{*|0}");
    for n in -5..=5i64 {
        for s in 0..4u64 {
            let unit = if n < 0 { down_tree } else { up_tree };
            let mut total = store.nimber(s).unwrap();
            for _ in 0..n.abs() {
                total = store.sum_by_definition(total, unit).unwrap();
            }
            assert_eq!(store.up_star(n, s).unwrap(), total, "{n}·↑ + *{s}");
        }
    }
    // *a + *b = *(a xor b) against sums by definition.
    for a in 0..6u64 {
        for b in 0..6u64 {
            let (x, y) = (store.nimber(a).unwrap(), store.nimber(b).unwrap());
            assert_eq!(
                store.sum_by_definition(x, y).unwrap(),
                store.nimber(a ^ b).unwrap()
            );
        }
    }
    // [WW] ch. 3: ↑ + ↑ + * ... ↑* is confused with 0, ⇑* > 0.
    let up_star = p(&mut store, "^*");
    assert_eq!(store.outcome(up_star), Outcome::N);
    let g = p(&mut store, "^^*");
    assert_eq!(store.outcome(g), Outcome::L);
    // [WW] ch. 5: tiny is positive and smaller than ↑ and every positive number.
    let one = store.integer(1).unwrap();
    let tiny = store.tiny(one).unwrap();
    let up = store.up();
    assert_eq!(store.compare(tiny, store.zero()), Comparison::Greater);
    assert_eq!(store.compare(tiny, up), Comparison::Less);
    let eps = store.number(Dyadic::new(1, 40).unwrap());
    assert_eq!(store.compare(tiny, eps), Comparison::Less);
}

#[test]
fn thermographs_of_hand_computed_games() {
    let mut store = GameStore::new();
    let d = |n, k| Dyadic::new(n, k).unwrap();
    // (game, mean, temperature), each computed by hand from the definition
    // (the scaffolds of [S] §II.5); ±x has mean 0, temperature x.
    let cases = [
        ("±1", d(0, 0), d(1, 0)),
        ("{2|1}", d(3, 1), d(1, 1)),
        ("{4|{2|0}}", d(5, 1), d(3, 1)),
        ("{3|{1|-1}}", d(3, 1), d(3, 1)),
        ("*", d(0, 0), d(0, 0)),
        ("^", d(0, 0), d(0, 0)),
        ("{0||0|-1}", d(0, 0), d(0, 0)),
        ("1/2", d(1, 1), d(-1, 1)),
        ("3/4", d(3, 2), d(-1, 2)),
        ("5", d(5, 0), d(-1, 0)),
    ];
    for (text, mean, temp) in cases {
        let g = store.parse(text).unwrap();
        assert_eq!(store.mean(g).unwrap(), mean, "{text}");
        assert_eq!(store.temperature(g).unwrap(), temp, "{text}");
    }
    // ±1 cooled by 1 is *, by 1/2 is ±1/2 ([S] §II.5).
    let g = store.parse("±1").unwrap();
    let c = store.cool(g, Dyadic::ONE).unwrap();
    assert_eq!(store.display(c), "*");
    let c = store.cool(g, d(1, 1)).unwrap();
    assert_eq!(store.display(c), "±1/2");
    // heating * by t gives ±t.
    let s = store.parse("*").unwrap();
    let h = store.heat(s, d(3, 1)).unwrap();
    assert_eq!(store.display(h), "±3/2");
}

#[test]
fn atomic_weights_of_named_games() {
    let mut store = GameStore::new();
    // aw(n·↑ + *s) = n ([S] §II.7).
    for n in -5..=5i64 {
        for s in 0..4 {
            let g = store.up_star(n, s).unwrap();
            let w = store.atomic_weight(g).unwrap();
            assert_eq!(store.as_number(w), Some(Dyadic::from_int(n).unwrap()));
        }
    }
    let g = store.parse("1/2").unwrap();
    assert!(matches!(
        store.atomic_weight(g),
        Err(GameError::Undefined(_))
    ));
}

/// The disagreement of the command line and the Python module, pinned: the options of a
/// side are printed by birthday, numbers first, then by text, in any store.
#[test]
fn options_print_in_the_games_order() {
    let text = "{{2|v},{1|3/4}|-1}";
    let mut fresh = GameStore::new();
    let g = fresh.parse(text).unwrap();
    let mut other = GameStore::new();
    other.parse("{1|3/4}").unwrap();
    let h = other.parse(text).unwrap();
    assert_eq!(fresh.display(g), other.display(h));
    assert_eq!(fresh.display(g), "{{2|v},{1|3/4}|-1}");
    let mut store = GameStore::new();
    // ±1 and 1/2 are confused and both born on day 2: the number comes first.
    let k = store.parse("{±1, 1/2 | -2}").unwrap();
    assert_eq!(store.display(k), "{1/2,±1|-2}");
}

#[test]
fn parse_errors_have_positions() {
    let mut store = GameStore::new();
    let pos = |store: &mut GameStore, s: &str| match store.parse(s) {
        Err(GameError::Parse(e)) => e.position,
        other => panic!("{s}: {other:?}"),
    };
    assert_eq!(pos(&mut store, "1/3"), 0);
    assert_eq!(pos(&mut store, "{1|2|3}"), 4);
    assert_eq!(pos(&mut store, "1 + ?"), 4);
    assert_eq!(pos(&mut store, "{1|0"), 4);
    assert_eq!(pos(&mut store, "1 2"), 2);
    assert_eq!(pos(&mut store, "{1}"), 0);
    let long = "0+".repeat(6000);
    assert!(matches!(store.parse(&long), Err(GameError::Parse(_))));
    let deep = format!("{}0{}", "(".repeat(501), ")".repeat(501));
    assert!(matches!(store.parse(&deep), Err(GameError::Parse(_))));
    let minus = format!("{}1", "-".repeat(600));
    assert!(matches!(store.parse(&minus), Err(GameError::Parse(_))));
    // Short inputs are parsed on the caller's stack: the deepest of them.
    let short_deep = format!("{}0{}", "(".repeat(63), ")".repeat(63));
    assert_eq!(store.parse(&short_deep).unwrap(), store.zero());
    let short_signs = format!("{}*", "-".repeat(127));
    assert!(store.parse(&short_signs).is_ok());
    let nested = format!("{}0{}", "{0|".repeat(400), "}".repeat(400));
    assert!(store.parse(&nested).is_ok());
    assert!(store.parse("*100000").is_err());
    assert!(store.parse("99999999999999999999").is_err());
}

#[test]
fn cgsuite_syntax_examples() {
    let mut store = GameStore::new();
    let same = [
        ("{2||1|0}", "{2|{1|0}}"),
        ("+-1", "{1|-1}"),
        ("±1", "{1|-1}"),
        ("2±1", "{3|1}"),
        ("{1,*|-1}", "{1|-1}"),
        ("^^", "⇑"),
        ("^3", "^^^"),
        ("vv*", "-(^^*)"),
        ("1/2^*", "1/2 + ^ + *"),
        ("-1^", "-1 + ^"),
        ("1*", "{1|1}"),
        ("{0|{0|-1}}", "{0||0|-1}"),
        ("(1 + *) - *", "1"),
    ];
    for (a, b) in same {
        let (x, y) = (store.parse(a).unwrap(), store.parse(b).unwrap());
        assert_eq!(x, y, "{a} = {b}");
    }
    let g = store.parse("{{2|1}|{-1|-2}}").unwrap();
    assert_eq!(store.display(g), "{2|1||-1|-2}");
}

#[test]
fn overflow_is_an_error_not_a_panic() {
    let mut store = GameStore::new();
    let big = store.integer(i64::MAX).unwrap();
    assert_eq!(store.sum(big, big), Err(GameError::Overflow));
    assert_eq!(store.game(&[big], &[]), Err(GameError::Overflow));
    let fine = store.number(Dyadic::new(1, 62).unwrap());
    let half = store.number(Dyadic::new(1, 1).unwrap());
    assert!(store.sum(fine, half).is_ok());
}
