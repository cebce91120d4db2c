//! Perfect-information game trees: JSON (nested or flat), Gambit `.efg` and the text
//! form (`GameTree::from_json`, `from_efg`, `parse`), chosen by the first byte; a tree
//! read is solved by backward induction and its equilibrium path named.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague_strategic::game_tree::GameTree;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let tree = match selector % 3 {
        0 => GameTree::from_json(text),
        1 => GameTree::from_efg(text),
        _ => GameTree::parse(text),
    };
    let Ok(tree) = tree else {
        return;
    };
    if tree.nodes.len() > 10_000 {
        return;
    }
    let solution = tree.solve();
    let _ = tree.equilibrium_path(&solution);
});
