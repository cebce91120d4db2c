//! Nim arithmetic expressions (`sprague nimber EXPR`): `sprague_nimber::expression::evaluate`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = sprague_nimber::expression::evaluate(text);
    }
});
