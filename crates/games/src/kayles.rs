//! Kayles: a row of pins; knock down one pin or two adjacent pins.
//!
//! Knocking pins out of the middle splits the row in two, so Kayles is the
//! octal game 0.77 (Dudeney 1908; Guy & Smith 1956; *Winning Ways*, ch. 4).
//! Its values are ultimately periodic with period 12 from n = 71 on, proven by
//! the Guy–Smith theorem once g(0..=167) is known.

use crate::octal::OctalGame;

/// Kayles, as the octal game 0.77.
///
/// ```
/// let kayles = sprague_games::kayles::kayles();
/// assert_eq!(kayles.to_string(), "0.77");
/// ```
pub fn kayles() -> OctalGame {
    "0.77"
        .parse()
        .unwrap_or_else(|_| unreachable!("0.77 is a valid octal code"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_engine::sweep;

    /// OEIS A002186 (Sprague–Grundy values for Kayles), n = 0..=83.
    const A002186: [u64; 84] = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
        7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7,
        4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
    ];

    #[test]
    fn values_match_oeis_and_the_period_is_proven() {
        let values = sweep(&kayles(), 83, 1000).unwrap();
        let computed: Vec<u64> = (0..84).map(|n| values.get(n).unwrap()).collect();
        assert_eq!(computed, A002186);
        let period = values.periodicity().unwrap();
        assert_eq!(
            (period.preperiod, period.period, period.proven),
            (71, 12, true)
        );
    }
}
