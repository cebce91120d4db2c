//! Periodicity of take-and-break sequences, proven while computing.
//!
//! **The generalised Guy–Smith theorem.** Let a take-and-break rule remove at
//! most t tokens and leave at most j heaps per move (j = 2 for octal codes, 3
//! for hexadecimal codes with bit 8). If g(n + p) = g(n) for every n with
//! n₀ ≤ n < j·(n₀ + p) + t − p, then it holds for every n ≥ n₀, so the values
//! g(0 .. j·(n₀ + p) + t) decide the whole sequence. Proof sketch: by induction
//! on n; every option of n + p leaves heaps summing to at least n + p − t, so its
//! largest heap x satisfies x ≥ (n + p − t)/j ≥ n₀ + p and can be shortened by p
//! without changing its value; conversely every option of n has a heap
//! ≥ (n − t)/j ≥ n₀ that can be lengthened by p. For j = 2 this is the theorem
//! of Guy & Smith (1956), for general codes Gangolli & Plambeck, "A note on
//! periodicity in some octal games", *Int. J. Game Theory* 18 (1989) 311–320;
//! *Winning Ways*, 2nd ed., ch. 4. The argument needs every heap of an option
//! to be free to change by p, so it does not apply to Grundy's game, whose
//! split must be unequal: its periods are only ever observed.
//!
//! **`rule:` games.** A rule without `u` is an octal or hexadecimal code read
//! move by move (removal i with parts {0, 1, 2, 3} is bits 1, 2, 4, 8 of dᵢ),
//! so the theorem above proves its periods with the same j and t, and the
//! records name the same theorem as for the code. A rule with an unequal
//! split (`2u`, `3u`) is not covered: shortening the largest heap of an
//! unequal option by p can make two heaps equal, an option the rule does not
//! allow, so the induction step fails. No variant of the theorem is known for
//! such rules (Grundy's game, the simplest, is conjectured but not known to be
//! ultimately periodic: *Winning Ways*, ch. 4; R. K. Guy, *Unsolved Problems
//! in Combinatorial Games*, 1996), and their periods are reported as observed
//! only ([`crate::TakeBreak::theorem`] is `None`).
//!
//! The shortening step needs x − p ≥ 1, so the proof uses max(n₀, 1) in place
//! of n₀ (see [`sprague_engine::PeriodicityTheorem::values_needed`]).
//!
//! The search is `sprague_engine::find_period`, generic over the value type, so
//! it works on the narrow stored values directly (no copy of a table of 10⁸ values).

/// The smallest period of `values` that `theorem` proves, or else the smallest
/// observed period (the periodic tail holds at least two periods).
///
/// ```
/// use sprague_engine::PeriodicityTheorem;
/// use sprague_takebreak::period::find_period;
/// let values: Vec<u8> = (0..200u32).map(|n| if n < 5 { 9 } else { (n % 3) as u8 }).collect();
/// let found = find_period(&values, Some(PeriodicityTheorem::GuySmith { digits: 2 })).unwrap();
/// assert_eq!((found.preperiod, found.period, found.proven), (5, 3, true));
/// ```
pub use sprague_engine::find_period;

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_engine::PeriodicityTheorem;

    #[test]
    fn three_part_codes_need_more_values() {
        let theorem = PeriodicityTheorem::GuySmithGeneral {
            parts: 3,
            digits: 1,
        };
        assert_eq!(theorem.values_needed(10, 4), 43);
        let mut values = vec![7u8; 10];
        values.extend((0..100u8).map(|n| n % 4));
        assert!(!find_period(&values[..42], Some(theorem)).unwrap().proven);
        assert!(find_period(&values[..43], Some(theorem)).unwrap().proven);
    }
}
