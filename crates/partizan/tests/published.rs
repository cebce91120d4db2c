//! Published values, first from CGSuite's own test suite (A. N. Siegel, CGSuite,
//! `lib/core/src/test/scala/org/cgsuite/lang/CanonicalShortGameTestCase.scala`,
//! `GameGridTest.scala`, `GameStripTest.scala`, and the expected answers of
//! `lib/core/src/main/scala/org/cgsuite/lang/Profiler.scala`), which this crate must
//! reproduce: canonical forms as CGSuite prints them, birthdays, options, stops, means,
//! temperatures; the 4×4 Domineering board, two Clobber positions (one the 3×4
//! checkerboard) and the Toads-and-Frogs strip `ttttt..fffff`; and Erickson's families of
//! Toads-and-Frogs starting positions (Games of No Chance, 1996), cited at the test.

use sprague_partizan::rules::Solver;
use sprague_partizan::rules::clobber::Clobber;
use sprague_partizan::rules::domineering::{Board, Domineering};
use sprague_partizan::{Dyadic, GameStore};

struct Case {
    input: &'static str,
    output: &'static str,
    birthday: u64,
    left: &'static [&'static str],
    right: &'static [&'static str],
    stops_and_mean: (&'static str, &'static str, &'static str),
    temperature: &'static str,
}

const CASES: &[Case] = &[
    Case {
        input: "0",
        output: "0",
        birthday: 0,
        left: &[],
        right: &[],
        stops_and_mean: ("0", "0", "0"),
        temperature: "-1",
    },
    Case {
        input: "5",
        output: "5",
        birthday: 5,
        left: &["4"],
        right: &[],
        stops_and_mean: ("5", "5", "5"),
        temperature: "-1",
    },
    Case {
        input: "-1823437481924",
        output: "-1823437481924",
        birthday: 1_823_437_481_924,
        left: &[],
        right: &["-1823437481923"],
        stops_and_mean: ("-1823437481924", "-1823437481924", "-1823437481924"),
        temperature: "-1",
    },
    Case {
        input: "-1/2",
        output: "-1/2",
        birthday: 2,
        left: &["-1"],
        right: &["0"],
        stops_and_mean: ("-1/2", "-1/2", "-1/2"),
        temperature: "-1/2",
    },
    Case {
        input: "25/16",
        output: "25/16",
        birthday: 6,
        left: &["3/2"],
        right: &["13/8"],
        stops_and_mean: ("25/16", "25/16", "25/16"),
        temperature: "-1/16",
    },
    Case {
        input: "*8",
        output: "*8",
        birthday: 8,
        left: &["0", "*", "*2", "*3", "*4", "*5", "*6", "*7"],
        right: &["0", "*", "*2", "*3", "*4", "*5", "*6", "*7"],
        stops_and_mean: ("0", "0", "0"),
        temperature: "0",
    },
    Case {
        input: "^",
        output: "^",
        birthday: 2,
        left: &["0"],
        right: &["*"],
        stops_and_mean: ("0", "0", "0"),
        temperature: "0",
    },
    Case {
        input: "v*",
        output: "v*",
        birthday: 2,
        left: &["0"],
        right: &["0", "*"],
        stops_and_mean: ("0", "0", "0"),
        temperature: "0",
    },
    Case {
        input: "6+^*",
        output: "6^*",
        birthday: 8,
        left: &["6", "6*"],
        right: &["6"],
        stops_and_mean: ("6", "6", "6"),
        temperature: "0",
    },
    Case {
        input: "^*6",
        output: "^*6",
        birthday: 8,
        left: &["0"],
        right: &["*7"],
        stops_and_mean: ("0", "0", "0"),
        temperature: "0",
    },
    Case {
        input: "73/16+v9*8",
        output: "73/16v9*8",
        birthday: 27,
        left: &["73/16v8*9"],
        right: &["73/16"],
        stops_and_mean: ("73/16", "73/16", "73/16"),
        temperature: "0",
    },
    Case {
        input: "{0|*||*|||*||||*}",
        output: "{^|*||*|||*}",
        birthday: 5,
        left: &["{^|*||*}"],
        right: &["*"],
        stops_and_mean: ("0", "0", "0"),
        temperature: "0",
    },
    Case {
        input: "{0||0|v*}",
        output: "{0||0|v*}",
        birthday: 4,
        left: &["0"],
        right: &["{0|v*}"],
        stops_and_mean: ("0", "0", "0"),
        temperature: "0",
    },
];

fn dyadic(store: &mut GameStore, text: &str) -> Dyadic {
    let g = store.parse(text).unwrap();
    store.as_number(g).unwrap()
}

#[test]
fn cgsuite_canonical_short_game_cases() {
    let mut store = GameStore::new();
    for case in CASES {
        let g = store.parse(case.input).unwrap();
        assert_eq!(store.display(g), case.output, "{}", case.input);
        assert_eq!(store.birthday(g), case.birthday, "{}", case.input);
        let mut left: Vec<String> = store
            .left_options(g)
            .into_iter()
            .map(|o| store.display(o))
            .collect();
        let mut right: Vec<String> = store
            .right_options(g)
            .into_iter()
            .map(|o| store.display(o))
            .collect();
        let mut want_left: Vec<String> = case.left.iter().map(|s| s.to_string()).collect();
        let mut want_right: Vec<String> = case.right.iter().map(|s| s.to_string()).collect();
        for v in [&mut left, &mut right, &mut want_left, &mut want_right] {
            v.sort();
        }
        assert_eq!(left, want_left, "{}", case.input);
        assert_eq!(right, want_right, "{}", case.input);
        let (ls, rs, mean) = case.stops_and_mean;
        assert_eq!(store.left_stop(g), dyadic(&mut store, ls), "{}", case.input);
        assert_eq!(
            store.right_stop(g),
            dyadic(&mut store, rs),
            "{}",
            case.input
        );
        assert_eq!(
            store.mean(g).unwrap(),
            dyadic(&mut store, mean),
            "{}",
            case.input
        );
        assert_eq!(
            store.temperature(g).unwrap(),
            dyadic(&mut store, case.temperature),
            "{}",
            case.input
        );
    }
}

#[test]
fn cgsuite_domineering_4x4() {
    // CGSuite: Domineering(Grid.Empty(4,4)).CanonicalForm
    //   = +-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}
    // where 2Tiny(2) = 2 + tiny(2) and ±{A, B} = {A, B | −A, −B}.
    let mut store = GameStore::new();
    let mut solver = Solver::new(Domineering);
    let g = solver
        .canonical_form(&mut store, &Board::rectangle(4, 4).unwrap())
        .unwrap();
    let two = store.integer(2).unwrap();
    let tiny2 = store.tiny(two).unwrap();
    let two_tiny2 = store.sum(two, tiny2).unwrap();
    let miny2 = store.miny(two).unwrap();
    let switch = store.parse("{2|0}").unwrap();
    let inner = store.game(&[switch, two_tiny2], &[switch, miny2]).unwrap();
    let zero = store.zero();
    let neg_inner = store.neg(inner);
    let expected = store.game(&[zero, inner], &[zero, neg_inner]).unwrap();
    assert_eq!(g, expected, "{}", store.display(g));
}

#[test]
fn small_domineering_boards() {
    // The worked examples of the Wikipedia article "Domineering" (section
    // "Basic examples", after Winning Ways ch. 1 and Lessons in Play ch. 2),
    // Left placing vertical dominoes: one square 0; a horizontal 1×2 strip −1;
    // a 1×4 strip {|0,−1} = −2; the 2×2 square {1|−1} = ±1; the 2×3 board
    // (2 rows, 3 columns) {2|−1/2}, Right's moves all leaving the L-shape
    // of four squares {−1|0,1} = −1/2.
    let mut store = GameStore::new();
    let mut solver = Solver::new(Domineering);
    for (board, value) in [
        (".", "0"),
        ("..", "-1"),
        ("....", "-2"),
        ("..|..", "{1|-1}"),
        ("...|...", "{2|-1/2}"),
        ("##.|...", "-1/2"),
        ("...|.##", "-1/2"),
    ] {
        let g = solver
            .canonical_form(&mut store, &Domineering::parse(board).unwrap())
            .unwrap();
        let expected = store.parse(value).unwrap();
        assert_eq!(g, expected, "{board}: {}", store.display(g));
    }
}

#[test]
fn cgsuite_clobber() {
    // CGSuite: Clobber("xox|ox.").CanonicalForm = {^^*|*,v}
    let mut store = GameStore::new();
    let mut solver = Solver::new(Clobber);
    let g = solver
        .canonical_form(&mut store, &Clobber::parse("xox|ox.").unwrap())
        .unwrap();
    let expected = store.parse("{^^*|*,v}").unwrap();
    assert_eq!(store.display(g), store.display(expected));
    assert_eq!(g, expected);
}

#[test]
fn cgsuite_toads_and_frogs() {
    // CGSuite, `GameStripTest.scala`: ToadsAndFrogs("ttttt..fffff").CanonicalForm =
    //   +-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}
    // where (same suite, `CanonicalShortGameTestCase.scala`) ^<2> = {0|v*}, so
    // v<2> = {^*|0}; Miny(x) = {x|0||0}; and ±{A, B} = {A, B | −A, −B}.
    use sprague_partizan::rules::toads::ToadsAndFrogs;
    let mut store = GameStore::new();
    let mut solver = Solver::new(ToadsAndFrogs);
    let g = solver
        .canonical_form(&mut store, &ToadsAndFrogs::parse("TTTTT..FFFFF").unwrap())
        .unwrap();
    let a = store.parse("{2|*}").unwrap();
    let b = store
        .parse(
            "{5/2||2|{0||||{0||{^*|0}|-1},{0||||0||{1/32|0||0}|-2|||-1/2*}|||{^*|0}|-1/2||-1*}|||0}",
        )
        .unwrap();
    let (na, nb) = (store.neg(a), store.neg(b));
    let expected = store.game(&[a, b], &[na, nb]).unwrap();
    assert_eq!(g, expected, "{}", store.display(g));
}

#[test]
fn cgsuite_clobber_3x4() {
    // CGSuite, `Profiler.scala`: Clobber("xoxo|oxox|xoxo").CanonicalForm = 0 (the
    // checkerboard 3×4 start is a second-player win).
    let mut store = GameStore::new();
    let mut solver = Solver::new(Clobber);
    let g = solver
        .canonical_form(&mut store, &Clobber::parse("xoxo|oxox|xoxo").unwrap())
        .unwrap();
    assert_eq!(g, store.zero());
}

#[test]
fn erickson_toads_and_frogs_families() {
    // J. Erickson, "New Toads and Frogs results", Games of No Chance, MSRI Publ. 29 (1996),
    // pp. 299–310, states from his computed table the values of families of starting
    // positions; T. Thanatipanonda, "Further hopping with Toads and Frogs", Electron. J.
    // Combin. 18 (2011) #P67, lists them as Erickson's conjectures (□ an empty square):
    //   E1: T^a □□ F^b = {{a−3 | a−b} | {* | 3−b}} for a > b ≥ 2,
    //   E2: T^a □□□ FF = {a−2 | a−2} for a ≥ 2,
    //   E3: T^a □□□ FFF = a − 7/2 for a ≥ 5.
    // (The copy of the 2011 paper that could be read had lost its □ signs; the counts above
    // are those of the families T^a□□F^b and T^a□□□F^b named by Thanatipanonda and
    // Zeilberger, arXiv:0710.4951, and with one □ every T^a□F^b here is *, not E1.)
    use sprague_partizan::rules::toads::ToadsAndFrogs;
    let mut store = GameStore::new();
    let mut solver = Solver::new(ToadsAndFrogs);
    let mut value = |store: &mut GameStore, strip: String| {
        solver
            .canonical_form(store, &ToadsAndFrogs::parse(&strip).unwrap())
            .unwrap()
    };
    let t = |n: usize| "T".repeat(n);
    let f = |n: usize| "F".repeat(n);
    for a in 3..=7usize {
        for b in 2..a {
            let (a1, b1) = (a as i64, b as i64);
            let g = value(&mut store, format!("{}..{}", t(a), f(b)));
            let e1 = store
                .parse(&format!("{{{{{}|{}}}|{{*|{}}}}}", a1 - 3, a1 - b1, 3 - b1))
                .unwrap();
            assert_eq!(g, e1, "E1 a={a} b={b}: {}", store.display(g));
        }
    }
    for a in 2..=8usize {
        let g = value(&mut store, format!("{}...FF", t(a)));
        let e2 = store.parse(&format!("{{{0}|{0}}}", a - 2)).unwrap();
        assert_eq!(g, e2, "E2 a={a}: {}", store.display(g));
    }
    for a in 5..=8i64 {
        let g = value(&mut store, format!("{}...FFF", t(a as usize)));
        let e3 = store.parse(&format!("{}/2", 2 * a - 7)).unwrap();
        assert_eq!(g, e3, "E3 a={a}: {}", store.display(g));
    }
}

#[test]
fn alternating_linear_clobber_rows_are_first_player_wins_except_oxoxox() {
    // Albert, Grossman, Nowakowski and Wolfe, "An introduction to Clobber", INTEGERS 5(2)
    // (2005) #A1, conjectured, and X. Chen, T. Folkersen, K. Hasham, R. B. Hayward, D. Lee,
    // O. Randall, L. Schultz and E. Vandermeer, "A proof of the 2004 Albert–Grossman–
    // Nowakowski–Wolfe conjecture on alternating linear Clobber" (arXiv:2509.08985, 2025)
    // proved: every even-length alternating row (xoxo…) is a first-player win (outcome N)
    // except oxoxox (and its mirror image xoxoxo, the same game), which is 0.
    let mut store = GameStore::new();
    let mut solver = Solver::new(Clobber);
    let zero = store.zero();
    for length in (2..=20).step_by(2) {
        for first in ["xo", "ox"] {
            let row: String = first.repeat(length / 2);
            let g = solver
                .canonical_form(&mut store, &Clobber::parse(&row).unwrap())
                .unwrap();
            let first_player_wins = !store.leq(g, zero) && !store.geq(g, zero);
            if length == 6 {
                assert_eq!(g, zero, "{row}");
            } else {
                assert!(first_player_wins, "{row} = {}", store.display(g));
            }
        }
    }
}
