//! Partizan rulesets in `sprague analyze` and `sprague games`. Values are
//! derived by hand from the rules (or cited: Winning Ways, 2nd ed., by
//! chapter), not taken from the program.

mod common;

use common::{json_formatted, sprague, usage_error};
use serde_json::Value;

fn analyze(game: &str, position: &[&str]) -> Value {
    let mut arguments = vec!["analyze", game];
    arguments.extend(position);
    json_formatted(&arguments)
}

fn notations(moves: &Value) -> Vec<&str> {
    moves
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect()
}

#[test]
fn domineering_values_and_winning_moves() {
    // 2×2: Left's vertical domino leaves a 2×1 column (worth 1 to Left), Right's
    // horizontal one a 1×2 row (worth −1): {1 | −1} = ±1 (Winning Ways ch. 5).
    let g = analyze("domineering", &["..|.."]);
    assert_eq!(g["canonical_form"], "±1");
    assert_eq!(g["outcome"], "N");
    assert_eq!(g["temperature"], "1");
    assert_eq!(notations(&g["left_winning_moves"]), ["1,1", "1,2"]);
    assert_eq!(notations(&g["right_winning_moves"]), ["1,1", "2,1"]);
    assert_eq!(g["left_winning_moves"][0]["to"], "#.|#.");
    assert_eq!(g["left_winning_moves"][0]["value"], "1");
    // A column of two: one move for Left, none for Right: {0 | } = 1.
    let column = analyze("domineering", &[".|."]);
    assert_eq!(column["canonical_form"], "1");
    assert_eq!(column["outcome"], "L");
    assert_eq!(column["right_moves"], 0);
    // A row of three: Right's two moves leave one square (0): { | 0} = −1.
    assert_eq!(analyze("domineering", &["..."])["canonical_form"], "-1");
    // Filled squares split the board: a column of two beside a row of two, 1 + (−1) = 0.
    let split = analyze("domineering", &[".#..|.###"]);
    assert_eq!(split["canonical_form"], "0");
    assert_eq!(split["outcome"], "P");
    assert!(split["left_winning_moves"].as_array().unwrap().is_empty());
}

#[test]
fn domineering_text_names_the_moves() {
    let output = sprague(&["analyze", "domineering", "..|.."]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.starts_with("Domineering, position ..|..\n"), "{text}");
    assert!(text.contains("Value: ±1"), "{text}");
    assert!(
        text.contains("Outcome: N — the first player wins"),
        "{text}"
    );
    assert!(
        text.contains("1,1  vertical domino on 1,1 and 2,1  →  #.|#.  (value 1)"),
        "{text}"
    );
}

#[test]
fn hackenbush_strings_and_graphs() {
    // Sign expansion (Winning Ways ch. 2): BRB = 1 − 1/2 + 1/4 = 3/4; RR = −2.
    assert_eq!(
        analyze("blue-red-hackenbush", &["BRB"])["canonical_form"],
        "3/4"
    );
    let sum = analyze("blue-red-hackenbush", &["BRB", "RR"]);
    assert_eq!(sum["canonical_form"], "-5/4");
    assert_eq!(sum["outcome"], "R");
    // Right's winning cuts leave B + RR = −1 and BRB + R = −1/4; cutting the bottom
    // red edge of RR leaves 3/4 > 0.
    assert_eq!(notations(&sum["right_winning_moves"]), ["1:2", "2:2"]);
    // `hackenbush` with coloured strings is the partizan game; Green Hackenbush is unchanged.
    assert_eq!(analyze("hackenbush", &["BRB"])["canonical_form"], "3/4");
    let green = json_formatted(&["analyze", "hackenbush", "g-a,a-b"]);
    assert_eq!(green["grundy"], 2);
    // A graph: a blue edge on the ground with a red one on top, {0 | 1} = 1/2; a green
    // edge alone is {0 | 0} = *.
    assert_eq!(
        analyze("blue-red-hackenbush", &["0-1:b 1-2:r"])["canonical_form"],
        "1/2"
    );
    assert_eq!(analyze("hackenbush", &["0-1:g"])["canonical_form"], "*");
}

#[test]
fn toads_clobber_cutcake_col_snort() {
    // T.F: Left to .TF, where only Right moves (to FT., worth 1): {|1} = 0; Right to TF.,
    // where only Left moves (to .FT, worth −1): {−1|} = 0. So {0 | 0} = *.
    assert_eq!(analyze("toads-and-frogs", &["T.F"])["canonical_form"], "*");
    // TF: neither can move.
    assert_eq!(analyze("toads", &["TF"])["canonical_form"], "0");
    // Clobber xo: each player's one move leaves a lone stone: {0 | 0} = *.
    assert_eq!(analyze("clobber", &["xo"])["canonical_form"], "*");
    // xoo: Left to .xo = *, Right to o.o = 0: {* | 0} = ↓.
    assert_eq!(analyze("clobber", &["xoo"])["canonical_form"], "v");
    // Konane .xo.: each player's one jump empties the board: {0 | 0} = *. In xo.o. Left
    // jumps one stone (to ..xo. = *) or two (to ....x = 0), Right none: {0, * | } = 1.
    assert_eq!(analyze("konane", &[".xo."])["canonical_form"], "*");
    let konane = analyze("konane", &["xo.o."]);
    assert_eq!(konane["canonical_form"], "1");
    assert_eq!(konane["left_moves"], 2);
    assert_eq!(notations(&konane["left_winning_moves"]), ["1,1-1,5"]);
    // Cutcake (Winning Ways ch. 2): 1×2 = {0 | } = 1; 3×4 = 1 with Left's winning cut
    // into 3×2 + 3×2 (0 + 0), not into 3×1 + 3×3 (−2 + 0).
    assert_eq!(analyze("cutcake", &["1x2"])["canonical_form"], "1");
    let cake = analyze("cutcake", &["3x4"]);
    assert_eq!(cake["canonical_form"], "1");
    assert_eq!(cake["left_moves"], 2);
    assert_eq!(notations(&cake["left_winning_moves"]), ["3x4=3x2+3x2"]);
    assert_eq!(analyze("cutcake", &["3x4", "1x2"])["canonical_form"], "2");
    // Col on one edge: Left's colouring leaves the other vertex to Right only (−1), and
    // Right's to Left (1): {−1 | 1} = 0. Snort on one edge: {1 | −1} = ±1 (Winning Ways ch. 2).
    assert_eq!(analyze("col", &["..:0-1"])["canonical_form"], "0");
    assert_eq!(analyze("snort", &["2:0-1"])["canonical_form"], "±1");
    // Snort on a path of three: colouring the middle vertex reserves both ends (2 or −2).
    let snort = analyze("snort", &["...:0-1 1-2"]);
    assert_eq!(notations(&snort["left_winning_moves"]), ["1"]);
    assert_eq!(snort["left_winning_moves"][0]["value"], "2");
}

#[test]
fn impartial_games_are_unchanged() {
    let kayles = json_formatted(&["analyze", "kayles", "3", "4"]);
    assert!(kayles.get("canonical_form").is_none());
    assert_eq!(kayles["grundy"], 3 ^ 1);
}

#[test]
fn games_lists_the_partizan_rulesets() {
    let all = json_formatted(&["games"]);
    let games = all["games"].as_array().unwrap();
    for name in [
        "domineering",
        "blue-red-hackenbush",
        "toads-and-frogs",
        "clobber",
        "konane",
        "cutcake",
        "col",
        "snort",
    ] {
        let game = games.iter().find(|g| g["name"] == name).expect(name);
        assert_eq!(game["partizan"], true);
    }
    // Impartial games keep the keys `sprague serve` gives them (no `partizan` key).
    assert!(games
        .iter()
        .find(|g| g["name"] == "kayles")
        .unwrap()
        .get("partizan")
        .is_none());
    let one = json_formatted(&["games", "domineering"]);
    assert!(one["position_syntax"].as_str().unwrap().contains("'|'"));
    let text = String::from_utf8(sprague(&["games", "toads"]).stdout).unwrap();
    assert!(text.starts_with("toads-and-frogs\n"), "{text}");
}

#[test]
fn bad_positions_are_one_sentence_with_exit_code_2() {
    for (game, position) in [
        ("domineering", "..|.x"),
        ("domineering", "..|..."),
        ("blue-red-hackenbush", "BGR"),
        ("blue-red-hackenbush", "0-1:q"),
        ("toads-and-frogs", "T-F"),
        ("clobber", "xo|x"),
        ("konane", "xo|x"),
        ("konane", "xq"),
        ("cutcake", "3x"),
        ("col", "..:0-5"),
        ("snort", "x.:0-1"),
    ] {
        let message = usage_error(&["analyze", game, position]);
        assert!(message.contains("position"), "{message}");
    }
    assert!(usage_error(&["analyze", "domineering", "..", ".."]).contains("one position"));
    let wide = ".".repeat(200);
    usage_error(&["analyze", "domineering", &wide]);
}

/// Runs `sprague play ARGS` with `input` on standard input.
fn play(arguments: &[&str], input: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
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

/// The JSON lines of a scripted game; the last one names the winner.
fn winner(arguments: &[&str], input: &str) -> String {
    let mut all = arguments.to_vec();
    all.extend(["--format", "json"]);
    let output = play(&all, input);
    assert!(
        output.status.success(),
        "{arguments:?} {input:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).unwrap();
    let last: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    last["winner"].as_str().unwrap().to_string()
}

#[test]
fn the_computer_wins_domineering_whenever_it_can() {
    // ±1 (the 2×2 board): the first player wins, so the computer moving first wins
    // whatever Right answers, whichever first move Right picks.
    for reply in ["#1\n", "#2\n"] {
        let input = reply.repeat(4);
        assert_eq!(
            winner(
                &[
                    "domineering",
                    "..|..",
                    "--side",
                    "right",
                    "--first",
                    "computer"
                ],
                &input
            ),
            "computer"
        );
    }
    // 1 + (−1) = 0: the second player wins, so the computer moving second wins.
    assert_eq!(
        winner(&["domineering", ".#..|.###"], &"#1\n".repeat(4)),
        "computer"
    );
    // {1/2 | −2} (a 3×2 board, three rows of two): Left moving first wins by 1/2; the
    // computer as Left first wins against every line of Right (a reply beyond the moves
    // left is refused, and the next line is read).
    for reply in ["#1\n", "#2\n#1\n", "#3\n#2\n#1\n"] {
        assert_eq!(
            winner(
                &[
                    "domineering",
                    "..|..|..",
                    "--side",
                    "right",
                    "--first",
                    "computer"
                ],
                &reply.repeat(6)
            ),
            "computer"
        );
    }
    // A column of two: Left's one move, then Right has none: you win.
    assert_eq!(winner(&["domineering", ".|."], "1,1\n"), "you");
}

#[test]
fn play_reads_moves_and_refuses_bad_ones() {
    let output = play(&["domineering", "..|..|.."], "9,9\nhint\n1,2\n");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("'9,9' is not a move of Left here"), "{text}");
    assert!(text.contains("hint: 1,1"), "{text}");
    assert!(
        text.contains("you: 1,2  (vertical domino on 1,2 and 2,2)"),
        "{text}"
    );
    // The input ends before the game does: one sentence, exit 2.
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("the input ended"));
    assert!(usage_error(&["play", "kayles", "3", "--side", "left"]).contains("--side"));
    assert!(usage_error(&["play", "domineering", "..", "--misere"]).contains("normal play"));
}

#[test]
fn northcott_as_a_partizan_game() {
    // Gaps 3 and 2: *3 + *2 = *1, the first player wins by closing the gap of 3 to 2.
    let a = analyze("northcott-partizan", &["B...W.", ".W..B"]);
    assert_eq!(a["canonical_form"], "*");
    assert_eq!(a["outcome"], "N");
    assert_eq!(notations(&a["left_winning_moves"]), ["1:1->2"]);
    // Right also wins by widening the gap of 2 to 3 (its piece has room behind it).
    assert_eq!(notations(&a["right_winning_moves"]), ["1:5->4", "2:2->1"]);
    // The computer (Left) closes the gap; Right's retreat is answered by the same advance,
    // and Right, at the edge, has no move left.
    assert_eq!(
        winner(
            &[
                "northcott-partizan",
                "B..W.",
                "--side",
                "right",
                "--first",
                "computer"
            ],
            "1:4->5\n"
        ),
        "computer"
    );
}

/// Beyond 30 empty squares `analyze domineering` answers the outcome by search. Four
/// columns of eight squares (blocked columns between them): Right has no move at all and
/// Left has 4 × 7, so Left wins whoever starts (L), and every Left move wins.
#[test]
fn large_domineering_boards_get_the_outcome_by_search() {
    let row = ".#.#.#.";
    let board = [row; 8].join("|");
    let g = analyze("domineering", &[&board]);
    assert_eq!(g["canonical_form"], Value::Null);
    assert_eq!(g["outcome"], "L");
    assert_eq!(g["left_first_wins"], true);
    assert_eq!(g["right_first_wins"], false);
    assert_eq!(g["left_winning_moves"].as_array().unwrap().len(), 28);
    assert_eq!(g["right_winning_moves"].as_array().unwrap().len(), 0);
    assert_eq!(g["left_winning_moves"][0]["notation"], "1,1");
}

/// `table domineering` agrees board by board with the outcome of the canonical form that
/// `analyze` computes (a different algorithm), and refuses sides beyond 11.
#[test]
fn the_domineering_table_agrees_with_canonical_forms() {
    let table = json_formatted(&["table", "domineering", "--to", "4"]);
    let boards = table["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 16);
    for b in boards {
        let (rows, cols) = (b["rows"].as_u64().unwrap(), b["cols"].as_u64().unwrap());
        let text = vec![".".repeat(cols as usize); rows as usize].join("|");
        let exact = analyze("domineering", &[&text]);
        assert_eq!(b["outcome"], exact["outcome"], "{rows}×{cols}");
    }
    let message = usage_error(&["table", "domineering", "--to", "12"]);
    assert!(message.contains("from 1 to 11"), "{message}");
}

#[test]
fn canonical_form_searches_show_progress_on_stderr_only() {
    // 4×6 Domineering: 16,237 regions, a spinner or plain "progress:" lines of regions.
    let board = "......|......|......|......";
    common::progress_leaves_the_answer_alone(&["analyze", "domineering", board], "regions");
    // Even a short search leaves its final count.
    let shown = sprague(&["analyze", "domineering", board, "--progress"]);
    let stderr = String::from_utf8(shown.stderr).unwrap();
    assert!(
        stderr
            .lines()
            .any(|line| line.starts_with("progress: ") && line.contains(" regions, done in")),
        "{stderr}"
    );
}

#[test]
fn play_on_a_board_beyond_canonical_forms_is_refused_at_once() {
    // 36 empty squares: the canonical-form search would run 17 s before its limits stopped it.
    let started = std::time::Instant::now();
    let message = usage_error(&[
        "play",
        "domineering",
        "......|......|......|......|......|......",
    ]);
    assert!(message.contains("at most 30"), "{message}");
    assert!(
        started.elapsed().as_secs_f64() < 2.0,
        "{:?}",
        started.elapsed()
    );
    // analyze still answers it, by the outcome search.
    assert_eq!(
        analyze(
            "domineering",
            &["......|......|......|......|......|......"]
        )["outcome"],
        "N"
    );
}

#[test]
fn a_canonical_form_past_the_budget_gives_the_outcome_by_search() {
    // 5×6 Domineering (30 empty squares) takes about 6 s for its canonical form: past the
    // library's 2 s budget the answer is its outcome class by search, and says so. (A machine
    // fast enough to finish first gives the canonical form, −3/2: the same outcome.)
    let started = std::time::Instant::now();
    let record = analyze("domineering", &["......|......|......|......|......"]);
    assert!(
        started.elapsed().as_secs_f64() < 4.0,
        "{:?}",
        started.elapsed()
    );
    assert_eq!(record["outcome"], "R");
    if record["canonical_form"].is_null() {
        let skipped = record["skipped"].as_str().unwrap();
        assert!(skipped.contains("not found within 2 s"), "{skipped}");
    } else {
        assert_eq!(record["canonical_form"], "-3/2");
    }
}
