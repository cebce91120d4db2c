//! Cooperative games: inline specs (`[q; w1, ...]`, `glove:L,R`, `airport:...`,
//! `bankruptcy:E:...`) and game files (JSON coalition tables, `{"quota", "weights"}`),
//! through `GameInput::parse_inline` and `GameInput::from_document`, chosen by the first
//! byte. A game read answers its player count and names; small tables are built.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague_cooperative::input::GameInput;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let game = if selector % 2 == 0 {
        GameInput::parse_inline(text).ok().flatten()
    } else {
        GameInput::from_document(text).ok()
    };
    let Some(game) = game else {
        return;
    };
    let _ = game.names();
    if game.players() <= 12 {
        let _ = game.table("fuzzing");
    }
});
