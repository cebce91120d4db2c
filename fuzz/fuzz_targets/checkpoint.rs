//! Take-and-break checkpoints: `checkpoint::parse_checkpoint` for three games (by the
//! first byte's low bits). When its bit 2 is set the harness appends the CRC-32 of the
//! rest, so that mutated headers and bodies get past the checksum to the later checks.
//! Values read must number what the header says.
#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use sprague_takebreak::checkpoint::parse_checkpoint;
use sprague_takebreak::TakeBreak;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let rule = match selector % 4 {
        0 => TakeBreak::grundy(),
        1 => TakeBreak::octal("0.77").expect("Kayles"),
        2 => TakeBreak::hexadecimal("0.F").expect("a hexadecimal code"),
        _ => TakeBreak::octal("4.007").expect("an octal code"),
    };
    let mut bytes = rest.to_vec();
    if selector & 4 != 0 {
        let crc = crc32(&bytes);
        bytes.extend_from_slice(&crc.to_le_bytes());
    }
    if let Ok(table) = parse_checkpoint(&bytes, Path::new("fuzz.ckpt"), &rule) {
        let name_length = u32::from_le_bytes(bytes[12..16].try_into().expect("4 bytes")) as usize;
        let at = 16 + name_length + 1;
        let count = u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
        assert_eq!(
            table.len() as u64,
            count,
            "as many values as the header says"
        );
    }
});

/// CRC-32 (IEEE), bit by bit: the harness's own, independent of the reader's crate.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}
