//! End-to-end tests of the take-and-break commands: values with the engine's
//! keys, checkpoints and resume, bad codes and sizes (exit 2, one line),
//! survey and plot.

use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::Value;

fn sprague(arguments: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(arguments)
        .output()
        .expect("the sprague binary runs")
}

fn json(arguments: &[&str]) -> Value {
    let output = sprague(arguments);
    assert!(
        output.status.success(),
        "{arguments:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("valid JSON")
}

fn usage_error(arguments: &[&str]) -> String {
    let output = sprague(arguments);
    let message = String::from_utf8_lossy(&output.stderr).to_string();
    assert_eq!(output.status.code(), Some(2), "{arguments:?}: {message}");
    assert!(output.stdout.is_empty(), "{arguments:?} printed to stdout");
    assert!(!message.contains("panicked"), "{arguments:?}: {message}");
    assert_eq!(
        message.trim_end().lines().count(),
        1,
        "{arguments:?}: {message}"
    );
    message
}

fn temporary(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("sprague-cli-{}-{name}", std::process::id()))
}

#[test]
fn kayles_json_keeps_its_keys_and_adds_the_engine_facts() {
    let answer = json(&["values", "kayles", "--to", "1000", "--format", "json"]);
    assert_eq!(answer["game"], "kayles");
    assert_eq!(answer["values"].as_array().map(Vec::len), Some(1001));
    assert_eq!(answer["period"]["period"], 12);
    assert_eq!(answer["period"]["preperiod"], 71);
    assert_eq!(answer["period"]["proven"], true);
    assert_eq!(answer["max_value"], 8);
    assert!(answer["rare_mask"].is_number());
    assert!(answer["checksum"].is_string());
}

#[test]
fn values_report_the_position_parity_of_the_rare_class() {
    let summary = |code: &str, to: &str, method: &str| {
        json(&[
            "values",
            code,
            "--to",
            to,
            "--summary",
            "--no-period",
            "--method",
            method,
            "--format",
            "json",
        ])
    };
    // 0.106: rare when the parity of g(n) ∧ 0xd is that of n − 1.
    let auto = summary("0.106", "3000", "auto");
    assert_eq!(auto["rare_mask"], 0xd);
    assert_eq!(auto["rare_position_parity"], 1);
    assert_eq!(auto["rare_count"], 15);
    assert_eq!(
        auto["checksum"],
        summary("0.106", "3000", "plain")["checksum"]
    );
    // Kayles: by value alone.
    assert!(summary("kayles", "3000", "auto")["rare_position_parity"].is_null());
    // A three-heap code: the pair-set pass against every triple.
    let hex = summary("hex:0.0008", "800", "auto");
    assert_eq!(
        hex["checksum"],
        summary("hex:0.0008", "800", "plain")["checksum"]
    );
    let output = sprague(&[
        "values",
        "0.106",
        "--to",
        "3000",
        "--summary",
        "--no-period",
    ]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("Rare values (parity under mask 0xd equal to the parity of n − 1): 15 positions, the last at 1103."),
        "{text}"
    );
}

#[test]
fn methods_agree_through_the_command_line() {
    let checksum = |method: &str| {
        json(&[
            "values",
            "grundy",
            "--to",
            "2^11",
            "--summary",
            "--method",
            method,
            "--format",
            "json",
        ])["checksum"]
            .clone()
    };
    let plain = checksum("plain");
    assert_eq!(checksum("rare-common"), plain);
    assert_eq!(checksum("naive"), plain);
    assert_eq!(checksum("auto"), plain);
}

#[test]
fn a_helper_thread_does_not_change_the_values() {
    let checksum = |threads: &str| {
        json(&[
            "values",
            "grundy",
            "--to",
            "2^14",
            "--summary",
            "--threads",
            threads,
            "--format",
            "json",
        ])["checksum"]
            .clone()
    };
    assert_eq!(checksum("2"), checksum("1"));
}

#[test]
fn hexadecimal_codes_have_values() {
    let answer = json(&["values", "hex:0.F", "--to", "30", "--format", "json"]);
    assert_eq!(answer["game"], "hex:0.F");
    assert_eq!(answer["period"]["proven"], true);
}

#[test]
fn a_resumed_run_ends_with_the_same_checksum() {
    let path = temporary("resume.ckpt");
    let file = path.to_str().unwrap();
    json(&[
        "values",
        "grundy",
        "--to",
        "1500",
        "--summary",
        "--checkpoint",
        file,
        "--format",
        "json",
    ]);
    let resumed = json(&[
        "values",
        "grundy",
        "--to",
        "4000",
        "--summary",
        "--checkpoint",
        file,
        "--resume",
        "--format",
        "json",
    ]);
    let direct = json(&[
        "values",
        "grundy",
        "--to",
        "4000",
        "--summary",
        "--format",
        "json",
    ]);
    assert_eq!(resumed["checksum"], direct["checksum"]);
    // The checkpoint is refused for another game, truncated, or corrupt.
    let message = usage_error(&["values", "kayles", "--checkpoint", file, "--resume"]);
    assert!(message.contains("is for the game 'grundy'"), "{message}");
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    assert!(
        usage_error(&["values", "grundy", "--checkpoint", file, "--resume"]).contains("truncated")
    );
    let mut corrupt = bytes.clone();
    corrupt[100] ^= 0x10;
    std::fs::write(&path, &corrupt).unwrap();
    assert!(
        usage_error(&["values", "grundy", "--checkpoint", file, "--resume"]).contains("corrupt")
    );
    std::fs::write(&path, b"not a checkpoint at all").unwrap();
    assert!(
        usage_error(&["values", "grundy", "--checkpoint", file, "--resume"])
            .contains("not a sprague take-and-break checkpoint")
    );
    std::fs::remove_file(&path).unwrap();
    assert!(usage_error(&["values", "grundy", "--resume"]).contains("--checkpoint"));
}

#[test]
fn a_file_that_is_not_a_checkpoint_of_the_game_is_not_overwritten() {
    let path = temporary("notes.txt");
    let file = path.to_str().unwrap();
    std::fs::write(&path, "three weeks of notes").unwrap();
    let message = usage_error(&["values", "grundy", "--to", "100", "--checkpoint", file]);
    assert_eq!(
        message.trim_end(),
        format!("error: refusing to overwrite {file}: it is not a sprague take-and-break checkpoint, and overwriting it needs --force (force=True from Python)")
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "three weeks of notes"
    );
    // A checkpoint of another game is refused the same way.
    let kayles = temporary("kayles.ckpt");
    let kayles_file = kayles.to_str().unwrap();
    json(&[
        "values",
        "kayles",
        "--to",
        "100",
        "--checkpoint",
        kayles_file,
        "--format",
        "json",
    ]);
    let message = usage_error(&[
        "values",
        "grundy",
        "--to",
        "100",
        "--checkpoint",
        kayles_file,
    ]);
    assert!(
        message.contains("it is a checkpoint of 'octal 0.77', not of 'grundy'"),
        "{message}"
    );
    // With --force the file makes way for the checkpoint, which then resumes.
    json(&[
        "values",
        "grundy",
        "--to",
        "100",
        "--checkpoint",
        file,
        "--force",
        "--format",
        "json",
    ]);
    let resumed = json(&[
        "values",
        "grundy",
        "--to",
        "200",
        "--summary",
        "--checkpoint",
        file,
        "--resume",
        "--format",
        "json",
    ]);
    let direct = json(&[
        "values",
        "grundy",
        "--to",
        "200",
        "--summary",
        "--format",
        "json",
    ]);
    assert_eq!(resumed["checksum"], direct["checksum"]);
    assert!(usage_error(&["values", "grundy", "--force"]).contains("--checkpoint"));
    assert!(
        usage_error(&["values", "nim", "--checkpoint", file, "--force"]).contains("take-and-break")
    );
    std::fs::remove_file(&path).unwrap();
    std::fs::remove_file(&kayles).unwrap();
}

#[test]
fn a_device_or_a_directory_is_no_checkpoint_to_resume() {
    // Refused before anything is read or written: a device is no checkpoint (and a
    // checkpoint renamed onto it would replace it).
    let message = usage_error(&["values", "kayles", "--checkpoint", "/dev/zero", "--resume"]);
    assert!(
        message.contains("checkpoint /dev/zero is not a regular file"),
        "{message}"
    );
    let message = usage_error(&["values", "kayles", "--checkpoint", "/", "--resume"]);
    assert!(message.contains("is a directory"), "{message}");
}

#[test]
fn a_checkpoint_in_a_missing_directory_is_refused_before_any_work() {
    let path = temporary("no-such-directory").join("grundy.ckpt");
    let file = path.to_str().unwrap();
    let started = std::time::Instant::now();
    // Grundy's game to 2^26 would take minutes: the refusal comes first.
    let message = usage_error(&[
        "values",
        "grundy",
        "--to",
        "2^26",
        "--summary",
        "--checkpoint",
        file,
    ]);
    assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
    assert_eq!(
        message.trim_end(),
        format!(
            "error: checkpoint {file} cannot be written: the directory {} does not exist",
            temporary("no-such-directory").display()
        )
    );
    let directory = std::env::temp_dir();
    let message = usage_error(&[
        "values",
        "grundy",
        "--checkpoint",
        directory.to_str().unwrap(),
    ]);
    assert!(message.contains("is a directory"), "{message}");
}

#[test]
fn an_interrupted_run_whose_checkpoint_cannot_be_written_says_so() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let directory = temporary("vanishing");
    std::fs::create_dir_all(&directory).unwrap();
    let path = directory.join("grundy.ckpt");
    let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args([
            "values",
            "grundy",
            "--to",
            "2^22",
            "--summary",
            "--progress",
            "--checkpoint",
        ])
        .arg(&path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sprague binary runs");
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    // The first progress line: the checks are done and the sweep runs.
    while stderr.read_line(&mut line).unwrap() > 0 && !line.starts_with("progress:") {
        line.clear();
    }
    assert!(line.starts_with("progress:"), "{line}");
    std::fs::remove_dir_all(&directory).unwrap();
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut rest).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{rest}");
    let message = rest.lines().last().unwrap_or_default();
    assert!(
        message.starts_with("error: interrupted after g(0..")
            && message.contains("; the checkpoint could not be written: checkpoint ")
            && message.contains("No such file or directory"),
        "{rest}"
    );
}

#[test]
fn bad_codes_and_sizes_are_usage_errors() {
    assert!(usage_error(&["values", "0.9"]).contains("octal"));
    assert!(usage_error(&["values", "hex:0.G"]).contains("hexadecimal"));
    assert!(usage_error(&["values", "6.7"]).contains("before the point"));
    let message = usage_error(&["values", "grundy", "--to", "2^44", "--summary"]);
    assert!(message.contains("would need"), "{message}");
    // clap's own usage errors add a hint line; the exit code is still 2.
    let output = sprague(&["values", "grundy", "--to", "2^99"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not a heap size"));
    assert!(usage_error(&["survey", "0.x?"]).contains("octal"));
    // Longer than the play engine takes: an error, not a panic.
    let long = format!("0.7{}", "3".repeat(66));
    assert!(usage_error(&["analyze", &long, "2"]).contains("at most 64 digits"));
    let message = usage_error(&["plot", "nim", "--kind", "rare-count", "-o", "/dev/null"]);
    assert!(message.contains("for take-and-break games"), "{message}");
    assert!(usage_error(&["plot", "wythoff", "-o", "/dev/null"]).contains("not a one-heap game"));
    let message = usage_error(&["plot", "nim", "--to", "10^15", "-o", "/dev/null"]);
    assert!(message.contains("would need"), "{message}");
}

/// The row of `code` in the JSON rows of a survey.
fn survey_row(rows: &Value, code: &str) -> Value {
    rows.as_array()
        .and_then(|rows| rows.iter().find(|row| row["code"] == code))
        .unwrap_or_else(|| panic!("{code} is surveyed"))
        .clone()
}

#[test]
fn survey_reports_the_periods_of_the_classics() {
    let rows = json(&["survey", "0.?7", "--budget", "4096", "--format", "json"]);
    let row = |code: &str| survey_row(&rows, code);
    assert_eq!(row("0.07")["period"], 34);
    assert_eq!(row("0.07")["preperiod"], 53);
    assert_eq!(row("0.77")["period"], 12);
    assert_eq!(row("0.77")["status"], "periodic");
}

#[test]
fn survey_groups_games_up_to_a_shift_of_heap_sizes() {
    // OEIS A002187: Dawson's chess is .137; .07 has values a(n − 1), .4 and .42 a(n − 2).
    let arguments = ["survey", "0.137", "0.07", "0.4?", "--budget", "4096"];
    let rows = json(&[&arguments[..], &["--format", "json"]].concat());
    let row = |code: &str| survey_row(&rows, code);
    let dawson = row("0.07");
    assert_eq!(dawson["group"], "0.137");
    assert_eq!(dawson["shift"], 1);
    assert_eq!(dawson["equivalence"], "proven");
    assert!(dawson["compared"].as_u64().unwrap() >= 52 + 34);
    for code in ["0.4", "0.42"] {
        assert_eq!(
            (row(code)["group"].clone(), row(code)["shift"].clone()),
            ("0.137".into(), 2.into())
        );
    }
    // The representative names itself; the keys of before keep their meaning.
    let chess = row("0.137");
    assert_eq!(
        (chess["group"].clone(), chess["shift"].clone()),
        ("0.137".into(), 0.into())
    );
    assert!(chess["equivalence"].is_null() && chess["compared"].is_null());
    assert_eq!(row("0.43")["same_as"], "0.41");
    assert_eq!(row("0.43")["group"], "0.41");
    assert!(row("0.41")["same_as"].is_null());
    // The text table says it in words.
    let output = sprague(&arguments);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    let line = text.lines().find(|line| line.starts_with("0.07 ")).unwrap();
    assert!(line.ends_with("0.137 (shift 1, proven)"), "{line}");
    assert!(text.contains("groups up to a shift"), "{text}");
    let csv = sprague(&[&arguments[..], &["--format", "csv"]].concat());
    let csv = String::from_utf8_lossy(&csv.stdout);
    assert!(csv.starts_with("code,status,preperiod,period,max_value,rare_mask,computed,same_as,group,shift,equivalence,compared,rare_position_parity\n"));
    assert!(
        csv.contains("\n0.07,periodic,53,34,9,0xe,176,,0.137,1,proven,"),
        "{csv}"
    );
}

/// The texts of an SVG file (titles, axis labels, tick numbers, legend).
fn svg_texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .filter_map(|part| {
            let start = part.find('>')? + 1;
            let end = part.find("</text>")?;
            Some(part[start..end].trim().to_string())
        })
        .collect()
}

#[test]
fn plots_are_svg_files() {
    let path = temporary("plot.svg");
    let file = path.to_str().unwrap();
    for (kind, y_label, legend) in [
        ("values", "g(n)", "rare values"),
        (
            "rare-count",
            "rare values among g(1..n)",
            "rare values (mask",
        ),
    ] {
        let output = sprague(&["plot", "grundy", "--to", "2000", "--kind", kind, "-o", file]);
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let svg = std::fs::read_to_string(&path).unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        let texts = svg_texts(&svg);
        for wanted in ["n (heap size)", y_label, "0", "1000", "2000"] {
            assert!(
                texts.iter().any(|text| text == wanted),
                "{wanted}: {texts:?}"
            );
        }
        assert!(
            texts.iter().any(|text| text.starts_with(legend)),
            "{texts:?}"
        );
    }
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn plots_of_other_one_heap_games_mark_the_p_positions() {
    let path = temporary("plot-heap.svg");
    let file = path.to_str().unwrap();
    for game in ["nim", "lasker", "bash:3", "subtraction:1,3,4", "allbut:1,2"] {
        let output = sprague(&["plot", game, "--to", "300", "-o", file]);
        assert!(
            output.status.success(),
            "{game}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let svg = std::fs::read_to_string(&path).unwrap();
        let texts = svg_texts(&svg);
        for wanted in ["n (heap size)", "g(n)", "P-positions (g = 0)", "300"] {
            assert!(
                texts.iter().any(|text| text == wanted),
                "{game}, {wanted}: {texts:?}"
            );
        }
        // P-positions in orange, the other values in blue.
        assert!(svg.contains("#FF7F0E") && svg.contains("#1F77B4"), "{game}");
    }
    // 10^6 heaps of Nim stay a small file (one mark per pixel row and column).
    let output = sprague(&["plot", "nim", "--to", "10^6", "-o", file]);
    assert!(output.status.success());
    assert!(std::fs::metadata(&path).unwrap().len() < 200_000);
    std::fs::remove_file(&path).unwrap();
}

/// `survey --progress` counts values of the budget, so its line moves within one game: a
/// single game of no known period (0.6; not 0.16, which is periodic from heap 105,351 and
/// proven after 509,622 values) that runs to its deadline prints plain lines whose counts
/// grow (before, the count was games finished, 0 until the end).
#[test]
fn survey_progress_moves_within_a_game() {
    let output = sprague(&[
        "survey",
        "0.6",
        "--budget",
        "2^24",
        "--seconds",
        "3.5",
        "--threads",
        "1",
        "--progress",
    ]);
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let counts: Vec<u64> = stderr
        .lines()
        .filter_map(|line| line.strip_prefix("progress: "))
        .map(|rest| {
            assert!(
                rest.contains("/16777216 values")
                    && rest.contains("0 of 1 games done, running 0.6"),
                "{rest}"
            );
            rest.split('/').next().unwrap().parse().unwrap()
        })
        .collect();
    assert!(counts.len() >= 2, "{stderr}");
    assert!(
        counts.windows(2).all(|pair| pair[0] < pair[1]),
        "{counts:?}"
    );
    assert!(
        counts[0] > 0 && counts.iter().all(|&count| count < 1 << 24),
        "{counts:?}"
    );
}

/// `rule:` games: Kayles written move by move gives Kayles' values and proof
/// (OEIS A002186), Grundy's game its values (OEIS A002188) with the period
/// only observed, and a three-heap unequal rule runs; bad rules are one line.
#[test]
fn rule_games_give_the_values_of_their_codes() {
    let kayles = json(&[
        "values",
        "rule:2:0-2;1:0-2",
        "--to",
        "30",
        "--format",
        "json",
    ]);
    assert_eq!(kayles["game"], "rule:1-2:0-2");
    assert!(kayles["title"]
        .as_str()
        .is_some_and(|title| title.contains("(= 0.77)")));
    let a002186 = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1,
    ];
    assert_eq!(
        kayles["values"].as_array().map(|v| v[..21].to_vec()),
        Some(a002186.map(Value::from).to_vec())
    );
    assert_eq!(kayles["period"]["proven"], true);
    assert_eq!(
        kayles["period"]["theorem"],
        json(&["values", "0.77", "--to", "30", "--format", "json"])["period"]["theorem"]
    );
    let grundy = json(&["values", "rule:0:2u", "--to", "20", "--format", "json"]);
    let a002188 = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0,
    ];
    assert_eq!(grundy["values"], Value::from(a002188.to_vec()));
    assert!(grundy["period"].is_null() || grundy["period"]["proven"] == false);
    let three = json(&["values", "rule:1:1;0:3u", "--to", "12", "--format", "json"]);
    // Checked by hand, heap by heap (6 = 1+2+3 is the first three-way split).
    assert_eq!(
        three["values"],
        Value::from(vec![0, 0, 1, 0, 1, 0, 2, 1, 0, 1, 3, 2, 3])
    );
    for (rule, reason) in [
        ("rule:1:4", "above 3"),
        ("rule:0:1", "removing 0 tokens"),
        ("rule:1-2", "has no ':'"),
        ("rule:1:1u", "only splits into 2 or 3"),
    ] {
        let message = usage_error(&["values", rule, "--to", "10"]);
        assert!(message.contains(reason), "{rule}: {message}");
    }
}

#[test]
fn games_rule_documents_the_syntax() {
    let output = sprague(&["games", "rule"]);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    for needed in [
        "REMOVALS:PARTS",
        "2u",
        "rule:0:2u",
        "rule:1-2:0-2",
        "Guy-Smith",
    ] {
        assert!(text.contains(needed), "{needed}: {text}");
    }
    let record = json(&["games", "rule", "--format", "json"]);
    assert_eq!(record["name"], "rule");
    assert_eq!(record["values"], true);
}
