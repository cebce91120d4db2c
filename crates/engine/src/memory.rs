//! Checking that a computation fits in memory before allocating for it.
//!
//! Large tables (g(0..N) for N in the billions) are refused with a clear
//! message saying how much memory they would need, instead of failing in the
//! allocator. The available memory is read from `/proc/meminfo`
//! (`MemAvailable`) where the system has it.

use thiserror::Error;

/// A request that would not fit in memory.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{what} would need {} of memory, but only {} is available", format_bytes(*.needed), format_bytes(*.available))]
pub struct MemoryError {
    /// What the memory was for.
    pub what: String,
    /// Bytes the request needs.
    pub needed: u128,
    /// Bytes that may be used.
    pub available: u128,
}

/// Fallback budget when the system does not say how much memory is free.
const DEFAULT_AVAILABLE: u128 = 4 << 30;

/// Bytes of memory this process may plan to use: 80% of what the system reports available.
pub fn available_bytes() -> u128 {
    let reported = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|line| line.starts_with("MemAvailable:"))
                .and_then(|line| line.split_whitespace().nth(1))
                .and_then(|kib| kib.parse::<u128>().ok())
        })
        .map(|kib| kib * 1024)
        .unwrap_or(DEFAULT_AVAILABLE);
    reported / 5 * 4
}

/// Succeeds when `needed` bytes (for `what`) fit in the available memory.
///
/// ```
/// use sprague_engine::check_allocation;
/// assert!(check_allocation(1024, "a small table").is_ok());
/// let error = check_allocation(1 << 80, "g(0..=2^77)").unwrap_err();
/// assert!(error.to_string().starts_with("g(0..=2^77) would need"));
/// ```
pub fn check_allocation(needed: u128, what: &str) -> Result<(), MemoryError> {
    let available = available_bytes();
    if needed <= available {
        Ok(())
    } else {
        Err(MemoryError {
            what: what.to_string(),
            needed,
            available,
        })
    }
}

/// A byte count in binary units: "512 B", "1.5 GiB".
///
/// ```
/// assert_eq!(sprague_engine::memory::format_bytes(3 << 29), "1.5 GiB");
/// ```
pub fn format_bytes(bytes: u128) -> String {
    const UNITS: [&str; 7] = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} B")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}
