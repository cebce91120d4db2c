//! Assignment games (Shapley and Shubik, "The assignment game I: the core",
//! International Journal of Game Theory 1, 1971): a two-sided market of m
//! buyers and k sellers where buyer i and seller j together create the
//! surplus aᵢⱼ ≥ 0; a coalition is worth the largest total surplus of a
//! matching between its buyers and its sellers, v(S) = max Σ aᵢⱼ over
//! matchings within S.
//!
//! The core is not empty (it is the set of optimal solutions of the dual of
//! the assignment LP, Shapley–Shubik 1971), and every coalition is a
//! disjoint union of its matched pairs and unmatched players, so the
//! singletons and the buyer–seller pairs are the essential coalitions: the
//! nucleolus depends on them alone (Huberman 1980; Solymosi and Raghavan,
//! "An algorithm for finding the nucleolus of assignment games", IJGT 23,
//! 1994, who compute it in O(n⁴) from exactly those coalitions). The
//! constraint-generation nucleolus of [`crate::constraint_generation`] scans
//! only those m·k + m + k coalitions.
//!
//! v(S) itself is computed by a dynamic program over the subsets of the
//! smaller side of S (O(max · 2^min) for min(m, k) members on that side),
//! used for v(N) and for tables of small games.
//!
//! Syntax: `assignment:a11,a12,...;a21,a22,...` — one row of surpluses per
//! buyer, rows separated by `;` (or `/`, which needs no quoting in a shell).

use num_rational::BigRational;
use num_traits::Signed;

use super::characteristic::{bits, common_scale, scaled, CharacteristicFunction, MAX_SCALED_WORTH};
use super::{Coalition, CoopError};
use sprague_strategic::exact_text::parse_rational;

/// The most players an assignment game may have (coalitions are 32-bit sets).
pub const MAX_ASSIGNMENT_PLAYERS: usize = 31;

/// An assignment game: `buyers` rows of `sellers` surpluses.
///
/// ```
/// use sprague_cooperative::assignment::AssignmentGame;
/// use sprague_cooperative::characteristic::CharacteristicFunction;
/// // Buyers B1, B2 and sellers S1, S2; the best matching is B1–S2, B2–S1.
/// let game: AssignmentGame = "3,5;4,1".parse().unwrap();
/// assert_eq!(game.players(), 4);
/// assert_eq!(game.worth(0b1111).to_string(), "9");
/// assert_eq!(game.names(), ["B1", "B2", "S1", "S2"]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssignmentGame {
    buyers: usize,
    sellers: usize,
    /// aᵢⱼ scaled by `denominator`, row by row.
    surplus: Vec<i64>,
    denominator: u64,
}

impl AssignmentGame {
    /// The game of the surplus matrix (one row per buyer, all rows of the
    /// same length, entries non-negative).
    pub fn new(rows: &[Vec<BigRational>]) -> Result<Self, CoopError> {
        let buyers = rows.len();
        let sellers = rows.first().map_or(0, Vec::len);
        if buyers == 0 || sellers == 0 {
            return Err(syntax("it needs at least one buyer and one seller"));
        }
        if rows.iter().any(|r| r.len() != sellers) {
            return Err(syntax("every buyer's row must have one surplus per seller"));
        }
        let n = buyers + sellers;
        if n > MAX_ASSIGNMENT_PLAYERS {
            return Err(CoopError::TooManyPlayers(n));
        }
        let all: Vec<BigRational> = rows.iter().flatten().cloned().collect();
        if all.iter().any(Signed::is_negative) {
            return Err(syntax("the surpluses must be non-negative"));
        }
        let too_large = || {
            CoopError::TooLarge(
                "the surpluses of the assignment game are too large: scaled by their common denominator, the largest row sums must add up to at most 2^60".into(),
            )
        };
        let denominator = common_scale(all.iter()).ok_or_else(too_large)?;
        let surplus = scaled(&all, denominator).ok_or_else(too_large)?;
        // Every matching's value is at most the sum of the buyers' largest entries.
        let bound = surplus
            .chunks(sellers)
            .map(|row| row.iter().copied().max().unwrap_or(0))
            .try_fold(0i64, i64::checked_add)
            .filter(|&b| b <= MAX_SCALED_WORTH);
        if bound.is_none() {
            return Err(too_large());
        }
        Ok(AssignmentGame {
            buyers,
            sellers,
            surplus,
            denominator,
        })
    }

    /// The number of buyers (players 0..m; the sellers follow).
    pub fn buyers(&self) -> usize {
        self.buyers
    }

    /// The number of sellers.
    pub fn sellers(&self) -> usize {
        self.sellers
    }

    /// The players' names: B1…Bm, then S1…Sk.
    pub fn names(&self) -> Vec<String> {
        (1..=self.buyers)
            .map(|i| format!("B{i}"))
            .chain((1..=self.sellers).map(|j| format!("S{j}")))
            .collect()
    }

    /// The surplus aᵢⱼ of buyer i and seller j (0-based).
    pub fn surplus(&self, buyer: usize, seller: usize) -> BigRational {
        BigRational::new(
            self.surplus[buyer * self.sellers + seller].into(),
            self.denominator.into(),
        )
    }

    /// The largest scaled surplus of a matching within the coalition.
    fn matching_value(&self, coalition: Coalition) -> i64 {
        let buyers: Vec<usize> = bits(coalition).filter(|&i| i < self.buyers).collect();
        let sellers: Vec<usize> = bits(coalition)
            .filter(|&i| i >= self.buyers)
            .map(|i| i - self.buyers)
            .collect();
        let pair = |b: usize, s: usize| self.surplus[buyers[b] * self.sellers + sellers[s]];
        // Subsets of the smaller side are the states; the larger side is
        // processed one member at a time.
        let (small, large) = (
            buyers.len().min(sellers.len()),
            buyers.len().max(sellers.len()),
        );
        let buyers_small = buyers.len() <= sellers.len();
        let value = |l: usize, s: usize| {
            if buyers_small {
                pair(s, l)
            } else {
                pair(l, s)
            }
        };
        let mut best = vec![i64::MIN; 1 << small];
        best[0] = 0;
        for l in 0..large {
            for mask in (0..best.len()).rev() {
                if best[mask] == i64::MIN {
                    continue;
                }
                for s in (0..small).filter(|s| mask >> s & 1 == 0) {
                    let candidate = best[mask] + value(l, s);
                    let next = mask | 1 << s;
                    if candidate > best[next] {
                        best[next] = candidate;
                    }
                }
            }
        }
        best.into_iter().max().unwrap_or(0)
    }
}

fn syntax(problem: &str) -> CoopError {
    CoopError::Builtin(format!(
        "an assignment game is written assignment:a11,a12,...;a21,a22,... with one row of surpluses per buyer: {problem}"
    ))
}

impl std::str::FromStr for AssignmentGame {
    type Err = CoopError;

    /// Reads `a11,a12,...;a21,...` (rows separated by `;` or `/`).
    fn from_str(text: &str) -> Result<Self, CoopError> {
        let rows: Vec<Vec<BigRational>> = text
            .split([';', '/'])
            .map(|row| {
                row.split(',')
                    .map(|entry| {
                        parse_rational(entry).ok_or_else(|| {
                            syntax(&format!(
                                "\"{}\" is not a number",
                                sprague_textfile::quoted(entry.trim())
                            ))
                        })
                    })
                    .collect()
            })
            .collect::<Result<_, _>>()?;
        AssignmentGame::new(&rows)
    }
}

impl CharacteristicFunction for AssignmentGame {
    fn players(&self) -> usize {
        self.buyers + self.sellers
    }
    fn worth(&self, coalition: Coalition) -> BigRational {
        BigRational::new(
            self.matching_value(coalition).into(),
            self.denominator.into(),
        )
    }
    fn denominator(&self) -> Option<u64> {
        Some(self.denominator)
    }
    fn scaled_worth(&self, coalition: Coalition) -> Option<i64> {
        Some(self.matching_value(coalition))
    }
    /// The singletons and the buyer–seller pairs.
    fn essential_coalitions(&self) -> Option<Vec<Coalition>> {
        let n = self.buyers + self.sellers;
        let mut family: Vec<Coalition> = (0..n).map(|i| 1 << i).collect();
        for b in 0..self.buyers {
            for s in 0..self.sellers {
                family.push(1 << b | 1 << (self.buyers + s));
            }
        }
        Some(family)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// v(S) by trying every injection of buyers into sellers (or none).
    fn brute(game: &AssignmentGame, coalition: Coalition) -> i64 {
        fn go(game: &AssignmentGame, buyers: &[usize], free: &mut Vec<usize>) -> i64 {
            let Some((&b, rest)) = buyers.split_first() else {
                return 0;
            };
            let mut best = go(game, rest, free);
            for k in 0..free.len() {
                let s = free.swap_remove(k);
                best = best.max(game.surplus[b * game.sellers + s] + go(game, rest, free));
                free.push(s);
                let last = free.len() - 1;
                free.swap(k, last);
            }
            best
        }
        let buyers: Vec<usize> = bits(coalition).filter(|&i| i < game.buyers).collect();
        let mut sellers: Vec<usize> = bits(coalition)
            .filter(|&i| i >= game.buyers)
            .map(|i| i - game.buyers)
            .collect();
        go(game, &buyers, &mut sellers)
    }

    #[test]
    fn matching_values_agree_with_brute_force() {
        for text in [
            "3,5,1;4,1,2",
            "7;2;9;4",
            "1,2,3,4,5",
            "5,8,2;7,9,6;2,3,0;6,4,3",
        ] {
            let game: AssignmentGame = text.parse().unwrap();
            for s in 0..(1u32 << game.players()) {
                assert_eq!(game.matching_value(s), brute(&game, s), "{text} {s:b}");
            }
        }
    }

    #[test]
    fn bad_matrices_are_refused() {
        for text in ["", "1,2;3", "1,-2", "x", "1,2;3,4;"] {
            assert!(text.parse::<AssignmentGame>().is_err(), "{text}");
        }
        let wide = vec!["1"; 32].join(",");
        assert!(matches!(
            wide.parse::<AssignmentGame>(),
            Err(CoopError::TooManyPlayers(33))
        ));
    }
}
