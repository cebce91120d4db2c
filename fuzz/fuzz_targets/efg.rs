//! Extensive games with imperfect information and chance: Gambit `.efg`
//! (`extensive::efg::read_efg`) and the JSON form (`ExtensiveGame::from_json`), chosen
//! by the first byte. A game read is written as `.efg` and read again: the same JSON
//! must come back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague_strategic::extensive::efg::{read_efg, write_efg};
use sprague_strategic::extensive::ExtensiveGame;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let game = if selector % 2 == 0 {
        read_efg(text)
    } else {
        ExtensiveGame::from_json(text)
    };
    let Ok(game) = game else {
        return;
    };
    let json = game.to_json();
    let again = read_efg(&write_efg(&game)).expect("a written .efg reads back");
    assert_eq!(json, again.to_json(), ".efg round trip changed the game");
});
