//! End-to-end tests of the extensive-form commands: `nash`, `zerosum`,
//! `dominance`, `tree spe` and `tree info` on built-in games and on small
//! hand-written `.efg` files, and one-sentence refusals (exit 2) of bad files.

use std::process::Command;

fn sprague(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = sprague(args);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).expect("valid JSON")
}

/// Writes `text` to a fresh file in the temporary directory.
fn efg_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sprague-extensive-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn kuhn_poker_value_and_strategies() {
    let v = json(&["zerosum", "kuhn-poker", "--format", "json"]);
    assert_eq!(v["value"], "-1/18");
    assert_eq!(v["optimal"]["verified"], true);
    let p2 = &v["optimal"]["strategies"][1]["information_sets"];
    let set = |label: &str| {
        p2.as_array()
            .unwrap()
            .iter()
            .find(|h| h["label"] == label)
            .unwrap()["probabilities"]
            .clone()
    };
    assert_eq!(set("J:check"), serde_json::json!(["2/3", "1/3"]));
    assert_eq!(set("Q:bet"), serde_json::json!(["2/3", "1/3"]));
    assert_eq!(set("K:bet"), serde_json::json!(["0", "1"]));
    let v = json(&["nash", "kuhn-poker", "--format", "json"]);
    assert_eq!(
        v["equilibria"][0]["payoffs"],
        serde_json::json!(["-1/18", "1/18"])
    );
    assert_eq!(v["equilibria"][0]["verified"], true);
}

#[test]
fn beer_quiche_by_every_route() {
    let v = json(&[
        "nash",
        "beer-quiche",
        "--method",
        "enum",
        "--format",
        "json",
    ]);
    let eqs = v["equilibria"].as_array().unwrap();
    assert!(eqs.len() >= 2);
    assert!(eqs.iter().all(|e| e["verified"] == true));
    let v = json(&["tree", "spe", "beer-quiche", "--format", "json"]);
    assert_eq!(v["equilibrium"]["verified"], true);
    assert_eq!(v["every_subgame_checked"], true);
    let (code, text, _) = sprague(&["dominance", "beer-quiche"]);
    assert_eq!(code, 0);
    assert!(text.contains("beer/beer"), "{text}");
}

#[test]
fn an_efg_file_through_nash_and_info() {
    let path = efg_file(
        "pennies.efg",
        "EFG 2 R \"Matching pennies, hidden\" { \"1\" \"2\" } \"\"\n\
         p \"\" 1 1 \"\" { \"H\" \"T\" } 0\n\
         p \"\" 2 1 \"\" { \"h\" \"t\" } 0\n\
         t \"\" 1 \"\" { 1, -1 }\n\
         t \"\" 2 \"\" { -1, 1 }\n\
         p \"\" 2 1 \"\" { \"h\" \"t\" } 0\n\
         t \"\" 2\n\
         t \"\" 1\n",
    );
    let path = path.to_str().unwrap();
    let v = json(&["nash", path, "--format", "json"]);
    assert_eq!(
        v["equilibria"][0]["strategies"][0]["information_sets"][0]["probabilities"],
        serde_json::json!(["1/2", "1/2"])
    );
    let v = json(&["zerosum", path, "--format", "json"]);
    assert_eq!(v["value"], "0");
    let v = json(&["tree", "info", path, "--format", "json"]);
    assert_eq!(v["perfect_recall"], true);
    assert_eq!(v["perfect_information"], false);
    assert_eq!(v["reduced_strategies"], serde_json::json!(["2", "2"]));
    let (code, _, err) = sprague(&["nash", path, "--format", "csv"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn bad_efg_files_exit_2_with_one_sentence() {
    let head = "EFG 2 R \"t\" { \"A\" \"B\" } \"\"\n";
    let cases = [
        ("dangling.efg", format!("{head}p \"\" 1 1 \"\" {{ \"x\" \"y\" }} 0\nt \"\" 0\n"), "dangling"),
        ("chance.efg", format!("{head}c \"\" 1 \"\" {{ \"h\" 0.5 \"t\" 0.4 }} 0\nt \"\" 0\nt \"\" 0\n"), "add up to 9/10"),
        (
            "actions.efg",
            format!("{head}c \"\" 1 \"\" {{ \"h\" 1/2 \"t\" 1/2 }} 0\np \"\" 1 1 \"\" {{ \"x\" \"y\" }} 0\nt \"\" 0\nt \"\" 0\np \"\" 1 1 \"\" {{ \"y\" \"x\" }} 0\nt \"\" 0\nt \"\" 0\n"),
            "same actions",
        ),
        ("outcome.efg", format!("{head}p \"\" 1 1 \"\" {{ \"x\" }} 0\nt \"\" 3\n"), "outcome 3"),
        (
            "recall.efg",
            format!("{head}p \"\" 1 1 \"\" {{ \"L\" \"R\" }} 0\np \"\" 1 2 \"\" {{ \"l\" \"r\" }} 0\nt \"\" 1 \"\" {{ 1, 0 }}\nt \"\" 0\np \"\" 1 2 0\nt \"\" 0\nt \"\" 1\n"),
            "does not have perfect recall",
        ),
    ];
    for (name, text, expected) in cases {
        let path = efg_file(name, &text);
        // Without perfect recall `nash` answers on the strategic form; the
        // behaviour-strategy methods refuse.
        let commands: [&[&str]; 2] = if name == "recall.efg" {
            [&["nash", "--method", "seqform"], &["tree", "spe"]]
        } else {
            [&["nash"], &["tree", "spe"]]
        };
        for command in commands {
            let mut args: Vec<&str> = command.to_vec();
            args.push(path.to_str().unwrap());
            let (code, out, err) = sprague(&args);
            assert_eq!(code, 2, "{name}: {out}{err}");
            assert!(err.contains(expected), "{name}: {err}");
            assert_eq!(err.trim().lines().count(), 1, "{name}: {err}");
        }
    }
}

#[test]
fn three_players_use_the_reduced_form() {
    // Selten's horse, written out here: player 3 does not know whether
    // player 1 or player 2 ended the game's first stage.
    let path = efg_file(
        "horse.efg",
        "EFG 2 R \"horse\" { \"1\" \"2\" \"3\" } \"\"\n\
         p \"\" 1 1 \"\" { \"C\" \"D\" } 0\n\
         p \"\" 2 1 \"\" { \"c\" \"d\" } 0\n\
         t \"\" 1 \"\" { 1, 1, 1 }\n\
         p \"\" 3 1 \"\" { \"L\" \"R\" } 0\n\
         t \"\" 2 \"\" { 4, 4, 0 }\n\
         t \"\" 3 \"\" { 1, 1, 1 }\n\
         p \"\" 3 1 \"\" { \"L\" \"R\" } 0\n\
         t \"\" 4 \"\" { 3, 2, 2 }\n\
         t \"\" 5 \"\" { 0, 0, 0 }\n",
    );
    let v = json(&["nash", path.to_str().unwrap(), "--format", "json"]);
    let eqs = v["equilibria"].as_array().unwrap();
    assert!(!eqs.is_empty());
    assert!(eqs.iter().all(|e| e["verified"] == true));
    let (code, _, err) = sprague(&["nash", path.to_str().unwrap(), "--method", "seqform"]);
    assert_eq!(code, 2);
    assert!(err.contains("two-player"), "{err}");
}

#[test]
fn imperfect_recall_is_answered_in_the_strategic_form() {
    // Player A forgets its first move: its four pure strategies L/l, R/l,
    // L/r, R/r; the best pays 1 (L then l).
    let path = efg_file(
        "forgetful.efg",
        "EFG 2 R \"forgetful\" { \"A\" \"B\" } \"\"\n\
         p \"\" 1 1 \"first\" { \"L\" \"R\" } 0\n\
         p \"\" 1 2 \"second\" { \"l\" \"r\" } 0\n\
         t \"\" 1 \"\" { 1, 0 }\n\
         t \"\" 2 \"\" { 0, 0 }\n\
         p \"\" 1 2 0\n\
         t \"\" 2\n\
         t \"\" 1\n",
    );
    let v = json(&[
        "nash",
        path.to_str().unwrap(),
        "--method",
        "pure",
        "--format",
        "json",
    ]);
    let payoffs: Vec<String> = v["equilibria"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["payoffs"][0].as_str().unwrap().to_string())
        .collect();
    assert!(payoffs.iter().all(|p| p == "1"), "{v}");
    assert_eq!(v["strategy_names"][0].as_array().unwrap().len(), 4);
}

/// The README's example game (docs/examples/entry-deterrence.efg): backward induction by
/// hand — the incumbent accommodates (2 > −1), so the entrant enters (2 > 0); the
/// subgame-perfect equilibrium is (In, Accommodate) with payoffs 2, 2.
#[test]
fn the_readme_example_game_has_its_subgame_perfect_equilibrium() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/examples/entry-deterrence.efg"
    );
    let v = json(&["tree", "spe", file, "--format", "json"]);
    let strategies = v["equilibrium"]["strategies"]
        .as_array()
        .expect("strategies");
    let chosen: Vec<&str> = strategies
        .iter()
        .map(|s| {
            let set = &s["information_sets"][0];
            let at = set["probabilities"]
                .as_array()
                .and_then(|p| p.iter().position(|x| x == "1"))
                .expect("a pure choice");
            set["actions"][at].as_str().unwrap_or("")
        })
        .collect();
    assert_eq!(chosen, ["In", "Accommodate"]);
    assert_eq!(v["equilibrium"]["payoffs"], serde_json::json!(["2", "2"]));
}
