//! End-to-end tests of `sprague quotient` and of `analyze misere:GAME` through
//! the quotient: JSON keys (docs/json.md), agreement with exact search, and
//! one-sentence errors.

mod common;

use common::*;

#[test]
fn kayles_quotient_json_has_the_documented_keys() {
    let q = json_formatted(&["quotient", "kayles"]);
    assert_eq!(q["game"], "kayles");
    assert_eq!(q["proven"], true);
    let order = q["order"].as_u64().expect("order");
    assert_eq!(q["elements"].as_array().map(Vec::len), Some(order as usize));
    let p_portion = q["p_portion"].as_array().expect("p_portion");
    assert!(!p_portion.is_empty() && p_portion.len() < order as usize);
    // heaps[n] is the element of heap n; heap 0 is the identity, heap 1 the generator a.
    assert_eq!(q["heaps"][0], "1");
    assert_eq!(q["heaps"][1], "a");
    assert_eq!(q["generators"][0]["heap"], 1);
    let proof = &q["proof"];
    let (n0, p) = (
        proof["preperiod"].as_u64().unwrap(),
        proof["period"].as_u64().unwrap(),
    );
    assert_eq!(q["heaps"].as_array().map(Vec::len), Some((n0 + p) as usize));
    assert!(q["relations"].as_array().is_some_and(|r| r
        .iter()
        .all(|pair| pair.as_array().map(Vec::len) == Some(2))));
}

#[test]
fn misere_kayles_through_the_quotient_agrees_with_exact_search() {
    // `moves` plays every move and judges it by exact misère search: its outcome
    // and its winning moves must be those the quotient gives to `analyze`.
    for heaps in [
        ["3", "4", "6"],
        ["1", "5", "9"],
        ["2", "7", "7"],
        ["4", "8", "11"],
    ] {
        let mut arguments = vec!["analyze", "misere:kayles"];
        arguments.extend(heaps);
        // Small sums are searched exactly at once; larger ones go through the quotient
        // (the library test misere_quotient.rs compares the two on random sums).
        let answer = json_formatted(&arguments);
        arguments[0] = "moves";
        let exact = json_formatted(&arguments);
        assert!(exact["explanation"][1]
            .as_str()
            .unwrap_or("")
            .contains("exact misère search"));
        assert_eq!(answer["outcome"], exact["outcome"], "{heaps:?}");
        let mut by_search: Vec<String> = exact["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .filter(|m| m["winning"] == true)
            .map(|m| m["description"].as_str().unwrap_or("").to_string())
            .collect();
        let mut by_quotient: Vec<String> = answer["winning_moves"]
            .as_array()
            .expect("winning moves")
            .iter()
            .map(|m| m["move"].as_str().unwrap_or("").to_string())
            .collect();
        by_search.sort();
        by_search.dedup();
        by_quotient.sort();
        assert_eq!(by_quotient, by_search, "{heaps:?}");
    }
}

#[test]
fn a_sum_of_heaps_near_a_million_is_answered_with_a_winning_move() {
    let answer = json_formatted(&["analyze", "misere:kayles", "999999", "1000000", "1000001"]);
    assert_eq!(answer["outcome"], "N");
    assert!(answer["winning_move_count"].as_u64().unwrap() > 0);
    assert!(answer["quotient_order"].as_u64().unwrap() > 0);
    let first = &answer["winning_moves"][0];
    assert!(first["to"].as_str().unwrap().contains("1000000"));
}

#[test]
fn bad_games_and_limits_are_one_sentence() {
    assert!(usage_error(&["quotient", "nim"]).contains("octal and hexadecimal"));
    assert!(usage_error(&["quotient", "grundy"]).contains("octal and hexadecimal"));
    // An unsupported format is refused by the argument parser (exit 2).
    assert_eq!(
        sprague(&["quotient", "kayles", "--format", "csv"])
            .status
            .code(),
        Some(2)
    );
    let output = sprague(&["quotient", "kayles", "--max-order", "10"]);
    assert_eq!(output.status.code(), Some(1));
    let message = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        message.trim(),
        "error: the quotient reached order 12 at heap 5, past the limit 10"
    );
}

#[test]
fn a_survey_gives_each_code_its_quotient_or_where_it_stops() {
    let rows = json_formatted(&["quotient", "0.7?", "--survey", "--heaps", "40"]);
    let rows = rows.as_array().expect("one row per code");
    assert_eq!(rows.len(), 8);
    for row in rows {
        let status = row["status"].as_str().unwrap_or("");
        assert!(["proven", "computed", "stopped"].contains(&status), "{row}");
        assert_eq!(status == "stopped", row["stopped"].is_string(), "{row}");
        assert!(row["order"].as_u64().unwrap() >= 1);
    }
    // Kayles within 40 heaps: computed, not yet proven (the proof window ends past heap 40),
    // and the same quotient as `sprague quotient 0.77 --heaps 40`.
    let kayles = rows.iter().find(|r| r["code"] == "0.77").expect("0.77");
    assert_eq!(kayles["status"], "computed");
    let alone = json_formatted(&["quotient", "0.77", "--heaps", "40"]);
    assert_eq!(kayles["order"], alone["order"]);
    assert_eq!(
        kayles["p_portion"].as_u64(),
        alone["p_portion"].as_array().map(|p| p.len() as u64)
    );
}

#[test]
fn genus_json_has_the_documented_keys_and_classes() {
    let g = json_formatted(&["quotient", "kayles", "--genus", "12"]);
    assert_eq!(g["game"], "kayles");
    assert!(g["positions"].as_u64().is_some_and(|n| n > 12));
    let rows = g["genera"].as_array().expect("genera");
    assert_eq!(rows.len(), 12);
    // Heaps 1–4 are tame (*1, *2, *3, *1 in every company); heap 5 has genus 4^{146}.
    for row in &rows[..4] {
        assert_eq!(row["class"], "tame");
        assert_eq!(row["tame"], true);
    }
    assert_eq!(rows[4]["heap"], 5);
    assert_eq!(rows[4]["genus"], "4^146");
    assert_eq!(rows[4]["class"], "restless");
    assert_eq!(rows[4]["tame"], false);
    // Heap 6 (3^{31}) is wild through its option 5 but plays like *3 beside *2's.
    assert_eq!(rows[5]["genus"], "3^31");
    assert_eq!(rows[5]["class"], "restive");
}

#[test]
fn ctrl_c_stops_a_long_genus_computation() {
    use std::time::Duration;
    let args = ["quotient", "kayles", "--genus", "59"];
    let (out, elapsed) = interrupted_after(&args, Duration::from_millis(400));
    assert!(elapsed < Duration::from_secs(2), "{elapsed:?}");
    assert_eq!(out.status.code(), Some(130));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("interrupted") && err.trim_end().lines().count() == 1,
        "{err}"
    );
}

#[test]
fn survey_misere_column_has_the_documented_keys() {
    // Four codes (cheap ones: a split needing many exact outcomes takes seconds), the
    // misère column beside the normal-play row, in the same order.
    let rows = json_formatted(&[
        "survey",
        "0.71",
        "0.72",
        "0.75",
        "0.35",
        "--misere",
        "--misere-heaps",
        "60",
    ]);
    let rows = rows.as_array().expect("a list of rows");
    assert_eq!(rows.len(), 4);
    for row in rows {
        let m = &row["misere"];
        let status = m["status"].as_str().expect("status");
        assert!(["proven", "computed", "stopped"].contains(&status), "{row}");
        let order = m["order"].as_u64().expect("order");
        // Misère quotients of impartial games have even order, but for the trivial {1}.
        assert!(order == 1 || order % 2 == 0, "{row}");
        assert!(m["p_portion"].as_u64().expect("p_portion") < order.max(2));
        assert!(m["heaps"].as_u64().expect("heaps") <= 60);
        assert_eq!(status == "proven", m["period"].is_u64(), "{row}");
        assert_eq!(status == "stopped", m["stopped_at"].is_u64(), "{row}");
        assert_eq!(status == "stopped", m["reason"].is_string(), "{row}");
        assert!(m["seconds"].is_f64());
    }
    // 0.71: order 36, period 6 from heap 3; 0.75: order 8 (both as `quotient 0.?? --survey`).
    let column = |code: &str| {
        rows.iter()
            .find(|row| row["code"] == code)
            .map(|row| row["misere"].clone())
            .expect("the code is surveyed")
    };
    assert_eq!(column("0.71")["status"], "proven");
    assert_eq!(column("0.71")["order"], 36);
    assert_eq!(column("0.75")["order"], 8);
    // 0.35 stops at heap 8, where an element splits in a way the construction cannot take.
    assert_eq!(column("0.35")["status"], "stopped");
    assert_eq!(column("0.35")["stopped_at"], 8);
    assert_eq!(column("0.35")["heaps"], 7);
    // The same quotients as `sprague quotient` computes on its own.
    let alone = json_formatted(&["quotient", "0.72"]);
    assert_eq!(column("0.72")["order"], alone["order"]);
    // Without --misere there is no such key.
    let plain = json_formatted(&["survey", "0.71"]);
    assert!(plain[0].get("misere").is_none());
}

#[test]
fn survey_misere_text_and_csv_show_the_column() {
    let output = sprague(&["survey", "0.71", "0.35", "--misere", "--misere-heaps", "40"]);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("misère quotient (order)"), "{text}");
    assert!(
        text.lines()
            .any(|l| l.starts_with("0.71") && l.contains("36 proven (period 6 from 3)")),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.starts_with("0.35") && l.contains("70 to heap 7, stops at 8 (split)")),
        "{text}"
    );
    assert!(text.contains("Misère column (quotients of heaps up to 40"));
    let output = sprague(&[
        "survey",
        "0.71",
        "0.35",
        "--misere",
        "--misere-heaps",
        "40",
        "--format",
        "csv",
    ]);
    let csv = String::from_utf8_lossy(&output.stdout);
    let header = csv.lines().next().unwrap_or("");
    assert!(header.ends_with(
        ",misere_status,misere_order,misere_heaps,misere_preperiod,misere_period,misere_stopped_at"
    ));
    let columns = header.split(',').count();
    assert!(csv.lines().skip(1).all(|l| l.split(',').count() == columns));
}

#[test]
fn survey_misere_heaps_out_of_range_is_a_usage_error() {
    for heaps in ["0", "100001"] {
        let message = usage_error(&["survey", "0.71", "--misere", "--misere-heaps", heaps]);
        assert!(
            message.contains("--misere-heaps must be between 1 and 100000"),
            "{message}"
        );
    }
}

#[test]
fn max_outcomes_is_checked_and_reported_with_the_heap() {
    let message = usage_error(&["quotient", "0.07", "--max-outcomes", "0"]);
    assert!(
        message.contains("--max-outcomes must be at least 1"),
        "{message}"
    );
    // Refused before any allocation: far more memory than any machine has.
    let message = usage_error(&["quotient", "0.07", "--max-outcomes", "1000000000000000"]);
    assert!(message.contains("would need"), "{message}");
    // A step needing more exact outcomes than allowed: one sentence with the heap (exit 1).
    let output = sprague(&["quotient", "0.07", "--max-outcomes", "10", "--heaps", "30"]);
    assert_eq!(output.status.code(), Some(1));
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(
        message
            .contains("at heap 4 the candidate quotient needs exact outcomes of more than 10 sums"),
        "{message}"
    );
    assert_eq!(message.trim_end().lines().count(), 1);
}

/// Issue 28: a quotient that stops prints what was proven (Q_24 of Dawson's Kayles, its
/// heaps and presentation) with the reason, and exits 1 with the sentence on stderr; an
/// absurd --heaps is refused at once.
#[test]
fn a_stopped_quotient_prints_what_was_proven() {
    let output = sprague(&[
        "quotient",
        "0.07",
        "--max-outcomes",
        "1000",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let answer: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("the JSON of what was proven");
    assert_eq!(answer["heaps_computed"], 24);
    assert_eq!(answer["proven"], false);
    let reason = answer["stopped"].as_str().expect("the reason");
    assert!(reason.contains("heap 25"), "{reason}");
    assert_eq!(answer["heaps"].as_array().map(Vec::len), Some(25));
    let error = String::from_utf8_lossy(&output.stderr);
    assert_eq!(error.lines().count(), 1, "{error}");
    let text = sprague(&["quotient", "0.07", "--max-outcomes", "1000"]);
    assert!(String::from_utf8_lossy(&text.stdout).contains("Stopped at heap 25"));
    assert!(usage_error(&["quotient", "0.56", "--heaps", "1000000000"]).contains("at most"));
}

#[test]
fn analyze_exhaustive_searches_misere_sums_past_the_budget_and_agrees_with_the_budgeted_search() {
    // Small sums both paths answer: the same outcome and winning moves.
    for position in [
        &["9", "12", "14"][..],
        &["5", "9"],
        &["7", "7", "3"],
        &["20"],
    ] {
        let mut budgeted = vec!["analyze", "misere:0.07"];
        budgeted.extend_from_slice(position);
        budgeted.extend_from_slice(&["--format", "json"]);
        let mut exhaustive = budgeted.clone();
        exhaustive.push("--exhaustive");
        let (a, b) = (json(&budgeted), json(&exhaustive));
        assert_eq!(a["outcome"], b["outcome"], "{position:?}");
        let targets = |record: &serde_json::Value| {
            let mut to: Vec<String> = record["winning_moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["to"].as_str().unwrap().to_string())
                .collect();
            to.sort();
            to
        };
        assert_eq!(targets(&a), targets(&b), "{position:?}");
    }
    // Only for misère heap games.
    let refused = usage_error(&["analyze", "kayles", "3", "4", "--exhaustive"]);
    assert!(
        refused.contains("--exhaustive is for misère sums"),
        "{refused}"
    );
}

/// Runs `sprague` with its misère-quotient store in `dir`.
fn with_store(dir: &std::path::Path, arguments: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_sprague"))
        .env("SPRAGUE_CACHE_DIR", dir)
        .args(arguments)
        .output()
        .expect("the sprague binary runs")
}

#[test]
fn the_quotient_kept_on_disk_is_proven_again_and_answers_alike() {
    let dir = std::env::temp_dir().join(format!("sprague-quotient-store-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let file = dir.join("misere-quotients").join("0.77.json");
    // Normal play never touches the store.
    assert!(with_store(&dir, &["analyze", "kayles", "20", "21", "22"])
        .status
        .success());
    assert!(with_store(&dir, &["moves", "kayles", "20", "21"])
        .status
        .success());
    assert!(!file.exists(), "normal play wrote the misère store");
    // A heap beyond any exact search: the quotient is built, proven and stored.
    let huge = [
        "analyze",
        "misere:kayles",
        "100000000",
        "3",
        "--format",
        "json",
    ];
    let first = with_store(&dir, &huge);
    assert!(first.status.success());
    assert!(file.exists(), "the quotient is stored");
    let fresh: serde_json::Value = serde_json::from_slice(&first.stdout).unwrap();
    // Loaded (and proven again) by the next runs, which answer as a run without the store.
    for arguments in [
        &huge[..],
        &["analyze", "misere:kayles", "27", "1", "--format", "json"],
        &[
            "moves",
            "misere:kayles",
            "10",
            "11",
            "8",
            "--format",
            "json",
        ],
    ] {
        let stored = with_store(&dir, arguments);
        assert!(stored.status.success(), "{arguments:?}");
        assert!(stored.stderr.is_empty(), "{arguments:?}");
        let kept: serde_json::Value = serde_json::from_slice(&stored.stdout).unwrap();
        let alone = json(arguments);
        for key in ["outcome", "winning_moves", "moves"] {
            assert_eq!(kept.get(key), alone.get(key), "{arguments:?} {key}");
        }
    }
    // A heap that the time budget of a run without the store may not reach.
    let sixty = with_store(
        &dir,
        &["analyze", "misere:kayles", "60", "--format", "json"],
    );
    assert!(sixty.status.success());
    let answer: serde_json::Value = serde_json::from_slice(&sixty.stdout).unwrap();
    assert!(answer["method"].as_str().unwrap().contains("quotient"));
    // A tampered file (one P-position claimed as an N-position) is refused, said
    // on stderr, and the answer is computed again, right.
    let text = std::fs::read_to_string(&file).unwrap();
    let mut document: serde_json::Value = serde_json::from_str(&text).unwrap();
    let portion = document["quotient"]["certificate"]["p_portion"]
        .as_array_mut()
        .unwrap();
    portion.pop();
    std::fs::write(&file, document.to_string()).unwrap();
    let tampered = with_store(&dir, &huge);
    assert!(tampered.status.success());
    let said = String::from_utf8_lossy(&tampered.stderr);
    assert!(
        said.contains("ignored the stored misère quotient"),
        "{said}"
    );
    let again: serde_json::Value = serde_json::from_slice(&tampered.stdout).unwrap();
    assert_eq!(again["outcome"], fresh["outcome"]);
    assert_eq!(again["winning_moves"], fresh["winning_moves"]);
    // ... and replaced by the proven one; a file that is not JSON is ignored quietly.
    assert!(with_store(&dir, &huge).stderr.is_empty());
    std::fs::write(&file, "not json").unwrap();
    let garbled = with_store(&dir, &huge);
    assert!(garbled.status.success() && garbled.stderr.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}
