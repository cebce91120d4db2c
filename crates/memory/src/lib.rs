//! Checking that a computation fits in memory before allocating for it.
//!
//! Large tables (g(0..N) for N in the billions) are refused with a clear
//! message saying how much memory they would need, instead of failing in the
//! allocator. What may be used is the least of three headrooms, each read
//! where the system has it: the machine's available memory (`/proc/meminfo`,
//! `MemAvailable`), the process's address-space limit (`RLIMIT_AS`, as
//! `ulimit -v` sets it: the soft limit in `/proc/self/limits` less the
//! address space already mapped, `VmSize` in `/proc/self/status`), and the
//! memory limit of the process's control group (cgroup v2 `memory.max` less
//! `memory.current`, or v1 `memory.limit_in_bytes` less
//! `memory.usage_in_bytes`) — a container's or a job scheduler's limit.

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

/// Bytes of memory this process may plan to use: 80% of the least headroom
/// (machine, address-space limit, control group; see the module
/// documentation).
pub fn available_bytes() -> u128 {
    let read = |path: &str| std::fs::read_to_string(path).ok();
    let machine = read("/proc/meminfo")
        .and_then(|text| meminfo_available(&text))
        .unwrap_or(DEFAULT_AVAILABLE);
    let address_space = read("/proc/self/limits")
        .and_then(|limits| address_space_limit(&limits))
        .map(|limit| {
            let mapped = read("/proc/self/status")
                .and_then(|status| status_kib(&status, "VmSize:"))
                .unwrap_or(0);
            limit.saturating_sub(mapped)
        });
    let cgroup = read("/proc/self/cgroup").and_then(|text| cgroup_headroom(&text, &read));
    [Some(machine), address_space, cgroup]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(DEFAULT_AVAILABLE)
        / 5
        * 4
}

/// `MemAvailable` of `/proc/meminfo`, in bytes.
fn meminfo_available(meminfo: &str) -> Option<u128> {
    status_kib(meminfo, "MemAvailable:")
}

/// A `NAME:  N kB` line of `/proc/meminfo` or `/proc/self/status`, in bytes.
fn status_kib(text: &str, name: &str) -> Option<u128> {
    text.lines()
        .find(|line| line.starts_with(name))
        .and_then(|line| line.split_whitespace().nth(1))
        .and_then(|kib| kib.parse::<u128>().ok())
        .map(|kib| kib * 1024)
}

/// The soft `Max address space` of `/proc/self/limits` in bytes; `None`
/// when unlimited.
///
/// ```text
/// Limit                     Soft Limit           Hard Limit           Units
/// Max address space         4294967296           unlimited            bytes
/// ```
fn address_space_limit(limits: &str) -> Option<u128> {
    let line = limits
        .lines()
        .find(|line| line.starts_with("Max address space"))?;
    line["Max address space".len()..]
        .split_whitespace()
        .next()?
        .parse::<u128>()
        .ok()
}

/// Limits at or above this mean "no limit" (cgroup v1 writes 2^63 rounded
/// down to a page).
const NO_LIMIT: u128 = 1 << 62;

/// The memory a control group still allows, from `/proc/self/cgroup` and
/// the group's files (read through `read`); `None` without a limit.
fn cgroup_headroom(cgroups: &str, read: &dyn Fn(&str) -> Option<String>) -> Option<u128> {
    let number = |path: String| -> Option<u128> { read(&path)?.trim().parse::<u128>().ok() };
    cgroups.lines().find_map(|line| {
        let mut fields = line.splitn(3, ':');
        let (id, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
        let path = path.trim_end_matches('/');
        let (limit, usage) = if id == "0" && controllers.is_empty() {
            let dir = format!("/sys/fs/cgroup{path}");
            (
                number(format!("{dir}/memory.max"))?,
                number(format!("{dir}/memory.current")).unwrap_or(0),
            )
        } else if controllers.split(',').any(|c| c == "memory") {
            let dir = format!("/sys/fs/cgroup/memory{path}");
            (
                number(format!("{dir}/memory.limit_in_bytes"))?,
                number(format!("{dir}/memory.usage_in_bytes")).unwrap_or(0),
            )
        } else {
            return None;
        };
        (limit < NO_LIMIT).then(|| limit.saturating_sub(usage))
    })
}

/// Succeeds when `needed` bytes (for `what`) fit in the available memory.
///
/// ```
/// use sprague_memory::check_allocation;
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
/// assert_eq!(sprague_memory::format_bytes(3 << 29), "1.5 GiB");
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_address_space_limit_is_read_from_proc_self_limits() {
        let limited = "Limit                     Soft Limit           Hard Limit           Units\n\
                       Max cpu time              unlimited            unlimited            seconds\n\
                       Max address space         4294967296           unlimited            bytes\n";
        assert_eq!(address_space_limit(limited), Some(4 << 30));
        let unlimited =
            "Max address space         unlimited            unlimited            bytes\n";
        assert_eq!(address_space_limit(unlimited), None);
        assert_eq!(address_space_limit(""), None);
    }

    #[test]
    fn sizes_in_kib_are_read_from_status_lines() {
        let status = "Name:\tsprague\nVmPeak:\t  20000 kB\nVmSize:\t   8192 kB\n";
        assert_eq!(status_kib(status, "VmSize:"), Some(8192 * 1024));
        assert_eq!(
            meminfo_available("MemTotal: 100 kB\nMemAvailable: 64 kB\n"),
            Some(64 * 1024)
        );
        assert_eq!(status_kib(status, "VmRSS:"), None);
    }

    #[test]
    fn cgroup_limits_of_both_versions() {
        let files = |answers: &'static [(&'static str, &'static str)]| {
            move |path: &str| {
                answers
                    .iter()
                    .find(|(p, _)| *p == path)
                    .map(|(_, text)| text.to_string())
            }
        };
        let v2 = files(&[
            ("/sys/fs/cgroup/job/memory.max", "1073741824\n"),
            ("/sys/fs/cgroup/job/memory.current", "73741824\n"),
        ]);
        assert_eq!(cgroup_headroom("0::/job\n", &v2), Some(1_000_000_000));
        let unlimited_v2 = files(&[("/sys/fs/cgroup/job/memory.max", "max\n")]);
        assert_eq!(cgroup_headroom("0::/job\n", &unlimited_v2), None);
        let v1 = files(&[
            (
                "/sys/fs/cgroup/memory/a/b/memory.limit_in_bytes",
                "2147483648\n",
            ),
            (
                "/sys/fs/cgroup/memory/a/b/memory.usage_in_bytes",
                "147483648\n",
            ),
        ]);
        let cgroups = "9:name=systemd:/\n4:memory:/a/b\n0::/\n";
        assert_eq!(cgroup_headroom(cgroups, &v1), Some(2_000_000_000));
        let unlimited_v1 = files(&[(
            "/sys/fs/cgroup/memory/a/b/memory.limit_in_bytes",
            "9223372036854771712\n",
        )]);
        assert_eq!(cgroup_headroom(cgroups, &unlimited_v1), None);
    }
}
