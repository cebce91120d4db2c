//! End-to-end tests of the `sprague` binary: the documented JSON keys, the
//! answers of the README examples, and clear errors with exit code 2 for bad input.

mod common;

use common::*;

/// Runs a command that must fail as a usage error; returns its one-line message.

#[test]
fn kayles_values_have_period_12_from_71_proven() {
    let answer = json(&["values", "kayles", "--to", "1000", "--format", "json"]);
    assert_eq!(answer["game"], "kayles");
    assert_eq!(answer["values"].as_array().map(Vec::len), Some(1001));
    assert_eq!(answer["period"]["period"], 12);
    assert_eq!(answer["period"]["preperiod"], 71);
    assert_eq!(answer["period"]["proven"], true);
    // Beyond the proof the values come from the period. Independent value: the
    // periodic part of OEIS A002186 from n = 72 is 4 1 2 8 1 4 7 2 1 8 2 7, and
    // 1000 = 72 + 12·77 + 4, so g(1000) = 1 (and g(999) = 8).
    assert_eq!(answer["values"][1000], 1);
    assert_eq!(answer["values"][999], 8);
}

#[test]
fn dawsons_kayles_values_have_period_34_from_53_proven() {
    let answer = json(&["values", "0.07", "--to", "1000", "--format", "json"]);
    assert_eq!(answer["period"]["period"], 34);
    assert_eq!(answer["period"]["preperiod"], 53);
    assert_eq!(answer["period"]["proven"], true);
}

#[test]
fn subtraction_1_3_4_p_positions() {
    let answer = json(&[
        "values",
        "subtraction:1,3,4",
        "--to",
        "20",
        "--format",
        "json",
    ]);
    let values = answer["values"].as_array().expect("values");
    let p_positions: Vec<usize> = (0..values.len()).filter(|&n| values[n] == 0).collect();
    assert_eq!(p_positions, vec![0, 2, 7, 9, 14, 16]);
    let text =
        String::from_utf8_lossy(&sprague(&["values", "subtraction:1,3,4", "--to", "20"]).stdout)
            .to_string();
    assert!(text.contains("P-positions (g = 0, the player to move loses): 0, 2, 7, 9, 14, 16"));
}

#[test]
fn nim_3_4_5_has_one_winning_move() {
    let answer = json(&["analyze", "nim", "3", "4", "5", "--format", "json"]);
    assert_eq!(answer["outcome"], "N");
    assert_eq!(answer["grundy"], 2);
    let moves = answer["winning_moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["to"], "1 4 5");
    let components = answer["components"].as_array().expect("components");
    assert_eq!(components[0]["position"], "3");
    assert_eq!(components[0]["grundy"], 3);
}

#[test]
fn p_positions_have_no_winning_moves() {
    let answer = json(&["analyze", "nim", "1", "2", "3", "--format", "json"]);
    assert_eq!(answer["outcome"], "P");
    assert_eq!(answer["winning_moves"].as_array().map(Vec::len), Some(0));
}

#[test]
fn csv_values() {
    let output = sprague(&["values", "bash:3", "--to", "5", "--format", "csv"]);
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "n,grundy\n0,0\n1,1\n2,2\n3,3\n4,0\n5,1\n"
    );
}

#[test]
fn games_lists_every_game_as_json() {
    let answer = json(&["games", "--format", "json"]);
    let names: Vec<&str> = answer["games"]
        .as_array()
        .expect("games")
        .iter()
        .filter_map(|game| game["name"].as_str())
        .collect();
    for name in [
        "nim",
        "bash",
        "subtraction",
        "octal",
        "kayles",
        "dawsons-kayles",
        "grundy",
        "lasker",
    ] {
        assert!(names.contains(&name), "{name} missing");
    }
}

/// The standard output of a command that must succeed, as text.
fn stdout_of(arguments: &[&str]) -> String {
    let output = sprague(arguments);
    assert!(
        output.status.success(),
        "{arguments:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

#[test]
fn games_text_fits_in_100_columns() {
    let listing = stdout_of(&["games"]);
    let answer = json(&["games", "--format", "json"]);
    let names: Vec<&str> = answer["games"]
        .as_array()
        .expect("games")
        .iter()
        .filter_map(|game| game["name"].as_str())
        .collect();
    // One line per game, beside a header and a footer.
    assert_eq!(listing.lines().count(), names.len() + 4, "{listing}");
    let mut texts = vec![listing];
    for name in names {
        texts.push(stdout_of(&["games", name]));
    }
    for text in texts {
        for line in text.lines() {
            assert!(
                line.chars().count() <= 100,
                "{} chars: {line}",
                line.chars().count()
            );
        }
    }
}

#[test]
fn games_game_prints_one_game_in_full() {
    let text = stdout_of(&["games", "Dawson"]);
    assert!(text.starts_with("dawsons-kayles\n"), "{text}");
    assert!(text.contains("octal 0.07"), "{text}");
    assert!(text.contains("aliases:  dawson, dawsons"), "{text}");
    assert!(text.contains("values:   yes"), "{text}");
    let game = json(&["games", "bash:3", "--format", "json"]);
    assert_eq!(game["name"], "bash");
    assert_eq!(game["values"], true);
    for key in ["syntax", "example", "rule"] {
        assert!(game[key].is_string(), "{key}");
    }
    assert_eq!(
        json(&["games", "0.07", "--format", "json"])["name"],
        "octal"
    );
    assert_eq!(
        stdout_of(&["games", "moore", "--format", "csv"])
            .lines()
            .count(),
        2
    );
    assert!(usage_error(&["games", "kayels"]).contains("did you mean 'kayles'"));
}

#[test]
fn completions_for_every_shell() {
    let bash = stdout_of(&["completions", "bash"]);
    assert!(bash.contains("sprague"));
    assert!(bash.contains("values") && bash.contains("completions"));
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        assert!(
            stdout_of(&["completions", shell]).contains("sprague"),
            "{shell}"
        );
    }
    assert_eq!(sprague(&["completions", "tcsh"]).status.code(), Some(2));
}

#[test]
fn manpage_is_roff() {
    let page = stdout_of(&["manpage"]);
    assert!(page.contains(".TH sprague 1"), "{page}");
    assert!(page.contains("sprague\\-values(1)"), "{page}");
    let directory = std::env::temp_dir().join(format!("sprague-man-{}", std::process::id()));
    let output = sprague(&["manpage", "--out-dir", directory.to_str().unwrap()]);
    assert!(output.status.success());
    let values = std::fs::read_to_string(directory.join("sprague-values.1")).unwrap();
    assert!(values.contains(".TH"));
    std::fs::remove_dir_all(&directory).unwrap();
}

#[test]
fn bad_input_is_a_one_line_usage_error() {
    assert!(usage_error(&["values", "0.78"]).contains("not an octal digit"));
    assert!(usage_error(&["values", "kayels"]).contains("did you mean 'kayles'"));
    assert!(usage_error(&["analyze", "nim", "-3"]).contains("'-3' is not a heap size"));
    assert!(usage_error(&["analyze", "nim", "three"]).contains("'three' is not a heap size"));
    assert!(usage_error(&["analyze", "nim"]).contains("no position given"));
    assert!(usage_error(&["values", "kayles", "--to", "99999999999999999"]).contains("would need"));
    assert!(usage_error(&["values", "bash:0"]).contains("at least 1"));
    assert!(usage_error(&["values", "subtraction:0,2"]).contains("take of 0"));
    assert!(usage_error(&["values", "3.1"]).contains("must be 0 or 4"));
}

#[test]
fn unknown_subcommand_is_a_usage_error() {
    let output = sprague(&["frobnicate"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn nimber_calculator() {
    assert_eq!(json(&["nimber", "2 * 3", "--format", "json"])["value"], 1);
    assert_eq!(
        json(&["nimber", "16 * 16", "--format", "json"])["value"],
        24
    );
    // An inverse and a square root of 64-bit values, checked by multiplying back.
    let inverse = json(&["nimber", "inv(0x123456789abcdef0)", "--format", "json"]);
    let inverse = inverse["value_string"]
        .as_str()
        .expect("string")
        .to_string();
    assert_eq!(
        json(&[
            "nimber",
            &format!("{inverse} * 0x123456789abcdef0"),
            "--format",
            "json"
        ])["value"],
        1
    );
    let root = json(&["nimber", "sqrt(0xfedcba9876543210)", "--format", "json"]);
    let root = root["value_string"].as_str().expect("string").to_string();
    assert_eq!(
        json(&["nimber", &format!("{root} * {root}"), "--format", "json"])["hexadecimal"],
        "0xfedcba9876543210"
    );
    // Values above 2^64 are exact: 2^64 ⊗ 2^64 = 3·2^63 (Fermat 2-power F ⊗ F = 3F/2).
    let fermat = json(&[
        "nimber",
        "0x10000000000000000 * 0x10000000000000000",
        "--format",
        "json",
    ]);
    assert_eq!(fermat["value_string"], (3u128 << 63).to_string());
}

#[test]
fn nimber_expression_errors_are_usage_errors() {
    assert!(usage_error(&["nimber", "2 ** 3"]).contains("unexpected '*' at byte 3"));
    assert!(usage_error(&["nimber", "1/0"]).contains("division by zero"));
    assert!(
        usage_error(&["nimber", "340282366920938463463374607431768211456"]).contains("too large")
    );
    assert!(usage_error(&["nimber", "(1 + 2"]).contains("never closed"));
}

#[test]
fn bare_spellings_of_octal_codes_and_quoted_inputs() {
    // 4 and 4. are the usual spellings of the octal game 4.0.
    for spelling in ["4", "4.", "4.0"] {
        let answer = common::json_formatted(&["values", spelling, "--to", "5"]);
        assert_eq!(answer["game"], "4.0", "{spelling}");
    }
    // The code is quoted as typed, with a pointer to hex: for hexadecimal digits.
    let message = common::usage_error(&["values", "0.3F", "--to", "5"]);
    assert!(
        message.contains("'0.3F'") && message.contains("('F')") && message.contains("hex:0.3F"),
        "{message}"
    );
    let message = common::usage_error(&["values", "9", "--to", "5"]);
    assert!(message.contains("must be 0 or 4"), "{message}");
    let message = common::usage_error(&["survey", "hex:0.?"]);
    assert!(message.contains("surveys take octal patterns"), "{message}");
    // Long or raw input is shortened and escaped in the sentence.
    let long = "9".repeat(30_000);
    let message = common::usage_error(&["analyze", "nim", &long]);
    assert!(message.len() < 300, "{} bytes", message.len());
    let message = common::usage_error(&["analyze", "ka\u{1b}[2Jyles", "3"]);
    assert!(!message.contains('\u{1b}'), "{message:?}");
}

/// Issue 18's examples of work far beyond the machine, refused with the size
/// before anything is allocated (they used to abort or panic).
#[test]
fn huge_requests_are_refused_before_allocating() {
    for position in ["10,4611686018427387904", "3,4294967296"] {
        assert!(usage_error(&["graph", "wythoff", position]).contains("at most 200"));
    }
    // Past 2^62 a Wythoff heap is refused as it is read (the formulas' P-positions would
    // not fit in 64 bits).
    for command in ["graph", "analyze", "moves"] {
        let message = usage_error(&[command, "wythoff", "10,9223372036854775807"]);
        assert!(message.contains("from 0 to 2^62"), "{message}");
    }
    for (game, heap) in [
        ("kayles", "4294967296"),
        ("nim", "1000000000"),
        ("grundy", "4294967295"),
    ] {
        assert!(usage_error(&["graph", game, heap, "--dot"]).contains("heaps of at most 2000"));
    }
    for seconds in ["1e300", "1e19", "NaN", "inf", "0"] {
        let message = usage_error(&["survey", "0.07", "--seconds", seconds]);
        assert!(message.contains("--seconds must be"), "{message}");
        // The number as typed, not its 301 digits.
        assert!(message.len() < 200, "{message}");
    }
    // Endless input files: refused after the 16 MiB limit, whatever size the file reports.
    if std::path::Path::new("/dev/zero").exists() {
        for arguments in [
            &["nash", "/dev/zero"][..],
            &["coop", "shapley", "/dev/zero"],
            &["tree", "solve", "/dev/zero"],
            &["analyze", "digraph:@/dev/zero", "1"],
        ] {
            assert!(
                usage_error(arguments).contains("more than 16777216 bytes"),
                "{arguments:?}"
            );
        }
    }
    // The process's address-space limit counts, not only the machine's free memory.
    let message = usage_error_within(
        4096,
        &["values", "bash:3..12", "--to", "10^9", "--method", "plain"],
    );
    assert!(
        message.contains("would need") && message.contains("available"),
        "{message}"
    );
}

/// Every command that takes `--format` either prints CSV with `--format csv` (a header line of
/// comma-separated names, then rows) or refuses it with exit 2 and a sentence, never text or
/// JSON in its place (issue 18: `tree`, `coop core`, `coop in-core`, `graph` and `dominance`
/// printed their text).
#[test]
fn csv_is_printed_or_refused_never_replaced() {
    let commands: &[&[&str]] = &[
        &["analyze", "nim", "3", "4", "5"],
        &["values", "kayles", "--to", "5"],
        &["table", "wythoff", "--to", "3"],
        &["nimber", "3*5"],
        &["graph", "nim", "3"],
        &["moves", "nim", "3", "4"],
        &["nash", "rock-paper-scissors"],
        &["nash", "beer-quiche"],
        &["zerosum", "matching-pennies"],
        &["dominance", "prisoners-dilemma"],
        &["tree", "spe", "kuhn-poker"],
        &["quotient", "kayles"],
        &["games"],
        &["survey", "0.1?", "--threads", "1", "--budget", "4096"],
        &["coop", "shapley", "glove:1,2"],
        &["coop", "banzhaf", "glove:1,2"],
        &["coop", "in-core", "glove:1,2", "--allocation", "1,0,0"],
        &["coop", "core", "glove:1,2"],
        &["coop", "least-core", "glove:1,2"],
        &["coop", "nucleolus", "glove:1,2"],
        &[
            "ipd",
            "tournament",
            "TitForTat",
            "Defector",
            "--repetitions",
            "2",
        ],
        &["ipd", "moran", "TitForTat", "Defector", "--runs", "2"],
        &["dynamics", "replicator", "rock-paper-scissors"],
        &["play", "nim", "3", "4"],
    ];
    for command in commands {
        let mut arguments = command.to_vec();
        arguments.extend(["--format", "csv"]);
        let output = sprague(&arguments);
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        match output.status.code() {
            Some(0) => {
                let mut lines = stdout.lines();
                let header = lines.next().unwrap_or_default();
                assert!(
                    header.contains(',') && !header.contains(": ") && !header.starts_with('{'),
                    "{arguments:?} printed no CSV header: {stdout}"
                );
                assert!(lines.next().is_some(), "{arguments:?}: no rows: {stdout}");
            }
            Some(2) => assert!(
                stdout.is_empty() && !stderr.trim().is_empty(),
                "{arguments:?}: {stdout} / {stderr}"
            ),
            code => panic!("{arguments:?} ended with {code:?}: {stderr}"),
        }
    }
}
