//! Dawson's Kayles: a row of pins; knock down exactly two adjacent pins.
//!
//! The octal game 0.07 (*Winning Ways*, ch. 4). It is Dawson's chess (0.137,
//! pawns on a 3×n board) shifted by one: g₀.₀₇(n + 1) = g₀.₁₃₇(n). Its values
//! are ultimately periodic with period 34 from n = 53 on (Guy & Smith 1956).
//! Treblecross (0.007) and Dawson's chess (0.137) are listed beside it.

use crate::octal::OctalGame;

/// Dawson's Kayles, as the octal game 0.07.
///
/// ```
/// assert_eq!(sprague_games::dawsons_kayles::dawsons_kayles().to_string(), "0.07");
/// ```
pub fn dawsons_kayles() -> OctalGame {
    "0.07"
        .parse()
        .unwrap_or_else(|_| unreachable!("0.07 is a valid octal code"))
}

/// Dawson's chess, as the octal game 0.137.
///
/// ```
/// assert_eq!(sprague_games::dawsons_kayles::dawsons_chess().to_string(), "0.137");
/// ```
pub fn dawsons_chess() -> OctalGame {
    "0.137"
        .parse()
        .unwrap_or_else(|_| unreachable!("0.137 is a valid octal code"))
}

/// Treblecross (one-dimensional tic-tac-toe with crosses only), as the octal game 0.007.
///
/// ```
/// assert_eq!(sprague_games::dawsons_kayles::treblecross().to_string(), "0.007");
/// ```
pub fn treblecross() -> OctalGame {
    "0.007"
        .parse()
        .unwrap_or_else(|_| unreachable!("0.007 is a valid octal code"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_engine::sweep;

    /// OEIS A002187 (Dawson's chess), shifted by one for Dawson's Kayles: g(0..=86).
    const DAWSONS_KAYLES: [u64; 87] = [
        0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0,
        4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0,
        2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9,
    ];

    #[test]
    fn dawsons_kayles_matches_oeis_and_has_period_34_from_53() {
        let values = sweep(&dawsons_kayles(), 86, 1000).unwrap();
        let computed: Vec<u64> = (0..87).map(|n| values.get(n).unwrap()).collect();
        assert_eq!(computed, DAWSONS_KAYLES);
        let period = values.periodicity().unwrap();
        assert_eq!(
            (period.preperiod, period.period, period.proven),
            (53, 34, true)
        );
    }

    #[test]
    fn dawsons_chess_is_dawsons_kayles_shifted_by_one() {
        let kayles = sweep(&dawsons_kayles(), 500, 0).unwrap();
        let chess = sweep(&dawsons_chess(), 499, 0).unwrap();
        for n in 0..500 {
            assert_eq!(chess.get(n), kayles.get(n + 1), "n = {n}");
        }
    }
}
