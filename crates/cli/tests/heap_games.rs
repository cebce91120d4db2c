//! End-to-end tests of the heap games of CATALOGUE §2: JSON keys of `values`
//! (with `saltus`) and `analyze` (with `method`), and one-line usage errors
//! (exit code 2) for invalid parameters and searches that are too large.

mod common;

use common::*;

#[test]
fn all_but_values_have_an_arithmetic_period_with_saltus() {
    let answer = json_formatted(&["values", "allbut:1,2", "--to", "60"]);
    assert_eq!(answer["game"], "allbut:1,2");
    assert_eq!(answer["values"].as_array().map(Vec::len), Some(61));
    assert_eq!(answer["values"][60], 20);
    assert_eq!(answer["period"]["period"], 3);
    assert_eq!(answer["period"]["preperiod"], 0);
    assert_eq!(answer["period"]["saltus"], 1);
    assert_eq!(answer["period"]["proven"], true);
}

#[test]
fn all_but_periods_are_proven_with_longer_sweeps_when_needed() {
    // g(0..300) shows a spurious ordinary period for E = {2, 4, 6}; the arithmetic one is reported.
    let answer = json_formatted(&["values", "allbut:2,4,6", "--to", "10"]);
    assert_eq!(answer["period"]["period"], 8);
    assert_eq!(answer["period"]["saltus"], 2);
    assert_eq!(answer["period"]["proven"], true);
    // E = {3, 7, 10}: period 198, saltus 66, found and proven in g(0..1200).
    let answer = json_formatted(&["values", "allbut:3,7,10", "--to", "2000"]);
    assert_eq!(answer["period"]["period"], 198);
    assert_eq!(answer["period"]["saltus"], 66);
    assert_eq!(answer["period"]["proven"], true);
    assert_eq!(
        answer["values"][2000].as_u64(),
        answer["values"][2000 - 198].as_u64().map(|v| v + 66)
    );
}

#[test]
fn extended_bash_values_are_periodic_with_saltus_0() {
    let answer = json_formatted(&["values", "bash:2..5", "--to", "30"]);
    assert_eq!(answer["game"], "bash:2..5");
    assert_eq!(answer["period"]["period"], 7);
    assert_eq!(answer["period"]["saltus"], 0);
    assert_eq!(answer["period"]["proven"], true);
    assert_eq!(answer["values"][6], 3);
}

#[test]
fn analyze_reports_outcome_moves_and_method() {
    let misere = json_formatted(&["analyze", "misere:nim", "1", "1", "1", "2"]);
    assert_eq!(misere["outcome"], "N");
    assert_eq!(misere["winning_moves"][0]["to"], "1 1 1");
    assert!(misere["method"]
        .as_str()
        .unwrap_or("")
        .starts_with("Anti-Nim"));

    let fibonacci = json_formatted(&["analyze", "fibonacci", "10"]);
    assert_eq!(fibonacci["outcome"], "N");
    assert_eq!(fibonacci["winning_moves"][0]["to"], "8,2");

    let thirty_one = json_formatted(&["analyze", "thirty-one"]);
    assert_eq!(thirty_one["outcome"], "N");
    assert_eq!(
        thirty_one["winning_moves"].as_array().map(Vec::len),
        Some(3)
    );

    let boxes = json_formatted(&["analyze", "empty-divide", "5", "7"]);
    assert_eq!(boxes["outcome"], "P");

    let staircase = json_formatted(&["analyze", "staircase", "3", "0", "2", "5"]);
    assert_eq!(staircase["grundy"], 1);

    let moore = json_formatted(&["analyze", "moore:2", "1", "2", "4", "7"]);
    assert_eq!(moore["outcome"], "N");

    let every = json_formatted(&["analyze", "every:bash:3", "5", "6", "9"]);
    assert_eq!(every["outcome"], "N");
    assert_eq!(every["remoteness"], 5);

    // Take-and-break games answer misère sums through their quotient (tests/quotient.rs);
    // other games by exact search.
    let moore = json_formatted(&["analyze", "misere:moore:2", "2", "3", "4"]);
    assert!(moore["method"]
        .as_str()
        .unwrap_or("")
        .starts_with("exact misère search"));
}

#[test]
fn count_to_values_and_every_sg_split_components() {
    let answer = json_formatted(&["values", "count-to:3", "--to", "12"]);
    assert_eq!(answer["values"][12], 0);
    assert_eq!(answer["period"]["period"], 4);
    let every = json_formatted(&["analyze", "every:kayles", "1+4", "5"]);
    assert!(every["components"][0]["position"]
        .as_str()
        .unwrap_or("")
        .starts_with("1+4"));
    for winning in every["winning_moves"].as_array().expect("moves") {
        let to: Vec<&str> = winning["to"].as_str().unwrap_or("").split(' ').collect();
        let mut arguments = vec!["analyze", "every:kayles"];
        arguments.extend(to);
        assert_eq!(json_formatted(&arguments)["outcome"], "P");
    }
    let text = String::from_utf8_lossy(&sprague(&["values", "allbut:1,2", "--to", "12"]).stdout)
        .to_string();
    assert!(text.contains("g(n + 3) = g(n) + 1"), "{text}");
}

#[test]
fn games_lists_the_heap_games() {
    let answer = json_formatted(&["games"]);
    let names: Vec<&str> = answer["games"]
        .as_array()
        .expect("games")
        .iter()
        .filter_map(|game| game["name"].as_str())
        .collect();
    for name in [
        "allbut",
        "count-to",
        "moore",
        "staircase",
        "dynamic",
        "fibonacci",
        "thirty-one",
        "empty-divide",
        "misere",
        "every",
    ] {
        assert!(names.contains(&name), "{name} missing");
    }
}

#[test]
fn invalid_parameters_are_one_line_usage_errors() {
    assert!(usage_error(&["values", "bash:0"]).contains("at least 1"));
    assert!(usage_error(&["values", "bash:5..2"]).contains("must not exceed"));
    assert!(usage_error(&["values", "bash:0..2"]).contains("at least 1"));
    assert!(usage_error(&["values", "subtraction:"]).contains("empty"));
    assert!(usage_error(&["values", "subtraction:0,1"]).contains("take of 0"));
    assert!(usage_error(&["values", "allbut:0,1"]).contains("cannot be excluded"));
    assert!(usage_error(&["analyze", "moore:0", "1"]).contains("at least 1"));
    assert!(
        usage_error(&["analyze", "thirty-one", "6", "6", "6", "6", "5", "5"]).contains("above 31")
    );
    assert!(usage_error(&["analyze", "thirty-one", "7"]).contains("1 to 6"));
    assert!(usage_error(&["analyze", "empty-divide", "0", "3"]).contains("at least one chip"));
    assert!(usage_error(&["analyze", "empty-divide", "3"]).contains("two boxes"));
    assert!(usage_error(&["analyze", "fibonacci", "7,0"]).contains("at least 1"));
    assert!(usage_error(&["analyze", "misere:misere:nim", "1"])
        .contains("does not support misère play"));
    assert!(usage_error(&["values", "fibonacci"]).contains("not a one-heap game"));
}

#[test]
fn searches_that_would_blow_up_are_refused_with_their_size() {
    let message = usage_error(&["analyze", "misere:grundy", "60", "60", "60"]);
    assert!(message.contains("positions"), "{message}");
    let message = usage_error(&["analyze", "every:nim", "100000"]);
    assert!(message.contains("positions"), "{message}");
}

/// `values --summary` left the table in for games other than take-and-break (issue 18): Nim to
/// 100,000 printed 10,000 rows. Now the text has the title, the largest value, the closed form
/// and the P-positions, and the JSON drops `values` for `max_value`; CSV has no summary form.
#[test]
fn values_summary_leaves_the_table_out_for_every_game() {
    let output = sprague(&["values", "nim", "--to", "100000", "--summary"]);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.lines().count() < 10, "{text}");
    assert!(text.contains("Largest value: 100000."), "{text}");
    assert!(text.contains("Closed form: g(n) = n"), "{text}");
    let record = json_formatted(&["values", "bash:3", "--to", "100", "--summary"]);
    assert!(record.get("values").is_none(), "{record}");
    assert_eq!(record["max_value"], 3);
    assert_eq!(record["period"]["period"], 4);
    let refused = usage_error(&["values", "nim", "--to", "5", "--summary", "--format", "csv"]);
    assert!(refused.contains("no CSV form"), "{refused}");
}
