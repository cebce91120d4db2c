//! Errors quote the input they refuse shortened and escaped: for every kind of input a
//! subcommand takes (game descriptions, positions, moves, heap bounds, octal patterns,
//! nimber expressions, strategic-game files and their tokens, strategy names, payoffs,
//! coalition specs, output paths, clap's own values), a 30 KB argument full of escape
//! sequences is refused with exit code 2 (1 for an output file that cannot be written), in
//! lines of at most 400 characters without a raw control character. The input is quoted at
//! the source (`sprague_textfile::quoted`, 60 characters): only clap's messages, which the
//! command line cannot reword, reach the last guard (`bounded_message`), which cuts a line
//! to exactly 400 characters. The no-panic property test (no_panic.rs) checks the same
//! bound on every generated argument list.

mod common;

use common::sprague;

/// The longest line of a message (`sprague_textfile::quote::LINE_LIMIT`).
const LINE_LIMIT: usize = 400;

/// 30,000 bytes: `a`, then the escape sequence that clears a terminal, 6,000 times.
fn hostile() -> String {
    "a\u{1b}[2J".repeat(6000)
}

/// Runs `arguments` and checks the message; `clap` says whether clap words it (then the
/// guard may have cut it to the limit).
fn check(arguments: &[&str], clap: bool) {
    let out = sprague(arguments);
    let shown: Vec<String> = arguments
        .iter()
        .map(|a| a.chars().take(20).collect())
        .collect();
    let code = out.status.code();
    assert!(matches!(code, Some(1 | 2)), "{shown:?}: exit code {code:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.starts_with("error:"), "{shown:?}: {stderr:.200}");
    for line in stderr.lines() {
        let length = line.chars().count();
        assert!(
            length <= LINE_LIMIT,
            "{shown:?}: a line of {length} characters"
        );
        assert!(
            clap || length < LINE_LIMIT,
            "{shown:?}: the input reached the last guard unquoted: {line:.200}"
        );
        assert!(
            !line.chars().any(char::is_control),
            "{shown:?}: a raw control character in {line:.200}"
        );
    }
}

#[test]
fn errors_quote_long_input_with_control_characters_shortened_and_escaped() {
    let x = hostile();
    let file = std::env::temp_dir().join(format!("sprague-echo-{}.txt", std::process::id()));
    std::fs::write(&file, &x).expect("the temporary directory is writable");
    let f = file.to_str().expect("a UTF-8 temporary path");
    let tagged = |prefix: &str| format!("{prefix}{x}");
    let (octal, subtraction, coins, digraph, at) = (
        tagged("octal:"),
        tagged("subtraction:"),
        tagged("coins:"),
        tagged("digraph:"),
        tagged("@"),
    );
    let (pattern, expression, voting, output, hex, glove) = (
        tagged("0."),
        tagged("1 + "),
        format!("[3; {x}]"),
        format!("/tmp/{x}.svg"),
        tagged("hex:"),
        tagged("glove:"),
    );
    let cases: Vec<Vec<&str>> = vec![
        vec!["analyze", &x, "3"],
        vec!["analyze", "nim", &x],
        vec!["analyze", "chomp", &x],
        vec!["analyze", "sos", &x],
        vec!["analyze", "kayles", &x],
        vec!["analyze", &octal, "3"],
        vec!["analyze", &subtraction, "3"],
        vec!["analyze", &coins, "TH"],
        vec!["analyze", &digraph, "a"],
        vec!["analyze", &at],
        vec!["moves", "nim", &x],
        vec!["values", &x],
        vec!["values", &hex],
        vec!["table", &x],
        vec!["graph", "nim", &x],
        vec!["survey", &x],
        vec!["survey", &pattern],
        vec!["plot", &x, "-o", "/tmp/sprague-echo.svg"],
        vec!["plot", "nim", "--to", "10", "-o", &output],
        vec!["nimber", &x],
        vec!["nimber", &expression],
        vec!["nash", &x],
        vec!["nash", f],
        vec!["zerosum", f],
        vec!["dominance", f],
        vec!["dynamics", "replicator", f],
        vec!["tree", "solve", f],
        vec!["ipd", "match", &x, "TitForTat"],
        vec!["ipd", "match", "TitForTat", "TitForTat", "--payoffs", &x],
        vec!["ipd", "moran", &x, "TitForTat"],
        vec!["coop", "shapley", &x],
        vec!["coop", "shapley", f],
        vec!["coop", "shapley", &voting],
        vec!["coop", "shapley", &glove],
        vec!["games", &x],
    ];
    for case in &cases {
        check(case, false);
    }
    // Clap's own messages: a value it cannot parse, an unknown subcommand or argument.
    for case in [
        vec!["values", "nim", "--to", &x],
        vec!["moves", "nim", "3", "--format", &x],
        vec![&x],
        vec!["games", "nim", &x],
    ] {
        check(&case, true);
    }
    let _ = std::fs::remove_file(file);
}
