//! Strategic-form games: Gambit `.nfg` (both versions), CSV and JSON matrices, read as
//! the faces read them (`parse_game_text` with the extension chosen by the first byte,
//! or guessed from the content). A game read is written back as `.nfg` and JSON and
//! read again: the same strategy counts and payoffs must come back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague_strategic::input::parse_game_text;
use sprague_strategic::matrix_io::{read_json, write_json};
use sprague_strategic::nfg::{read_nfg, write_nfg};
use sprague_strategic::NormalFormGame;

fn same_payoffs(a: &NormalFormGame, b: &NormalFormGame) -> bool {
    a.strategy_counts() == b.strategy_counts()
        && (0..a.num_profiles()).all(|i| a.payoffs_at(i) == b.payoffs_at(i))
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let extension = match selector % 4 {
        0 => Some("nfg"),
        1 => Some("csv"),
        2 => Some("json"),
        _ => None,
    };
    let Ok(game) = parse_game_text(text, extension) else {
        return;
    };
    if game.num_profiles() > 10_000 {
        return;
    }
    let again = read_nfg(&write_nfg(&game)).expect("a written .nfg reads back");
    assert!(
        same_payoffs(&game, &again),
        ".nfg round trip changed the game"
    );
    if let Ok(json) = write_json(&game) {
        let again = read_json(&json).expect("written JSON reads back");
        assert!(
            same_payoffs(&game, &again),
            "JSON round trip changed the game"
        );
    }
});
