//! Helpers shared by the end-to-end tests: run the `sprague` binary, read its
//! JSON, and check that bad input is a one-line usage error (exit code 2).

#![allow(dead_code)] // each test file uses its own subset

use std::process::{Command, Output};

use serde_json::Value;

/// Runs `sprague` with `arguments` from the crate directory (test data paths are relative to it),
/// with the on-disk store of misère quotients off (each run computes afresh).
pub fn sprague(arguments: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sprague"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("SPRAGUE_CACHE_DIR", "")
        .args(arguments)
        .output()
        .expect("the sprague binary runs")
}

/// Runs a command that must succeed and print JSON; returns the document.
pub fn json(arguments: &[&str]) -> Value {
    let output = sprague(arguments);
    assert!(
        output.status.success(),
        "{arguments:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("valid JSON")
}

/// [`json`] with `--format json` appended.
pub fn json_formatted(arguments: &[&str]) -> Value {
    let mut all = arguments.to_vec();
    all.extend(["--format", "json"]);
    json(&all)
}

/// Runs `arguments` with `--format json`, then with `--progress` too: both succeed with the
/// same answer on stdout, and stderr holds nothing but `progress: …` lines counting `unit`.
pub fn progress_leaves_the_answer_alone(arguments: &[&str], unit: &str) {
    let mut plain = arguments.to_vec();
    plain.extend(["--format", "json"]);
    let mut shown = plain.clone();
    shown.push("--progress");
    let (plain, shown) = (sprague(&plain), sprague(&shown));
    assert!(
        plain.status.success() && shown.status.success(),
        "{arguments:?}"
    );
    assert_eq!(plain.stdout, shown.stdout, "{arguments:?}");
    let stderr = String::from_utf8(shown.stderr).unwrap();
    assert!(
        stderr
            .lines()
            .all(|line| line.starts_with("progress: ") && line.contains(&format!(" {unit}"))),
        "{stderr}"
    );
}

/// Runs a command that must fail as a usage error; returns its one-line message.
pub fn usage_error(arguments: &[&str]) -> String {
    let output = sprague(arguments);
    let message = String::from_utf8_lossy(&output.stderr).to_string();
    assert_eq!(output.status.code(), Some(2), "{arguments:?}: {message}");
    assert!(output.stdout.is_empty(), "{arguments:?} printed to stdout");
    assert!(
        !message.contains("panicked"),
        "{arguments:?} panicked: {message}"
    );
    assert_eq!(
        message.trim_end().lines().count(),
        1,
        "{arguments:?}: {message}"
    );
    message
}

/// [`usage_error`] under an address-space limit of `limit_mib` MiB (as
/// `ulimit -v` sets it): what would not fit must be refused before it is
/// allocated, not abort in the allocator.
pub fn usage_error_within(limit_mib: u64, arguments: &[&str]) -> String {
    let output = Command::new("sh")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("-c")
        .arg(format!(
            "ulimit -v {} && exec \"$0\" \"$@\"",
            limit_mib * 1024
        ))
        .arg(env!("CARGO_BIN_EXE_sprague"))
        .args(arguments)
        .output()
        .expect("sh runs");
    let message = String::from_utf8_lossy(&output.stderr).to_string();
    assert_eq!(output.status.code(), Some(2), "{arguments:?}: {message}");
    assert_eq!(
        message.trim_end().lines().count(),
        1,
        "{arguments:?}: {message}"
    );
    message
}

/// Starts `sprague arguments`, sends it SIGINT (`kill -INT`) after `wait`, and
/// returns its output and how long it took to exit after the signal.
pub fn interrupted_after(
    arguments: &[&str],
    wait: std::time::Duration,
) -> (Output, std::time::Duration) {
    use std::process::Stdio;
    let child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(arguments)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    std::thread::sleep(wait);
    let sent = std::time::Instant::now();
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let out = child.wait_with_output().expect("the binary exits");
    (out, sent.elapsed())
}
