//! Game descriptions (`kayles`, `subtraction:1,3,4`, `digraph:a>b`, …), positions and
//! moves, through the parser every face uses: `parse_game`, `PlayableGame::position`,
//! `PlayableGame::parse_move`. The input is up to three lines: the description, the
//! position's words, a move. Descriptions naming files (`@path`) are skipped.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague_games::parse_game;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut lines = text.splitn(3, '\n');
    let description = lines.next().unwrap_or("");
    if description.contains('@') {
        return;
    }
    let Ok(game) = parse_game(description) else {
        return;
    };
    let _ = game.title();
    let _ = game.position_syntax();
    let words: Vec<String> = lines
        .next()
        .unwrap_or("")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let Ok(position) = game.position(&words) else {
        return;
    };
    let _ = position.board.text();
    if let Some(notation) = lines.next() {
        let _ = game.parse_move(&position, notation);
    }
});
