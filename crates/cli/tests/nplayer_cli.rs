//! End-to-end tests of `sprague nash` on games with three players: mixed
//! equilibria by support enumeration, what was not searched, and the limits.

mod common;

use common::{json_formatted, sprague, usage_error};
use serde_json::json;

const PENNIES: &str = "tests/data/pennies_bystander.nfg";
const MCKELVEY_MCLENNAN: &str = "../strategic/tests/data/mckelvey_mclennan.nfg";
const SELTENS_HORSE: &str = "../strategic/tests/data/e01.nfg";
const IRRATIONAL: &str = "../strategic/tests/data/irrational_2x2x2.nfg";
const TWO_PENNIES: &str = "tests/data/two_pennies.nfg";

#[test]
fn three_players_mixed_text() {
    let output = sprague(&["nash", PENNIES]);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("3-player game, 2x2x2"), "{text}");
    assert!(text.contains("Method: support enumeration"), "{text}");
    assert!(
        text.contains("Heads (1/2), Tails (1/2)  Heads (1/2), Tails (1/2)  Watch"),
        "{text}"
    );
    assert!(text.contains("1 equilibrium."), "{text}");
    assert!(
        text.contains("Every support profile was searched: the list is complete."),
        "{text}"
    );
}

#[test]
fn three_players_mixed_json() {
    let v = json_formatted(&["nash", PENNIES]);
    assert_eq!(
        v["equilibria"],
        json!([{
            "strategies": [["1/2", "1/2"], ["1/2", "1/2"], ["1", "0"]],
            "payoffs": ["0", "0", "1"],
        }])
    );
    assert_eq!(v["degenerate"], json!(null));
    assert_eq!(v["complete"], json!(true));
    assert_eq!(v["searched_support_profiles"], json!("27"));
    assert_eq!(v["unsearched_support_profiles"], json!("0"));
    assert_eq!(v["unsolved_support_profiles"], json!(0));
    assert_eq!(v["curved_sets"], json!(0));
    assert_eq!(v["irrational_equilibria"], json!([]));
}

/// Two independent games of matching pennies: the only equilibrium has all
/// four players mixing, which is not searched, and the output says so
/// instead of claiming there is none.
#[test]
fn four_players_mixing_are_reported_as_not_searched() {
    let v = json_formatted(&["nash", TWO_PENNIES]);
    assert_eq!(v["equilibria"], json!([]));
    assert_eq!(v["complete"], json!(false));
    assert_eq!(v["unsearched_support_profiles"], json!("1"));
    let note = v["note"].as_str().unwrap_or_default();
    assert!(note.contains("four or more players mix"), "{note}");
    let output = sprague(&["nash", TWO_PENNIES]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("No equilibrium found."), "{text}");
    assert!(
        text.contains("(1 of 81 support profiles), so the list may be incomplete"),
        "{text}"
    );
}

/// An irrational totally mixed equilibrium is listed apart, exactly.
#[test]
fn irrational_equilibria_in_json_and_text() {
    let v = json_formatted(&["nash", IRRATIONAL]);
    assert_eq!(v["equilibria"].as_array().map(Vec::len), Some(3));
    assert_eq!(
        v["irrational_equilibria"][0]["strategies"][0],
        json!(["181/76-1/76*sqrt(22121)", "-105/76+1/76*sqrt(22121)"])
    );
    assert_eq!(v["complete"], json!(true));
    let output = sprague(&["nash", IRRATIONAL]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("Equilibria with irrational probabilities"),
        "{text}"
    );
}

/// McKelvey and McLennan's 2x2x2 game has 9 equilibria, 2 totally mixed.
#[test]
fn mckelvey_mclennan_nine() {
    let v = json_formatted(&["nash", MCKELVEY_MCLENNAN]);
    assert_eq!(v["equilibria"].as_array().map(Vec::len), Some(9));
    assert_eq!(v["complete"], json!(true));
}

/// Selten's horse: two segments of equilibria, four extreme points.
#[test]
fn seltens_horse_extreme_points() {
    let v = json_formatted(&["nash", SELTENS_HORSE, "--method", "support"]);
    let strategies: Vec<&serde_json::Value> = v["equilibria"]
        .as_array()
        .map(|a| a.iter().map(|e| &e["strategies"]).collect())
        .unwrap_or_default();
    assert_eq!(strategies.len(), 4);
    assert!(strategies.contains(&&json!([["1", "0"], ["1", "0"], ["1/4", "3/4"]])));
    assert!(strategies.contains(&&json!([["0", "1"], ["1/3", "2/3"], ["1", "0"]])));
    // Pure equilibria only, on request.
    let v = json_formatted(&["nash", SELTENS_HORSE, "--method", "pure"]);
    assert_eq!(v["equilibria"].as_array().map(Vec::len), Some(2));
    assert_eq!(v["complete"], json!(false));
}

#[test]
fn two_player_methods_report_degeneracy() {
    for method in ["enum", "support", "pure", "lh"] {
        let v = json_formatted(&["nash", "von-stengel-degenerate", "--method", method]);
        assert_eq!(v["degenerate"], json!(true), "{method}");
        let v = json_formatted(&["nash", "battle-of-the-sexes", "--method", method]);
        assert_eq!(v["degenerate"], json!(false), "{method}");
    }
    // Support enumeration over supports of any sizes finds the segment's
    // second extreme point, which equal-size supports miss.
    let v = json_formatted(&["nash", "von-stengel-degenerate", "--method", "support"]);
    assert_eq!(v["complete"], json!(true));
    assert_eq!(
        v["equilibria"][1]["strategies"],
        json!([["1", "0", "0"], ["2/3", "1/3"]])
    );
}

#[test]
fn large_three_player_games_are_refused() {
    let dir = std::env::temp_dir().join(format!("sprague-nplayer-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let path = dir.join("big.nfg");
    let zeros = vec!["0"; 3 * 9 * 9 * 9].join(" ");
    std::fs::write(
        &path,
        format!("NFG 1 R \"big\" {{ \"a\" \"b\" \"c\" }} {{ 9 9 9 }}\n{zeros}\n"),
    )
    .expect("write the game");
    let message = usage_error(&["nash", path.to_str().unwrap_or_default()]);
    assert!(message.contains("support profiles to search"), "{message}");
    assert!(message.contains("--force"), "{message}");
    // Two-player-only methods say so.
    let message = usage_error(&["nash", PENNIES, "--method", "enum"]);
    assert!(message.contains("two-player"), "{message}");
    let _ = std::fs::remove_dir_all(&dir);
}
