//! End-to-end tests of `sprague ipd`, `sprague coop` and `sprague tree`.

mod common;

use std::process::Command;

fn sprague(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn json(args: &[&str]) -> serde_json::Value {
    let (code, stdout, stderr) = sprague(args);
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&stdout).expect("JSON output")
}

fn temp_file(name: &str, contents: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, contents).expect("writable temp dir");
    path.display().to_string()
}

#[test]
fn tit_for_tat_against_defector() {
    let value = json(&[
        "ipd",
        "match",
        "TitForTat",
        "Defector",
        "--turns",
        "10",
        "--format",
        "json",
    ]);
    assert_eq!(value["scores"], serde_json::json!([9.0, 14.0]));
    assert_eq!(value["actions"].as_array().map(Vec::len), Some(10));
    assert_eq!(value["actions"][0], serde_json::json!(["C", "D"]));
    assert_eq!(value["actions"][1], serde_json::json!(["D", "D"]));
}

#[test]
fn seeded_tournament_is_reproducible() {
    let args = [
        "ipd",
        "tournament",
        "--turns",
        "50",
        "--repetitions",
        "2",
        "--noise",
        "0.05",
        "--seed",
        "7",
        "--format",
        "json",
    ];
    let first = json(&args);
    assert_eq!(first, json(&args));
    assert!(first["ranking"].as_array().map_or(0, Vec::len) >= 30);
}

#[test]
fn moran_counts_fixations() {
    let value = json(&[
        "ipd",
        "moran",
        "TitForTat",
        "Defector",
        "Cooperator",
        "--runs",
        "5",
        "--turns",
        "20",
        "--format",
        "json",
    ]);
    let fixed: u64 = value["fixations"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|x| x.as_u64())
        .sum();
    assert_eq!(fixed + value["unfixed"].as_u64().unwrap_or(0), 5);
}

#[test]
fn bad_ipd_input_is_one_sentence_and_exit_2() {
    let (code, _, stderr) = sprague(&["ipd", "match", "TitForTatt", "Defector"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("did you mean") && stderr.contains("TitForTat"),
        "{stderr}"
    );
    let (code, _, stderr) = sprague(&[
        "ipd",
        "match",
        "TitForTat",
        "Defector",
        "--payoffs",
        "3,0,7,1",
    ]);
    assert_eq!(code, 2);
    assert!(stderr.contains("2R > T + S"), "{stderr}");
    let (code, _, _) = sprague(&[
        "ipd",
        "match",
        "TitForTat",
        "Defector",
        "--payoffs",
        "3,0,7,1",
        "--allow-non-pd",
    ]);
    assert_eq!(code, 0);
}

#[test]
fn shapley_values() {
    assert_eq!(
        json(&["coop", "shapley", "glove:1,2", "--format", "json"])["shapley"],
        serde_json::json!(["2/3", "1/6", "1/6"])
    );
    assert_eq!(
        json(&["coop", "shapley", "[51; 49, 48, 3]", "--format", "json"])["shapley"],
        serde_json::json!(["1/3", "1/3", "1/3"])
    );
    let file = temp_file(
        "coop.json",
        r#"{"players": ["A", "B"], "values": {"A": 1, "B": 0, "A,B": 3}}"#,
    );
    assert_eq!(
        json(&["coop", "shapley", &file, "--format", "json"])["shapley"],
        serde_json::json!(["2", "1"])
    );
    let banzhaf = json(&["coop", "banzhaf", "[12; 4,4,4,2,2,1]", "--format", "json"]);
    assert_eq!(banzhaf["banzhaf"][5], "0");
    let estimate = json(&[
        "coop",
        "shapley",
        "[51; 49, 48, 3]",
        "--monte-carlo",
        "1000",
        "--format",
        "json",
    ]);
    assert_eq!(estimate["exact"], false);
}

#[test]
fn core_membership() {
    let inside = json(&[
        "coop",
        "in-core",
        "glove:1,2",
        "--allocation",
        "1,0,0",
        "--format",
        "json",
    ]);
    assert_eq!(inside["in_core"], true);
    let outside = json(&[
        "coop",
        "in-core",
        "glove:1,2",
        "--allocation",
        "2/3,1/6,1/6",
        "--format",
        "json",
    ]);
    assert_eq!(outside["in_core"], false);
    assert_eq!(outside["max_excess"], "1/6");
}

#[test]
fn the_airport_game_is_tested_as_a_cost_game() {
    // The airport game is concave, so its Shapley value (Littlechild–Owen's
    // sequential rule), its nucleolus and `core`'s point all lie in its core:
    // no coalition pays more than its own cost.
    let game = "airport:1,2,3,5";
    let shares = |command: &str, key: &str| -> String {
        let record = json(&["coop", command, game, "--format", "json"]);
        let values = record[key].as_array().expect("a list of shares").clone();
        values
            .iter()
            .map(|v| v.as_str().expect("exact text").to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    for (command, key) in [
        ("shapley", "shapley"),
        ("nucleolus", "nucleolus"),
        ("core", "point"),
    ] {
        let allocation = shares(command, key);
        let check = json(&[
            "coop",
            "in-core",
            game,
            "--allocation",
            &allocation,
            "--format",
            "json",
        ]);
        assert_eq!(check["in_core"], true, "{command}: {allocation} {check}");
        assert_eq!(check["game_kind"], "cost");
    }
    // Player 1 alone would pay 1; charging it 2 overcharges it by 1.
    let (code, stdout, _) = sprague(&["coop", "in-core", game, "--allocation", "2,0,1,2"]);
    assert_eq!(code, 0);
    assert!(
        stdout.contains("coalition {1} pays 1 more than its own cost"),
        "{stdout}"
    );
}

#[test]
fn bad_cooperative_input() {
    let (code, _, stderr) = sprague(&["coop", "shapley", "[20; 4, 5]"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("above the total weight"), "{stderr}");
    let missing = temp_file(
        "missing.json",
        r#"{"players": ["A", "B"], "values": {"A": 1, "A,B": 3}}"#,
    );
    let (code, _, stderr) = sprague(&["coop", "shapley", &missing]);
    assert_eq!(code, 2);
    assert!(stderr.contains("{B}"), "{stderr}");
    let (code, _, _) = sprague(&["coop", "shapley", "no-such-file.json"]);
    assert_eq!(code, 2);
}

#[test]
fn backward_induction_on_files() {
    let efg = temp_file(
        "entry.efg",
        "EFG 2 R \"Entry\" { \"Entrant\" \"Incumbent\" }\n\
         p \"\" 1 1 \"\" { \"Out\" \"In\" } 0\n\
         t \"\" 1 \"\" { 0, 2 }\n\
         p \"\" 2 1 \"\" { \"Fight\" \"Accommodate\" } 0\n\
         t \"\" 2 \"\" { -1, -1 }\n\
         t \"\" 3 \"\" { 1, 1 }\n",
    );
    let value = json(&["tree", "solve", &efg, "--format", "json"]);
    assert_eq!(value["path"], serde_json::json!(["In", "Accommodate"]));
    assert_eq!(value["payoffs"], serde_json::json!(["1", "1"]));
    let cyclic = temp_file(
        "cycle.json",
        r#"{"players": ["A"], "root": "a", "nodes": {"a": {"player": "A", "moves": [{"node": "b"}]}, "b": {"player": "A", "moves": [{"node": "a"}]}}}"#,
    );
    let (code, _, stderr) = sprague(&["tree", "solve", &cyclic]);
    assert_eq!(code, 2);
    assert!(stderr.contains("do not form a tree"), "{stderr}");
    let pd = json(&["tree", "repeated-pd", "--rounds", "100", "--format", "json"]);
    assert_eq!(pd["always_defect"], true);
    assert_eq!(pd["equilibrium_total"], "100");
}

fn strings(value: &serde_json::Value) -> Vec<String> {
    value
        .as_array()
        .expect("an array")
        .iter()
        .map(|v| v.as_str().expect("an exact string").to_string())
        .collect()
}

#[test]
fn nucleolus_of_the_talmud_bankruptcy_games() {
    // Aumann and Maschler (1985): the nucleolus is the Talmud's division.
    for (estate, expected) in [
        ("100", ["100/3", "100/3", "100/3"]),
        ("200", ["50", "75", "75"]),
        ("300", ["50", "100", "150"]),
    ] {
        let game = format!("bankruptcy:{estate}:100,200,300");
        let out = json(&["coop", "nucleolus", &game, "--format", "json"]);
        assert_eq!(strings(&out["nucleolus"]), expected);
        assert_eq!(out["exact"], true);
    }
}

#[test]
fn core_least_core_and_nucleolus_of_the_majority_game() {
    let core = json(&["coop", "core", "[2; 1, 1, 1]", "--format", "json"]);
    assert_eq!(core["core_empty"], true);
    assert!(core["point"].is_null());
    assert_eq!(core["least_core_epsilon"], "1/3");
    let least = json(&["coop", "least-core", "[2; 1, 1, 1]", "--format", "json"]);
    assert_eq!(least["epsilon"], "1/3");
    assert_eq!(strings(&least["point"]), ["1/3", "1/3", "1/3"]);
    let nu = json(&["coop", "nucleolus", "[2; 1, 1, 1]", "--format", "json"]);
    assert_eq!(strings(&nu["nucleolus"]), ["1/3", "1/3", "1/3"]);
    let (code, text, _) = sprague(&["coop", "core", "[2; 1, 1, 1]"]);
    assert_eq!(code, 0);
    assert!(
        text.contains("The core is empty") && text.contains("ε = 1/3"),
        "{text}"
    );
}

#[test]
fn core_of_the_glove_game() {
    let core = json(&["coop", "core", "glove:1,2", "--format", "json"]);
    assert_eq!(core["core_empty"], false);
    assert_eq!(strings(&core["point"]), ["1", "0", "0"]);
    let nu = json(&["coop", "nucleolus", "glove:1,2", "--format", "json"]);
    assert_eq!(strings(&nu["nucleolus"]), ["1", "0", "0"]);
    let file = temp_file(
        "ferguson.json",
        r#"{"players": 3, "values": {"1": -1, "2": 0, "3": 1, "1,2": 3, "1,3": 4, "2,3": 2, "1,2,3": 5}}"#,
    );
    let nu = json(&["coop", "nucleolus", &file, "--format", "json"]);
    assert_eq!(strings(&nu["nucleolus"]), ["8/3", "2/3", "5/3"]);
}

#[test]
fn bad_input_for_the_nucleolus() {
    let no_imputation = temp_file(
        "no-imputation.json",
        r#"{"players": 2, "values": {"1": 2, "2": 2, "1,2": 3}}"#,
    );
    let (code, _, stderr) = sprague(&["coop", "nucleolus", &no_imputation]);
    assert_eq!(code, 2);
    assert!(stderr.contains("no imputation"), "{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    let pre = json(&[
        "coop",
        "nucleolus",
        &no_imputation,
        "--pre",
        "--format",
        "json",
    ]);
    assert_eq!(strings(&pre["prenucleolus"]), ["3/2", "3/2"]);
    let (code, _, stderr) = sprague(&["coop", "nucleolus", "glove:13,13"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("at most 25 players, not 26"), "{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    let (code, _, stderr) = sprague(&["coop", "nucleolus", "assignment:1,2;3"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("one surplus per seller"), "{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    let (code, _, stderr) = sprague(&["coop", "core", "no-such-file.json"]);
    assert_eq!(code, 2);
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
}

#[test]
fn nucleolus_of_games_given_by_a_rule() {
    // Eighteen glove owners, nine of each: symmetric, so 1/2 each (beyond the
    // 16 players of the LP over all coalitions: constraint generation).
    let nu = json(&["coop", "nucleolus", "glove:9,9", "--format", "json"]);
    assert_eq!(strings(&nu["nucleolus"]), vec!["1/2"; 18]);
    assert_eq!(nu["method"], "constraint-generation");
    // The airport game is a cost game: the cost nucleolus of costs 1, 2, 3
    // is (1/2, 3/4, 7/4) (Littlechild's rule; by hand in the library tests).
    let nu = json(&["coop", "nucleolus", "airport:1,2,3", "--format", "json"]);
    assert_eq!(strings(&nu["nucleolus"]), ["1/2", "3/4", "7/4"]);
    // Two buyers, one seller with surpluses 5 and 3: (1, 0, 4).
    let nu = json(&["coop", "nucleolus", "assignment:5;3", "--format", "json"]);
    assert_eq!(strings(&nu["nucleolus"]), ["1", "0", "4"]);
    assert_eq!(strings(&nu["players"]), ["B1", "B2", "S1"]);
    let least = json(&["coop", "least-core", "assignment:5/3", "--format", "json"]);
    assert_eq!(least["epsilon"], "0");
    // A table keeps the LP over all coalitions.
    let file = temp_file(
        "majority.json",
        r#"{"players": 3, "values": {"1": 0, "2": 0, "3": 0, "1,2": 1, "1,3": 1, "2,3": 1, "1,2,3": 1}}"#,
    );
    let nu = json(&["coop", "nucleolus", &file, "--format", "json"]);
    assert_eq!(nu["method"], "all-coalitions");
    assert_eq!(nu["scans"], 0);
}

/// Ctrl-C ends the nucleolus of a 25-player weighted voting game within two
/// seconds, exit code 130, the last line of stderr one sentence.
#[test]
fn ctrl_c_stops_a_large_nucleolus() {
    use std::time::Duration;
    let weights: Vec<String> = (1..=25).map(|w| w.to_string()).collect();
    let game = format!("[163; {}]", weights.join(", "));
    let (out, elapsed) =
        common::interrupted_after(&["coop", "nucleolus", &game], Duration::from_millis(500));
    let err = String::from_utf8_lossy(&out.stderr);
    // In an optimised build the whole computation may end first.
    if out.status.code() == Some(0) {
        return;
    }
    assert!(elapsed < Duration::from_secs(2), "{elapsed:?}");
    assert_eq!(out.status.code(), Some(130), "{err}");
    let last = err.trim_end().lines().last().unwrap_or_default();
    assert!(last.contains("interrupted"), "{err}");
}

#[test]
fn strategies_given_by_parameters_from_the_command_line() {
    // A finite-state machine from a file: Fortress3's table (library
    // finite_state_machines.py) equals the registered Fortress3.
    let path = temp_file(
        "fortress3.json",
        r#"{"initial_state": 1, "initial_action": "D", "transitions": [[1, "C", 1, "D"], [1, "D", 2, "D"],
            [2, "C", 1, "D"], [2, "D", 3, "C"], [3, "C", 3, "C"], [3, "D", 1, "D"]]}"#,
    );
    let from_file = json(&[
        "ipd",
        "match",
        &format!("fsm:{path}"),
        "TitForTat",
        "--turns",
        "30",
        "--format",
        "json",
    ]);
    let named = json(&[
        "ipd",
        "match",
        "Fortress3",
        "TitForTat",
        "--turns",
        "30",
        "--format",
        "json",
    ]);
    assert_eq!(from_file["actions"], named["actions"]);
    let tournament = json(&[
        "ipd",
        "tournament",
        "memoryone:1,1/3,1,1/3",
        "zd:1/9,1/2,1",
        "lookup:1,1,0:CDDC",
        "Defector",
        "--repetitions",
        "2",
        "--turns",
        "20",
        "--format",
        "json",
    ]);
    assert_eq!(
        tournament["players"],
        serde_json::json!([
            "memoryone:1,1/3,1,1/3,C",
            "zd:1/9,1/2,1",
            "lookup:1,1,0:CDDC",
            "Defector"
        ])
    );
    for bad in [
        "memoryone:1,2,0,0",
        "zd:1,1/2,1",
        "lookup:1,1,0:CDC",
        "fsm:{}",
        "fsm:/nonexistent.json",
    ] {
        let (code, _, stderr) = sprague(&["ipd", "match", bad, "Defector"]);
        assert_eq!(code, 2, "{bad}: {stderr}");
        assert_eq!(stderr.trim().lines().count(), 1, "{bad}: {stderr}");
    }
}

/// `coop core --format csv` printed the text sentence (issue 18: a format a command does not
/// support must be refused, not replaced). Now one row per player: a core point, or for an
/// empty core the least core's point, the column saying which. The three-player majority game
/// has an empty core (every pair can take everything) and the least-core point (1/3, 1/3, 1/3);
/// the glove game L1 + R1, R2 has the core point (1, 0, 0) (the scarce left glove takes all).
#[test]
fn coop_core_prints_csv_rows() {
    let (code, out, err) = sprague(&["coop", "core", "[2; 1,1,1]", "--format", "csv"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "player,least_core_point,approximately\n1,1/3,0.333333\n2,1/3,0.333333\n3,1/3,0.333333\n"
    );
    let (code, out, err) = sprague(&["coop", "core", "glove:1,2", "--format", "csv"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "player,core_point,approximately\nL1,1,1.000000\nR1,0,0.000000\nR2,0,0.000000\n"
    );
}

/// `coop in-core` answers with one verdict: CSV is refused with a sentence and exit 2 (it
/// printed the text verdict before).
#[test]
fn coop_in_core_refuses_csv() {
    let (code, out, err) = sprague(&[
        "coop",
        "in-core",
        "glove:1,2",
        "--allocation",
        "1,0,0",
        "--format",
        "csv",
    ]);
    assert_eq!(code, 2);
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("prints text or JSON"), "{err}");
}
