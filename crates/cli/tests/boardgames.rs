//! End-to-end tests of the board, coin, graph, loopy and SOS games: the
//! documented JSON keys (`outcome` P/N/D/W/L/T, `grundy` null where undefined,
//! `remoteness`), the `graph` and `table` commands, and one-line usage errors
//! (exit code 2) for bad input.

mod common;

use common::*;
use serde_json::Value;

fn analyze(arguments: &[&str]) -> Value {
    let mut all = vec!["analyze"];
    all.extend_from_slice(arguments);
    all.extend_from_slice(&["--format", "json"]);
    json(&all)
}

#[test]
fn wythoff_10_15_and_the_table() {
    let answer = analyze(&["wythoff", "10,15"]);
    assert_eq!(answer["outcome"], "N");
    assert_eq!(answer["grundy"], 3);
    assert_eq!(answer["winning_moves"].as_array().map(Vec::len), Some(3));
    let table = json(&["table", "wythoff", "--to", "20", "--format", "json"]);
    assert_eq!(table["values"][10][15], 3);
    let p: Vec<Value> = table["p_positions"].as_array().unwrap().clone();
    assert!(p.contains(&serde_json::json!([3, 5])) && p.contains(&serde_json::json!([12, 20])));
}

#[test]
fn chomp_4x7_has_one_winning_move() {
    let answer = analyze(&["chomp", "4x7"]);
    assert_eq!(answer["outcome"], "N");
    assert_eq!(answer["grundy"], Value::Null);
    assert_eq!(answer["winning_moves"][0]["to"], "7,7,3,3");
    assert_eq!(analyze(&["chomp", "1x1"])["outcome"], "P");
    assert_eq!(analyze(&["chomp", "2,1"])["outcome"], "P");
}

#[test]
fn nim_reductions() {
    assert_eq!(analyze(&["nimble", ".1..2.1"])["grundy"], 1 ^ 4 ^ 4 ^ 6);
    assert_eq!(analyze(&["turning-turtles", "THHTTH"])["grundy"], 2 ^ 3 ^ 6);
    assert_eq!(analyze(&["northcott", "W...B.", ".B..W"])["grundy"], 3 ^ 2);
}

#[test]
fn coin_turning_values() {
    // Mock Turtles from 0: heads at 1, 2, 5 → 2 ⊕ 4 ⊕ 11.
    assert_eq!(analyze(&["mock-turtles", "THHTTH"])["grundy"], 2 ^ 4 ^ 11);
    // Ruler from 1: heads at 2, 3, 6, 8 → 2 ⊕ 1 ⊕ 2 ⊕ 8.
    assert_eq!(analyze(&["ruler", "THHTTHTH"])["grundy"], 1 ^ 8);
    assert_eq!(analyze(&["rugs", "TTTT/THTT/TTHH"])["grundy"], 6);
    assert_eq!(analyze(&["twins-x-twins", "TTT/TTT/TTH"])["grundy"], 3); // 2 ⊗ 2
    assert_eq!(analyze(&["tartan:twins*twins", "TTT/TTT/TTH"])["grundy"], 3);
    assert_eq!(analyze(&["acrostic-twins", "TT/TH"])["grundy"], 0);
}

#[test]
fn hackenbush_from_a_file_and_inline_agree() {
    let file = analyze(&["green-hackenbush", "@tests/data/hackenbush.txt"]);
    assert_eq!(file["grundy"], 1 ^ 2); // triangle (1) with a stalk of 2 on top; the square is worth 0
    let inline = analyze(&["green-hackenbush", "g-a,a-b,b-g,a-c,c-d,g-p,p-q,q-r,r-g"]);
    assert_eq!(file["grundy"], inline["grundy"]);
    assert_eq!(analyze(&["tree-edge-deletion", "(()(()))"])["grundy"], 3);
    assert_eq!(
        analyze(&["graph-edge-deletion", "1:1-2,2-3,3-1,1-4"])["grundy"],
        0
    );
}

#[test]
fn loopy_digraph_outcomes_p_n_d() {
    for graph in [
        "digraph:@tests/data/loopy.txt",
        "digraph:@tests/data/loopy.json",
    ] {
        let outcome = |tokens: &[&str]| {
            let mut arguments = vec![graph];
            arguments.extend_from_slice(tokens);
            analyze(&arguments)["outcome"].as_str().unwrap().to_string()
        };
        assert_eq!(outcome(&["x"]), "P");
        assert_eq!(outcome(&["y"]), "N");
        assert_eq!(outcome(&["a"]), "D");
        assert_eq!(outcome(&["a", "x"]), "D");
        assert_eq!(outcome(&["f", "x"]), "N");
        assert_eq!(outcome(&["d", "d"]), "P");
    }
    let answer = analyze(&["digraph:@tests/data/loopy.txt", "a", "x"]);
    assert_eq!(answer["grundy"], Value::Null);
    assert_eq!(answer["components"][1]["grundy"], 0);
}

#[test]
fn digraph_table_lists_gamma_with_infinite_values() {
    let table = json(&["table", "digraph:@tests/data/loopy.txt", "--format", "json"]);
    let rows = table["vertices"].as_array().unwrap();
    let row = |name: &str| rows.iter().find(|r| r["vertex"] == name).unwrap().clone();
    assert_eq!(row("c")["gamma"], "∞(1)");
    assert_eq!(row("c")["outcome"], "D");
    assert_eq!(row("f")["gamma"], "∞(0)");
    assert_eq!(row("f")["outcome"], "N");
    assert_eq!(row("x")["grundy"], 0);
    assert_eq!(row("a")["grundy"], Value::Null);
}

#[test]
fn hackenbush_analysis_says_brute_force_agrees() {
    let answer = analyze(&["green-hackenbush", "@tests/data/hackenbush.txt"]);
    assert!(answer["method"]
        .as_str()
        .unwrap()
        .contains("brute force over edge deletions gives the same values"));
}

#[test]
fn sos_is_win_lose_tie_with_remoteness() {
    let answer = analyze(&["sos", "7"]);
    assert_eq!(answer["outcome"], "W");
    assert_eq!(answer["remoteness"], 7);
    assert_eq!(answer["grundy"], Value::Null);
    assert_eq!(analyze(&["sos", "S__S"])["outcome"], "L");
    assert_eq!(analyze(&["sos", "6"])["outcome"], "T");
}

#[test]
fn graph_output_in_svg() {
    let output = sprague(&["graph", "wythoff", "2,3", "--svg"]);
    assert!(output.status.success());
    let svg = String::from_utf8_lossy(&output.stdout);
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    // Every position once, with its value; the three P-positions filled; winning moves red.
    let json_graph = json(&["graph", "wythoff", "2,3", "--format", "json"]);
    let nodes = json_graph["nodes"].as_array().unwrap();
    assert_eq!(svg.matches("<g><rect").count(), nodes.len());
    for node in nodes {
        let position = node["position"].as_str().unwrap();
        assert!(svg.contains(&format!(">{position}</text>")), "{position}");
    }
    let losing = nodes.iter().filter(|node| node["losing"] == true).count();
    assert_eq!(losing, 3);
    assert_eq!(
        svg.matches(r##"fill="#ffd8a8" stroke="#333333" stroke-width="2""##)
            .count(),
        losing
    );
    let winning = json_graph["edges"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|edge| edge["winning"] == true)
        .count();
    assert_eq!(svg.matches("url(#win)").count(), winning);
    assert!(svg.contains("g = 5"));
    // Too large, or with --dot: one-sentence usage errors.
    assert!(
        usage_error(&["graph", "wythoff", "2,3", "--svg", "--max-nodes", "201"])
            .contains("at most 200 positions")
    );
    assert!(
        usage_error(&["graph", "wythoff", "2,3", "--svg", "--format", "json"]).contains("--format")
    );
    assert!(usage_error(&["graph", "wythoff", "2,3", "--format", "csv"]).contains("CSV"));
    assert_eq!(
        sprague(&["graph", "wythoff", "2,3", "--svg", "--dot"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn graph_output_in_dot() {
    let output = sprague(&["graph", "wythoff", "2,3", "--dot"]);
    assert!(output.status.success());
    let dot = String::from_utf8_lossy(&output.stdout);
    assert!(dot.starts_with("digraph"));
    assert!(dot.contains("color=red"));
    // One line on stderr says how to render it.
    let hint = String::from_utf8_lossy(&output.stderr);
    assert_eq!(hint.lines().count(), 1, "{hint}");
    assert!(hint.contains("render with Graphviz: sprague graph wythoff 2,3 --dot | dot -Tsvg"));
    let limited = json(&[
        "graph",
        "chomp",
        "3x3",
        "--max-nodes",
        "5",
        "--format",
        "json",
    ]);
    assert_eq!(limited["truncated"], true);
    assert_eq!(limited["nodes"].as_array().map(Vec::len), Some(5));
    let loopy = json(&[
        "graph",
        "digraph:@tests/data/loopy.txt",
        "a",
        "--format",
        "json",
    ]);
    assert!(loopy["nodes"][0]["value"]
        .as_str()
        .unwrap()
        .starts_with('D'));
    let sos = json(&["graph", "sos", "S__S", "--format", "json"]);
    assert_eq!(sos["nodes"][0]["value"], "L2");
}

#[test]
fn every_new_game_is_listed() {
    let games = json(&["games", "--format", "json"]);
    let names: Vec<&str> = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|g| g["name"].as_str())
        .collect();
    for name in [
        "wythoff",
        "chomp",
        "nimble",
        "turning-turtles",
        "northcott",
        "mock-turtles",
        "ruler",
        "twins",
        "coin-subtraction",
        "coins",
        "acrostic-twins",
        "twins-x-twins",
        "rugs",
        "tartan",
        "green-hackenbush",
        "tree-edge-deletion",
        "graph-edge-deletion",
        "digraph",
        "sos",
    ] {
        assert!(names.contains(&name), "{name} missing");
    }
}

#[test]
fn bad_input_is_one_line_with_exit_code_2() {
    assert!(usage_error(&[
        "analyze",
        "green-hackenbush",
        "@tests/data/unknown_vertex.txt"
    ])
    .contains("unknown vertex 'z'"));
    assert!(usage_error(&["analyze", "green-hackenbush", "a-b,b-c"])
        .contains("no edge touches the ground"));
    assert!(usage_error(&[
        "analyze",
        "green-hackenbush",
        "@tests/data/contradictory.txt"
    ])
    .contains("declared as 'h'"));
    assert!(usage_error(&[
        "analyze",
        "green-hackenbush",
        "@tests/data/no_such_file.txt"
    ])
    .contains("cannot read"));
    assert!(usage_error(&["analyze", "digraph:a>b", "z"]).contains("no vertex of that name"));
    assert!(usage_error(&["analyze", "chomp", "3,5"]).contains("not a Young diagram"));
    assert!(usage_error(&["analyze", "chomp", "60x60"]).contains("the limit is"));
    assert!(usage_error(&["analyze", "mock-turtles", "THXH"]).contains("'X' is not a coin"));
    assert!(usage_error(&["analyze", "turning-turtles", "HTA"]).contains("H (heads) and T (tails)"));
    assert!(usage_error(&["analyze", "sos", "40"]).contains("the limit is 18 squares"));
    assert!(usage_error(&["analyze", "sos", "SXS"]).contains("not a square"));
    assert!(usage_error(&["analyze", "rugs", "TH/T"]).contains("same"));
    assert!(usage_error(&["analyze", "tree-edge-deletion", "(()"]).contains("unbalanced"));
    assert!(usage_error(&["analyze", "wythoff", "3"]).contains("a,b"));
    assert!(usage_error(&["analyze", "coins:any1-9", "TH"]).contains("≤ 4"));
    assert!(usage_error(&["table", "kayles"]).contains("does not support"));
    assert!(usage_error(&["values", "wythoff"]).contains("sprague table wythoff"));
    assert!(
        usage_error(&["analyze", "digraph:@tests/data/no_such_file.json", "a"])
            .contains("cannot read")
    );
    assert!(usage_error(&["graph", "nimble", ".1"]).contains("does not support"));
}
