//! End-to-end tests of `sprague nash`, `sprague zerosum` and `sprague dominance`.

mod common;

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

#[test]
fn nash_prisoners_dilemma() {
    let v = json(&["nash", "prisoners-dilemma", "--format", "json"]);
    assert_eq!(v["equilibria"].as_array().unwrap().len(), 1);
    assert_eq!(
        v["equilibria"][0]["strategies"],
        serde_json::json!([["1", "0"], ["1", "0"]])
    );
    assert_eq!(
        v["equilibria"][0]["payoffs"],
        serde_json::json!(["-8", "-8"])
    );
    assert_eq!(v["degenerate"], serde_json::json!(false));
}

#[test]
fn nash_rock_paper_scissors() {
    let v = json(&["nash", "rock-paper-scissors", "--format", "json"]);
    let third = serde_json::json!(["1/3", "1/3", "1/3"]);
    assert_eq!(
        v["equilibria"][0]["strategies"],
        serde_json::json!([third.clone(), third])
    );
    let (code, text, _) = sprague(&["nash", "rock-paper-scissors"]);
    assert_eq!(code, 0);
    assert!(text.contains("Rock (1/3), Paper (1/3), Scissors (1/3)"));
}

#[test]
fn nash_degenerate_components() {
    let v = json(&["nash", "von-stengel-degenerate", "--format", "json"]);
    assert_eq!(v["degenerate"], serde_json::json!(true));
    assert_eq!(v["cliques"].as_array().unwrap().len(), 2);
}

#[test]
fn zerosum_json() {
    let v = json(&["zerosum", "matching-pennies", "--format", "json"]);
    assert_eq!(v["value"], "0");
    assert_eq!(v["row_strategy"], serde_json::json!(["1/2", "1/2"]));
    assert_eq!(v["column_strategy"], serde_json::json!(["1/2", "1/2"]));
}

#[test]
fn dominance_json() {
    let v = json(&["dominance", "prisoners-dilemma", "--format", "json"]);
    assert_eq!(
        v["remaining"],
        serde_json::json!([["Confess"], ["Confess"]])
    );
}

#[test]
fn bad_input_exits_2_with_one_sentence() {
    for args in [
        vec!["nash", "no-such-game"],
        vec!["zerosum", "battle-of-the-sexes"],
        vec![
            "nash",
            "prisoners-dilemma",
            "--method",
            "lh",
            "--label",
            "9",
        ],
    ] {
        let (code, _, err) = sprague(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(
            err.starts_with("error: ") && err.trim_end().lines().count() == 1,
            "{err}"
        );
    }
    let dir = std::env::temp_dir().join(format!("sprague-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.nfg");
    std::fs::write(&bad, "NFG 1 R \"x\" { \"a\" \"b\" } { 2 2 }\n1 2 3\n").unwrap();
    let (code, _, err) = sprague(&["nash", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("missing payoffs"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Ctrl-C ends an exhaustive search run with `--force` within two seconds,
/// with one sentence and exit code 130 (support enumeration of a 16x16
/// game: about C(32, 16) = 6 * 10^8 support pairs, hours of work).
#[test]
fn ctrl_c_stops_a_forced_equilibrium_search() {
    use std::time::Duration;
    let dir = std::env::temp_dir().join(format!("sprague-cli-interrupt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("random16.nfg");
    // Payoffs from a fixed linear congruential sequence: any generic game will do.
    let mut state: u64 = 12345;
    let mut payoffs = Vec::new();
    for _ in 0..2 * 16 * 16 {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        payoffs.push(((state >> 33) % 100).to_string());
    }
    std::fs::write(
        &file,
        format!(
            "NFG 1 R \"random\" {{ \"1\" \"2\" }} {{ 16 16 }}\n{}\n",
            payoffs.join(" ")
        ),
    )
    .unwrap();
    let arguments = [
        "nash",
        file.to_str().unwrap(),
        "--method",
        "support",
        "--force",
    ];
    let (out, elapsed) = common::interrupted_after(&arguments, Duration::from_millis(500));
    assert!(elapsed < Duration::from_secs(2), "{elapsed:?}");
    assert_eq!(out.status.code(), Some(130));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("interrupted") && err.trim_end().lines().count() == 1,
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `dominance --format csv` printed the text report (issue 18: a format a command does not
/// support is refused, never silently replaced). Now one row per elimination. In the
/// prisoner's dilemma Confess strictly dominates Deny for both prisoners, in round 1.
#[test]
fn dominance_prints_csv_rows() {
    let (code, out, err) = sprague(&["dominance", "prisoners-dilemma", "--format", "csv"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "step,round,player,eliminated,dominance,dominated_by\n\
         1,1,Prisoner 1,Deny,strictly,Confess\n\
         2,1,Prisoner 2,Deny,strictly,Confess\n"
    );
}
