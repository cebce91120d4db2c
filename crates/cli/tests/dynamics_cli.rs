//! End-to-end tests of `sprague dynamics`: the JSON keys of docs/dynamics.md,
//! the plots, and bad input as one-line usage errors (exit code 2).

mod common;

use common::{interrupted_after, json_formatted, sprague, usage_error};

const RPS: &str = "tests/data/rps-win2-lose1.json";

#[test]
fn ess_of_hawk_dove() {
    let v = json_formatted(&["dynamics", "ess", "hawk-dove"]);
    assert_eq!(v["strategies"], serde_json::json!(["Hawk", "Dove"]));
    assert_eq!(v["ess"][0]["state"], serde_json::json!(["2/3", "1/3"]));
    assert_eq!(v["ess"][0]["payoff"], "2/3");
    assert_eq!(v["ess"][0]["best_replies"], serde_json::json!([0, 1]));
    let none = json_formatted(&["dynamics", "ess", "rock-paper-scissors"]);
    assert_eq!(none["ess"], serde_json::json!([]));
}

#[test]
fn rest_points_with_stability() {
    let v = json_formatted(&["dynamics", "rest-points", RPS]);
    let points = v["points"].as_array().unwrap();
    assert_eq!(points.len(), 4);
    let interior = &points[3];
    assert_eq!(interior["state"], serde_json::json!(["1/3", "1/3", "1/3"]));
    assert_eq!(interior["nash"], true);
    assert_eq!(interior["stability"]["kind"], "asymptotically_stable");
    assert_eq!(points[0]["stability"]["kind"], "unstable");
    assert_eq!(v["singular_faces"], serde_json::json!([]));
}

/// Issue 28: the interior rest point (1/3, 1/3, 0, 1/3) of this game has
/// the characteristic polynomial λ³ + 1/27 (a singular Routh array), roots
/// −1/3 and 1/6 ± i√3/6: unstable with two eigenvalues of positive real part.
#[test]
fn singular_routh_array_is_decided() {
    let v = json_formatted(&["dynamics", "rest-points", "tests/data/singular-routh.json"]);
    let points = v["points"].as_array().unwrap();
    let point = points
        .iter()
        .find(|p| p["state"] == serde_json::json!(["1/3", "1/3", "0", "1/3"]))
        .unwrap();
    assert_eq!(
        point["characteristic_polynomial"],
        serde_json::json!(["1", "0", "0", "1/27"])
    );
    assert_eq!(
        point["stability"],
        serde_json::json!({"kind": "unstable", "positive": 2, "imaginary_axis": 0})
    );
    // Every verdict is decided or names the eigenvalues on the axis.
    for p in points {
        let s = &p["stability"];
        assert!(s["kind"] != "unstable" || s["positive"].is_u64());
        assert!(s["kind"] != "undetermined" || s["imaginary_axis"].as_u64() > Some(0));
    }
}

#[test]
fn replicator_trajectory_and_plot() {
    let plot = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("replicator.svg");
    let plot_arg = plot.display().to_string();
    let v = json_formatted(&[
        "dynamics",
        "replicator",
        "hawk-dove",
        "--start",
        "1/10,9/10",
        "--steps",
        "2000",
        "--record-every",
        "100",
        "--plot",
        &plot_arg,
    ]);
    assert_eq!(v["times"].as_array().unwrap().len(), 21);
    let last = v["states"][20][0].as_f64().unwrap();
    assert!((last - 2.0 / 3.0).abs() < 1e-6, "{last}");
    let svg = std::fs::read_to_string(&plot).unwrap();
    for label in [
        "time t",
        "population share",
        "Hawk",
        "Dove",
        "Replicator dynamics",
    ] {
        assert!(svg.contains(label), "{label}");
    }
    let adaptive = json_formatted(&[
        "dynamics",
        "replicator",
        RPS,
        "--tolerance",
        "1e-9",
        "--steps",
        "500",
    ]);
    assert!(adaptive["method"]
        .as_str()
        .unwrap()
        .contains("Dormand-Prince"));
}

#[test]
fn learning_dynamics() {
    let fp = json_formatted(&[
        "dynamics",
        "fictitious-play",
        "matching-pennies",
        "--rounds",
        "2000",
    ]);
    assert_eq!(fp["rounds"], 2000);
    assert_eq!(
        fp["frequencies"][0],
        serde_json::json!(["63/125", "62/125"])
    );
    assert_eq!(fp["counts"][0], serde_json::json!([1008, 992]));
    assert!(fp.get("history").is_none());
    let br = json_formatted(&[
        "dynamics",
        "best-response",
        "prisoners-dilemma",
        "--start",
        "2,2",
    ]);
    assert_eq!(
        br["ending"],
        serde_json::json!({"kind": "equilibrium", "profile": [0, 0]})
    );
    let rm = json_formatted(&[
        "dynamics",
        "regret-matching",
        "battle-of-the-sexes",
        "--rounds",
        "1000",
        "--seed",
        "4",
    ]);
    assert_eq!(rm["seed"], 4);
    assert_eq!(rm["conditional_regret"].as_array().unwrap().len(), 2);
    let sfp = json_formatted(&[
        "dynamics",
        "fictitious-play",
        "matching-pennies",
        "--noise",
        "0.1",
        "--rounds",
        "1000",
    ]);
    assert!(sfp["method"].as_str().unwrap().contains("approximate"));
}

#[test]
fn moran_exact_and_simulated() {
    let v = json_formatted(&[
        "dynamics",
        "moran",
        "stag-hunt",
        "--population",
        "10",
        "--intensity",
        "1/2",
    ]);
    assert_eq!(v["neutral"], "1/10");
    assert_eq!(v["first_invades"], "1100924825/474765055117");
    let sim = json_formatted(&[
        "dynamics",
        "moran",
        "rock-paper-scissors",
        "--initial",
        "3,3,4",
        "--runs",
        "20",
        "--intensity",
        "0.1",
    ]);
    assert_eq!(sim["fixations"].as_array().unwrap().len(), 3);
    assert_eq!(sim["runs"], 20);
}

#[test]
fn bad_input_is_a_usage_error() {
    for args in [
        &["dynamics", "ess", "matching-pennies"][..],
        &["dynamics", "replicator", "hawk-dove", "--start", "1/2,1/3"],
        &["dynamics", "replicator", "hawk-dove", "--dt", "0"],
        &[
            "dynamics",
            "replicator",
            "hawk-dove",
            "--steps",
            "1000000000",
        ],
        &["dynamics", "replicator", "hawk-dove", "--tolerance", "1"],
        &[
            "dynamics",
            "fictitious-play",
            "matching-pennies",
            "--rounds",
            "0",
        ],
        &[
            "dynamics",
            "fictitious-play",
            "matching-pennies",
            "--noise",
            "0",
        ],
        &[
            "dynamics",
            "best-response",
            "matching-pennies",
            "--start",
            "3,1",
        ],
        &[
            "dynamics",
            "regret-matching",
            "matching-pennies",
            "--rounds",
            "99999999999",
        ],
        &["dynamics", "moran", "hawk-dove"],
        &[
            "dynamics",
            "moran",
            "hawk-dove",
            "--population",
            "10",
            "--intensity",
            "2",
        ],
        &[
            "dynamics",
            "moran",
            "prisoners-dilemma",
            "--population",
            "10",
            "--intensity",
            "1",
        ],
        &[
            "dynamics",
            "moran",
            "rock-paper-scissors",
            "--population",
            "10",
        ],
        &["dynamics", "ess", "no-such-game"],
    ] {
        let message = usage_error(args);
        assert!(!message.contains("panicked"), "{args:?}: {message}");
    }
    // Formats other than text and JSON are refused by the argument parser.
    let output = sprague(&["dynamics", "ess", "hawk-dove", "--format", "csv"]);
    assert_eq!(output.status.code(), Some(2));
    let output = sprague(&["dynamics", "ess", "hawk-dove"]);
    assert!(output.status.success());
}

/// Ctrl-C ends a long run within two seconds, with one sentence and exit
/// code 130: fictitious play and regret matching poll the flag every 65536
/// rounds, the replicator every 4096 steps.
#[test]
fn ctrl_c_stops_long_runs() {
    use std::time::Duration;
    for args in [
        &[
            "dynamics",
            "fictitious-play",
            "rock-paper-scissors",
            "--rounds",
            "10000000000",
        ][..],
        &[
            "dynamics",
            "regret-matching",
            "rock-paper-scissors",
            "--rounds",
            "1000000000",
        ],
        &[
            "dynamics",
            "replicator",
            "hawk-dove",
            "--steps",
            "100000000",
            "--record-every",
            "1000",
        ],
    ] {
        let (out, elapsed) = interrupted_after(args, Duration::from_millis(400));
        assert!(elapsed < Duration::from_secs(2), "{args:?}: {elapsed:?}");
        assert_eq!(out.status.code(), Some(130), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("interrupted") && err.trim_end().lines().count() == 1,
            "{err}"
        );
    }
}
