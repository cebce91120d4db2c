//! `sprague moves` and scripted `sprague play` sessions through standard input:
//! Nim, Chomp, Wythoff, Green Hackenbush, a loopy digraph with a draw, SOS.
//! Who can win each start is known independently (Bouton's theorem for Nim,
//! Wythoff's pairs, strategy stealing for Chomp rectangles, the retrograde
//! analysis of the digraph), so the tests check that the computer wins every
//! game it can win and keeps the draw it cannot win.

mod common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use common::{json_formatted, sprague};
use serde_json::Value;

/// Runs `sprague play ARGS` with `input` on standard input.
fn play(arguments: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .arg("play")
        .args(arguments)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sprague binary runs");
    // A game that ends before every line is read closes the pipe: not an error here.
    if let Err(error) = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
    {
        assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe, "{error}");
    }
    child.wait_with_output().expect("play finishes")
}

fn text(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).to_string()
}

/// `#1` (the first listed move) as many times as a game can need.
fn first_moves(count: usize) -> String {
    "#1\n".repeat(count)
}

#[test]
fn moves_of_nim_3_4_5_are_twelve_with_one_to_a_p_position() {
    let answer = json_formatted(&["moves", "nim", "3", "4", "5"]);
    let moves = answer["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 12); // 3 + 4 + 5 ways to take
    let winning: Vec<&Value> = moves.iter().filter(|m| m["winning"] == true).collect();
    assert_eq!(winning.len(), 1);
    assert_eq!(winning[0]["notation"], "3->1");
    assert_eq!(
        winning[0]["after"]["components"],
        serde_json::json!(["1", "4", "5"])
    );
    assert_eq!(winning[0]["outcome"], "P");
    // Each move's value is the XOR of the heaps left (Bouton).
    for played in moves {
        let heaps: Vec<u64> = played["after"]["board"]["heaps"]
            .as_array()
            .expect("heaps")
            .iter()
            .map(|h| h.as_u64().expect("size"))
            .collect();
        assert_eq!(played["grundy"], heaps.iter().fold(0, |t, h| t ^ h));
    }
    assert_eq!(answer["position"]["board"]["kind"], "heaps");
}

#[test]
fn moves_of_kayles_7_show_the_mex() {
    let output = sprague(&["moves", "kayles", "7"]);
    assert!(output.status.success());
    let shown = text(&output);
    assert!(
        shown.contains(
            "options' values {0, 1, 3, 4, 5} → the smallest value not among them is 2 = g"
        ),
        "{shown}"
    );
    let answer = json_formatted(&["moves", "kayles", "7"]);
    assert_eq!(answer["grundy"], 2);
    assert_eq!(answer["option_values"], serde_json::json!([0, 1, 3, 4, 5]));
}

#[test]
fn moves_from_a_p_position_answer_every_move() {
    let answer = json_formatted(&["moves", "nim", "1", "2", "3"]);
    for played in answer["moves"].as_array().expect("moves") {
        let reply = &played["reply"];
        let heaps: Vec<u64> = reply["after"]["board"]["heaps"]
            .as_array()
            .expect("a reply to every move")
            .iter()
            .map(|h| h.as_u64().expect("size"))
            .collect();
        assert_eq!(heaps.iter().fold(0, |t, h| t ^ h), 0, "{reply}");
    }
}

#[test]
fn analyze_names_closed_forms_and_values_prints_them() {
    let shown = text(&sprague(&["analyze", "bash:3", "7"]));
    assert!(shown.contains("g(7) = 7 mod 4 = 3"), "{shown}");
    let shown = text(&sprague(&["values", "lasker", "--to", "20"]));
    assert!(
        shown.contains(
            "Closed form: g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3"
        ),
        "{shown}"
    );
    assert!(!shown.contains("Period: none found"));
    let answer = json_formatted(&["values", "nim", "--to", "5"]);
    assert!(answer["closed_form"]
        .as_str()
        .expect("a closed form")
        .starts_with("g(n) = n"));
    let answer = json_formatted(&["analyze", "nim", "3", "5"]);
    assert!(answer["components"][0]["rule"]
        .as_str()
        .expect("rule")
        .contains("g(3) = 3"));
    let shown = text(&sprague(&["analyze", "nim", "1", "2", "3"]));
    assert!(
        shown.contains("every move leads to an N-position"),
        "{shown}"
    );
}

#[test]
fn nim_with_the_computer_first_is_won_by_the_computer() {
    // 3 ⊕ 4 ⊕ 5 = 2: an N-position, so the computer, moving first, wins.
    let output = play(
        &["nim", "3", "4", "5", "--first", "computer"],
        &first_moves(20),
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let shown = text(&output);
    assert!(shown.contains("computer: 3->1"), "{shown}");
    assert!(shown.trim_end().ends_with("the computer wins."), "{shown}");
}

#[test]
fn chomp_3x4_after_a_first_bite_is_won_by_the_computer() {
    // Every rectangle but 1×1 is an N-position (strategy stealing), and so is every
    // position after the first listed bite (checked by `moves` below): the computer wins.
    let answer = json_formatted(&["moves", "chomp", "3x4"]);
    assert_eq!(answer["moves"][0]["outcome"], "N");
    let output = play(&["chomp", "3x4"], &first_moves(12));
    assert!(output.status.success());
    let shown = text(&output);
    assert!(shown.contains("☠"), "the bar is drawn: {shown}");
    assert!(shown.trim_end().ends_with("the computer wins."), "{shown}");
}

#[test]
fn wythoff_4_7_is_a_p_position_and_each_of_your_moves_is_answered() {
    // (4, 7) = (⌊3φ⌋, ⌊3φ²⌋): whoever moves first loses against perfect play.
    let output = play(&["wythoff", "4,7"], &first_moves(12));
    assert!(output.status.success());
    let shown = text(&output);
    let replies = shown.lines().filter(|l| l.starts_with("computer:")).count();
    let winning_replies = shown
        .lines()
        .filter(|l| l.starts_with("computer:") && l.contains("it moves to a P-position"))
        .count();
    assert!(replies > 0);
    assert_eq!(replies, winning_replies, "{shown}");
    assert!(shown.trim_end().ends_with("the computer wins."), "{shown}");
}

#[test]
fn green_hackenbush_is_played_to_the_end() {
    // Value 3 (fusion of the triangle's cycle, colon principle): N, you move first and
    // take the first listed edge, after which the computer can win (by `moves`).
    let answer = json_formatted(&["moves", "green-hackenbush", "g-a,a-b,b-g,a-c,c-d"]);
    assert_eq!(answer["grundy"], 3);
    assert_ne!(answer["moves"][0]["grundy"], 0);
    let output = play(
        &["green-hackenbush", "g-a,a-b,b-g,a-c,c-d"],
        &first_moves(8),
    );
    assert!(output.status.success());
    assert!(text(&output).trim_end().ends_with("the computer wins."));
}

#[test]
fn a_loopy_digraph_draw_is_kept_and_declared() {
    // a ⇄ b, b → c → d: d is P, c is N, and a, b are drawn (neither may leave the cycle safely).
    let output = play(&["digraph:a>b,b>a,b>c,c>d", "a"], &"b\n".repeat(6));
    assert!(output.status.success());
    let shown = text(&output);
    assert!(shown.contains("keeps the draw"), "{shown}");
    assert!(
        shown.contains("Draw: the same position came back a third time"),
        "{shown}"
    );
}

#[test]
fn sos_is_played_to_a_named_result_in_json() {
    let output = play(&["sos", "7", "--format", "json"], &first_moves(10));
    assert!(output.status.success());
    let lines: Vec<Value> = text(&output)
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object per line"))
        .collect();
    assert_eq!(lines[0]["turn"], 0);
    assert_eq!(lines[0]["position"]["board"]["kind"], "strips");
    let last = lines.last().expect("a result");
    assert_eq!(last["result"], "over");
    // SOS 7 is a first-player win (S@4); the first listed move S@1 gives it away, so the
    // computer, perfect from then on, must not lose.
    assert_ne!(last["winner"], "you");
    for turn in &lines[1..lines.len() - 1] {
        assert!(
            turn["move"].is_string() && turn["outcome"].is_string(),
            "{turn}"
        );
    }
}

#[test]
fn illegal_input_gets_one_sentence_and_the_prompt_again() {
    let output = play(
        &["nim", "3", "4", "5"],
        "3->3\nfly\n\u{1b}[2J\nhint\nwhy\nmoves\nundo\n3->1\nundo\nquit\n",
    );
    assert!(output.status.success());
    let shown = text(&output);
    assert!(
        shown.contains("'3->3' is not a legal move from 3 4 5"),
        "{shown}"
    );
    assert!(shown.contains("hint: 3->1"), "{shown}");
    assert!(shown.contains("3 ⊕ 4 ⊕ 5 = 2"), "{shown}");
    assert!(shown.contains("Took back your last move"), "{shown}");
    assert!(shown.contains("You resigned"), "{shown}");
    assert!(!shown.contains('\u{1b}'), "control characters are escaped");
}

#[test]
fn input_ending_early_is_an_error_and_bad_starts_are_usage_errors() {
    let output = play(&["nim", "3", "4", "5"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("the input ended before the game did"));
    for arguments in [&["nim", "x"][..], &["nosuchgame", "3"], &["chomp", "0x3"]] {
        let output = play(arguments, "");
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
    }
}

#[test]
fn misere_play_is_switched_on_by_a_flag() {
    // Misère Nim 1 1 1: three single tokens, an odd number, so the player to move loses.
    let output = play(
        &["nim", "1", "1", "1", "--misere", "--first", "computer"],
        &first_moves(5),
    );
    assert!(output.status.success());
    assert!(
        text(&output).trim_end().ends_with("you win."),
        "{}",
        text(&output)
    );
}

/// Issue 28: the same position with its tokens listed in another order is a
/// repetition (seed 58 reaches {a, b} with the computer to move a third time at
/// turn 8), so play ends in a draw instead of going on.
#[test]
fn a_repetition_counts_the_tokens_in_any_order() {
    let output = play(
        &[
            "digraph:a>b,a>c,b>a,b>c,c>a,c>b",
            "c",
            "a",
            "--first",
            "computer",
            "--seed",
            "58",
            "--format",
            "json",
        ],
        "b a\nc c\nmoves\n#4\na b\nquit\n",
    );
    let lines: Vec<Value> = text(&output)
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object a line"))
        .collect();
    let last = lines.last().expect("a last line");
    assert_eq!(last["result"], "draw", "{lines:?}");
    assert!(last["reason"]
        .as_str()
        .is_some_and(|r| r.contains("third time")));
}

/// Issue 28: moves typed as the position they leave, where that position also
/// looks like move notation, and `undo` with nothing to undo answers in JSON.
#[test]
fn moves_typed_as_the_position_they_leave() {
    for (arguments, typed, notation) in [
        (&["kayles", "1", "2", "2"][..], "1 2 0", "2->0"),
        (&["chomp", "2x4"][..], "4,2", "2,3"),
        (&["green-hackenbush", "0", "g-a,g-a"][..], "0 g-a", "g-a"),
        (&["graph-edge-deletion", "g:g-a,g-a"][..], "g:g-a", "g-a"),
    ] {
        let mut with_json = arguments.to_vec();
        with_json.extend(["--format", "json"]);
        let output = play(&with_json, &format!("undo\n{typed}\nquit\n"));
        let lines: Vec<Value> = text(&output)
            .lines()
            .map(|line| serde_json::from_str(line).expect("one JSON object a line"))
            .collect();
        assert!(
            lines.iter().any(|l| l["undo"] == false),
            "{arguments:?}: {lines:?}"
        );
        assert!(
            lines
                .iter()
                .any(|l| l["player"] == "you" && l["move"] == notation),
            "{arguments:?} {typed}: {lines:?}"
        );
    }
}

/// Issue 28: `play thirty-one` without a position starts from the opening, as
/// `games thirty-one` says; a negative-looking position word is one sentence.
#[test]
fn play_without_a_position_and_a_negative_position() {
    let output = play(&["thirty-one", "--format", "json"], "quit\n");
    assert!(output.status.success());
    assert!(text(&output).contains("\"turn\":0"));
    let output = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(["moves", "wythoff", "-1,2"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    let error = String::from_utf8_lossy(&output.stderr);
    assert_eq!(error.lines().count(), 1, "{error}");
    assert!(error.contains("'-1,2' is not a position"), "{error}");
    let output = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(["moves", "count-to:3", "5", "9"])
        .output()
        .expect("runs");
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(
        error.contains("'5 9' is not a count-to:3 position"),
        "{error}"
    );
}
