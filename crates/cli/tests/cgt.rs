//! `sprague cgt`: canonical forms and their facts, checked against values from
//! the theory (Siegel, *Combinatorial Game Theory*, AMS 2013, cited by section;
//! Berlekamp–Conway–Guy, *Winning Ways*, 2nd ed., cited by chapter), not against
//! the program's own output.

mod common;

use common::{json_formatted, sprague, usage_error};

fn facts(expression: &str) -> serde_json::Value {
    json_formatted(&["cgt", expression])
}

#[test]
fn a_switch_is_hot_with_mean_zero() {
    // ±1 = {1|-1}: a switch, temperature 1, mean 0, stops 1 and -1, born on day 2
    // (Siegel §II.5, the thermograph of ±x; Winning Ways ch. 6).
    let g = facts("{1|-1}");
    assert_eq!(g["canonical_form"], "±1");
    assert_eq!(g["outcome"], "N");
    assert_eq!(g["birthday"], 2);
    assert_eq!(g["left_stop"], "1");
    assert_eq!(g["right_stop"], "-1");
    assert_eq!(g["mean"], "0");
    assert_eq!(g["temperature"], "1");
    assert_eq!(g["thermograph"]["mast"]["value"], "0");
    assert_eq!(g["thermograph"]["mast"]["from_temperature"], "1");
    // Both walls reach the mast at t = 1, value 0.
    for wall in ["left_wall", "right_wall"] {
        let points = g["thermograph"][wall].as_array().unwrap();
        let last = points.last().unwrap();
        assert_eq!(
            (last["t"].as_str(), last["value"].as_str()),
            (Some("1"), Some("0"))
        );
    }
    // Not all-small: no atomic weight, with the reason.
    assert!(g["atomic_weight"].is_null());
    assert!(g["atomic_weight_reason"]
        .as_str()
        .unwrap()
        .contains("all-small"));
    // A number-ish hot game is its own reduced canonical form.
    assert_eq!(g["reduced_canonical_form"], "±1");
}

#[test]
fn a_switch_plus_up_reduces_to_the_switch() {
    // ↑ is infinitesimal, so {1|-1} + ↑ has the stops, mean and temperature of ±1
    // and the reduced canonical form ±1 (Siegel §II.6, reduced canonical form);
    // ±1 + ↑ ‖ 0 since Left moving first gets 1 + ↑ > 0 and Right −1 + ↑ < 0.
    let g = facts("{1|-1} + ^");
    assert_eq!(g["outcome"], "N");
    assert_eq!(g["left_stop"], "1");
    assert_eq!(g["right_stop"], "-1");
    assert_eq!(g["mean"], "0");
    assert_eq!(g["temperature"], "1");
    assert_eq!(g["reduced_canonical_form"], "±1");
    assert!(g["atomic_weight"].is_null());
}

#[test]
fn infinitesimals_sum_as_the_theory_says() {
    // ↑ + ↑ = ⇑ (Winning Ways ch. 3); * + * = 0 (every impartial game is its own
    // negative, Siegel §II.1); {0|*} = ↑ (the definition of up, Siegel §II.2).
    assert_eq!(facts("^ + ^")["canonical_form"], "^^");
    assert_eq!(facts("*+*")["canonical_form"], "0");
    assert_eq!(facts("*+*")["outcome"], "P");
    assert_eq!(facts("{0|*}")["canonical_form"], "^");
    assert_eq!(facts("{0|0}")["canonical_form"], "*");
    // ↑ > 0 (Left wins moving first to 0 and second from *), birthday 2.
    let up = facts("{0|*}");
    assert_eq!(up["outcome"], "L");
    assert_eq!(up["birthday"], 2);
    // An infinitesimal has stops 0, mean 0, temperature 0 and rcf 0 (Siegel §II.5–6).
    assert_eq!(up["left_stop"], "0");
    assert_eq!(up["right_stop"], "0");
    assert_eq!(up["mean"], "0");
    assert_eq!(up["temperature"], "0");
    assert_eq!(up["reduced_canonical_form"], "0");
    // Atomic weights: aw(↑) = 1, aw(⇑*) = 2, aw(*) = 0 (Winning Ways ch. 8).
    assert_eq!(up["atomic_weight"], "1");
    assert_eq!(facts("^^*")["atomic_weight"], "2");
    assert_eq!(facts("*")["atomic_weight"], "0");
    assert_eq!(facts("*")["outcome"], "N");
}

#[test]
fn numbers_are_the_simplest_number_between_the_options() {
    // {0|1} = 1/2, {1|} = 2, {0|} = 1 (the simplicity rule, Siegel §II.3).
    assert_eq!(facts("{0|1}")["canonical_form"], "1/2");
    assert_eq!(facts("{1|}")["canonical_form"], "2");
    assert_eq!(facts("{0|}")["canonical_form"], "1");
    // A number m/2^k has temperature −1/2^k, mean and stops itself (Siegel §II.5).
    let g = facts("3/4");
    assert_eq!(g["temperature"], "-1/4");
    assert_eq!(g["mean"], "3/4");
    assert_eq!(g["left_stop"], "3/4");
    assert_eq!(g["outcome"], "L");
    assert_eq!(facts("-2")["outcome"], "R");
    assert_eq!(facts("-2")["temperature"], "-1");
}

#[test]
fn a_hot_game_with_a_number_mean() {
    // {2|1}: walls 2 − t and 1 + t meet at t = 1/2, value 3/2 (Siegel §II.5).
    let g = facts("{2|1}");
    assert_eq!(g["mean"], "3/2");
    assert_eq!(g["temperature"], "1/2");
    assert_eq!(g["outcome"], "L");
    // {4|{2|0}}: mean 5/2, temperature 3/2 (Winning Ways ch. 6).
    let h = facts("{4|{2|0}}");
    assert_eq!(h["mean"], "5/2");
    assert_eq!(h["temperature"], "3/2");
}

#[test]
fn the_text_answer_names_every_fact() {
    let output = sprague(&["cgt", "{1|-1} + ^"]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    for label in [
        "canonical form",
        "outcome         N — the first player wins",
        "birthday",
        "left stop       1",
        "right stop      -1",
        "mean            0",
        "temperature     1",
        "mast at 0 from t = 1",
        "left wall",
        "right wall",
        "atomic weight   none",
        "reduced form    ±1",
    ] {
        assert!(text.contains(label), "{label} in\n{text}");
    }
}

#[test]
fn comparisons_are_exact() {
    let relation = |g: &str, h: &str| {
        json_formatted(&["cgt", g, "--compare", h])["relation"]
            .as_str()
            .unwrap()
            .to_string()
    };
    // ↑ ‖ * and ↑ > 0 (Winning Ways ch. 3); 1/2 + 1/2 = 1; ±1 ‖ 0; −1 < ↓.
    assert_eq!(relation("^", "*"), "‖");
    assert_eq!(relation("^", "0"), ">");
    assert_eq!(relation("1/2 + 1/2", "1"), "=");
    assert_eq!(relation("{1|-1}", "0"), "‖");
    assert_eq!(relation("-1", "v"), "<");
    let record = json_formatted(&["cgt", "^^", "--compare", "^*"]);
    // ⇑ − ↑* = ↑ + * = ↑*, which is confused with 0 (Winning Ways ch. 3), so ⇑ ‖ ↑*.
    assert_eq!(record["difference"], "^*");
    assert_eq!(record["relation"], "‖");
    assert_eq!(record["greater_or_equal"], false);
    assert_eq!(record["less_or_equal"], false);
    let text = String::from_utf8(sprague(&["cgt", "^", "--compare", "0"]).stdout).unwrap();
    assert!(text.starts_with("^ > 0"), "{text}");
}

#[test]
fn the_thermograph_is_drawn_as_svg() {
    let dir = std::env::temp_dir().join(format!("sprague-cgt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("thermograph.svg");
    let output = sprague(&["cgt", "{2|1}", "--svg", path.to_str().unwrap()]);
    assert!(output.status.success());
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg"));
    assert!(svg.contains("Thermograph of {2|1}"));
    assert!(svg.contains("mast 3/2 from t = 1/2"));
    std::fs::remove_dir_all(&dir).unwrap();
    let message = usage_error(&["cgt", "{1|", "--svg", "/nonexistent/x.svg"]);
    assert!(message.contains("not a game"));
}

#[test]
fn bad_input_is_one_sentence_with_exit_code_2() {
    for bad in ["{1|", "{1|2", "^^^x", "", "{|}}", "1/3", "*99999999999"] {
        let message = usage_error(&["cgt", bad]);
        assert!(message.starts_with("error: "), "{message}");
    }
    let deep = format!("{}0{}", "{".repeat(600), "|}".repeat(600));
    assert!(usage_error(&["cgt", &deep]).contains("not a game"));
    let long = "1+".repeat(6000) + "1";
    assert!(usage_error(&["cgt", &long]).contains("not a game"));
    usage_error(&["cgt", "0", "--compare", "{"]);
}

#[test]
fn progress_goes_to_stderr_and_leaves_the_answer_alone() {
    let expression = (1..=16)
        .map(|i| format!("+-{i}"))
        .collect::<Vec<_>>()
        .join(" + ");
    common::progress_leaves_the_answer_alone(&["cgt", &expression], "games");
}
