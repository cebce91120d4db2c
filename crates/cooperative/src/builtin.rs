//! Classic TU games built in:
//! - the **glove game**: players own one left or one right glove; a coalition
//!   is worth the number of pairs it can form, v(S) = min(#left, #right);
//! - the **airport game** (Littlechild–Owen 1973): a runway must be as long
//!   as the largest plane of the coalition, so its cost is
//!   c(S) = max_{i∈S} cᵢ; the game is the cost game c, whose Shapley value is
//!   each player's fair share of the cost;
//! - the **bankruptcy game** (O'Neill 1982): an estate E below the sum of the
//!   claims dᵢ; a coalition can secure what the others' claims leave,
//!   v(S) = max(0, E − Σ_{j∉S} dⱼ). Its Shapley value is the random-arrival
//!   rule.
//!
//! [`parse`] reads them from the text forms `glove:L,R`,
//! `airport:c1,c2,...` and `bankruptcy:E:d1,d2,...`.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{Signed, Zero};

use super::{CoopError, TuGame, MAX_TABLE_PLAYERS};
use sprague_strategic::exact_text::{format_rational, parse_rational};

/// The glove game with `left` owners of a left glove (players 1..=left)
/// followed by `right` owners of a right glove.
pub fn glove(left: usize, right: usize) -> Result<TuGame, CoopError> {
    let n = left.saturating_add(right);
    if n > MAX_TABLE_PLAYERS {
        return Err(CoopError::TooManyPlayers(n));
    }
    let left_mask: u32 = (1u32 << left) - 1;
    let mut game = TuGame::from_fn(n, |s| {
        let l = (s & left_mask).count_ones();
        let r = (s & !left_mask).count_ones();
        BigRational::from_integer(l.min(r).into())
    })?;
    let names = (1..=left)
        .map(|i| format!("L{i}"))
        .chain((1..=right).map(|i| format!("R{i}")))
        .collect();
    game = TuGame::new(names, game.values().to_vec())?;
    Ok(game)
}

/// The airport cost game of the given runway costs: c(S) = max_{i∈S} cᵢ.
pub fn airport(costs: &[BigRational]) -> Result<TuGame, CoopError> {
    if costs.iter().any(|c| c.is_negative()) {
        return Err(CoopError::Builtin(
            "airport costs must be non-negative".into(),
        ));
    }
    TuGame::from_fn(costs.len(), |s| {
        (0..costs.len())
            .filter(|i| s >> i & 1 == 1)
            .map(|i| costs[i].clone())
            .max()
            .unwrap_or_else(BigRational::zero)
    })
}

/// The bankruptcy game of an estate and claims: v(S) = max(0, E − Σ_{j∉S} dⱼ).
///
/// The claims are brought to one common denominator first, so each coalition's total is
/// one integer addition to a smaller coalition's: 2ⁿ additions without reductions, where
/// summing the rationals of each coalition afresh took n·2ⁿ additions with a gcd each (a
/// second for ten claims of thirty-digit fractions, found by fuzzing).
pub fn bankruptcy(estate: &BigRational, claims: &[BigRational]) -> Result<TuGame, CoopError> {
    check_bankruptcy(estate, claims)?;
    let denominator = claims
        .iter()
        .fold(estate.denom().clone(), |d, c| d.lcm(c.denom()));
    let scaled = |r: &BigRational| r.numer() * (&denominator / r.denom());
    let all_claims: BigInt = claims.iter().map(scaled).sum();
    // E − Σ_{j∉S} dⱼ = (E − Σ_j dⱼ) + Σ_{i∈S} dᵢ, all over the common denominator.
    let base = scaled(estate) - all_claims;
    let claims: Vec<BigInt> = claims.iter().map(scaled).collect();
    // inside[S]: the claims of S; coalitions come in increasing order, so S without its
    // lowest player is already there.
    let mut inside: Vec<BigInt> = Vec::new();
    TuGame::from_fn(claims.len(), |s| {
        let total = match s.checked_sub(1) {
            None => BigInt::zero(),
            Some(below) => &inside[(s & below) as usize] + &claims[s.trailing_zeros() as usize],
        };
        let left = &base + &total;
        inside.push(total);
        if left.is_negative() {
            BigRational::zero()
        } else {
            BigRational::new(left, denominator.clone())
        }
    })
}

fn check_bankruptcy(estate: &BigRational, claims: &[BigRational]) -> Result<(), CoopError> {
    if estate.is_negative() || claims.iter().any(|c| c.is_negative()) {
        return Err(CoopError::Builtin(
            "the estate and the claims must be non-negative".into(),
        ));
    }
    let total: BigRational = claims.iter().sum();
    if estate > &total {
        return Err(CoopError::Builtin(format!(
            "the estate {} exceeds the total claim {}, so there is no bankruptcy",
            format_rational(estate),
            format_rational(&total)
        )));
    }
    Ok(())
}

fn numbers(list: &str, what: &str) -> Result<Vec<BigRational>, CoopError> {
    list.split(',')
        .map(|part| {
            parse_rational(part).ok_or_else(|| {
                CoopError::Builtin(format!(
                    "\"{}\" is not a number in the {what}",
                    sprague_textfile::quoted(part.trim())
                ))
            })
        })
        .collect()
}

/// A built-in game and its parameters.
#[derive(Debug, Clone, PartialEq)]
pub enum Builtin {
    /// The glove game with `left` and `right` owners.
    Glove {
        /// Owners of a left glove (players 1..=left).
        left: usize,
        /// Owners of a right glove.
        right: usize,
    },
    /// The airport cost game.
    Airport {
        /// The runway cost each player needs.
        costs: Vec<BigRational>,
    },
    /// The bankruptcy game.
    Bankruptcy {
        /// The estate E.
        estate: BigRational,
        /// The claims dᵢ.
        claims: Vec<BigRational>,
    },
}

impl Builtin {
    /// The number of players.
    pub fn players(&self) -> usize {
        match self {
            Builtin::Glove { left, right } => left + right,
            Builtin::Airport { costs } => costs.len(),
            Builtin::Bankruptcy { claims, .. } => claims.len(),
        }
    }

    /// The coalition table (at most [`MAX_TABLE_PLAYERS`] players).
    pub fn to_game(&self) -> Result<TuGame, CoopError> {
        match self {
            Builtin::Glove { left, right } => glove(*left, *right),
            Builtin::Airport { costs } => airport(costs),
            Builtin::Bankruptcy { estate, claims } => bankruptcy(estate, claims),
        }
    }

    /// The worth of a coalition given by a membership vector, as a float
    /// (for Monte Carlo estimates of games too large for a table).
    pub fn worth_f64(&self, members: &[bool]) -> f64 {
        use sprague_strategic::exact_text::rational_to_f64;
        match self {
            Builtin::Glove { left, .. } => {
                let l = members[..*left].iter().filter(|&&m| m).count();
                let r = members[*left..].iter().filter(|&&m| m).count();
                l.min(r) as f64
            }
            Builtin::Airport { costs } => costs
                .iter()
                .zip(members)
                .filter(|(_, &m)| m)
                .map(|(c, _)| rational_to_f64(c))
                .fold(0.0, f64::max),
            Builtin::Bankruptcy { estate, claims } => {
                let outside: f64 = claims
                    .iter()
                    .zip(members)
                    .filter(|(_, &m)| !m)
                    .map(|(c, _)| rational_to_f64(c))
                    .sum();
                (rational_to_f64(estate) - outside).max(0.0)
            }
        }
    }
}

/// The most players a built-in game may have (beyond [`MAX_TABLE_PLAYERS`]
/// only its Monte Carlo Shapley value is computed, O(players) per sample).
pub const MAX_BUILTIN_PLAYERS: usize = 100_000;

/// Reads `glove:L,R`, `airport:c1,c2,...` or `bankruptcy:E:d1,d2,...`
/// without building the table; `Ok(None)` when `spec` names no built-in game.
pub fn parse_spec(spec: &str) -> Result<Option<Builtin>, CoopError> {
    let game = parse_spec_unchecked(spec)?;
    if let Some(game) = &game {
        let players = match game {
            Builtin::Glove { left, right } => left.saturating_add(*right),
            other => other.players(),
        };
        if players > MAX_BUILTIN_PLAYERS {
            return Err(CoopError::TooLarge(format!(
                "a built-in game may have at most {MAX_BUILTIN_PLAYERS} players, not {players}"
            )));
        }
    }
    Ok(game)
}

fn parse_spec_unchecked(spec: &str) -> Result<Option<Builtin>, CoopError> {
    let Some((name, rest)) = spec.split_once(':') else {
        return Ok(None);
    };
    let game = match name.trim().to_ascii_lowercase().as_str() {
        "glove" => {
            let counts: Vec<usize> = rest
                .split(',')
                .map(|p| p.trim().parse::<usize>())
                .collect::<Result<_, _>>()
                .map_err(|_| {
                    CoopError::Builtin("the glove game is written glove:L,R with two counts".into())
                })?;
            match counts[..] {
                [left, right] if left > 0 || right > 0 => Builtin::Glove { left, right },
                _ => {
                    return Err(CoopError::Builtin(
                        "the glove game is written glove:L,R with two counts, not both 0".into(),
                    ))
                }
            }
        }
        "airport" => {
            let costs = numbers(rest, "airport costs")?;
            if costs.iter().any(|c| c.is_negative()) {
                return Err(CoopError::Builtin(
                    "airport costs must be non-negative".into(),
                ));
            }
            Builtin::Airport { costs }
        }
        "bankruptcy" => {
            let (estate, claims) = rest.split_once(':').ok_or_else(|| {
                CoopError::Builtin("the bankruptcy game is written bankruptcy:E:d1,d2,...".into())
            })?;
            let estate = parse_rational(estate).ok_or_else(|| {
                CoopError::Builtin(format!(
                    "the estate \"{}\" is not a number",
                    sprague_textfile::quoted(estate.trim())
                ))
            })?;
            let claims = numbers(claims, "claims")?;
            check_bankruptcy(&estate, &claims)?;
            Builtin::Bankruptcy { estate, claims }
        }
        _ => return Ok(None),
    };
    Ok(Some(game))
}

/// Reads `glove:L,R`, `airport:c1,c2,...` or `bankruptcy:E:d1,d2,...` and
/// builds its table; returns `Ok(None)` when `spec` names no built-in game.
pub fn parse(spec: &str) -> Result<Option<TuGame>, CoopError> {
    parse_spec(spec)?.map(|game| game.to_game()).transpose()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rational(text: &str) -> BigRational {
        parse_rational(text).unwrap()
    }

    /// v(S) = max(0, E − Σ_{j∉S} dⱼ) summed afresh for every coalition: the definition.
    fn by_definition(estate: &BigRational, claims: &[BigRational], s: u32) -> BigRational {
        let outside: BigRational = (0..claims.len())
            .filter(|i| s >> i & 1 == 0)
            .map(|i| &claims[i])
            .sum();
        let left = estate - outside;
        if left.is_negative() {
            BigRational::zero()
        } else {
            left
        }
    }

    #[test]
    fn bankruptcy_worths_are_the_definition() {
        let estate = rational("200/3");
        let claims: Vec<BigRational> = ["10", "3/7", "55/13", "100", "1/2", "0", "33.25"]
            .map(rational)
            .to_vec();
        let game = bankruptcy(&estate, &claims).unwrap();
        for s in 0..(1u32 << claims.len()) {
            assert_eq!(game.value(s), &by_definition(&estate, &claims, s), "{s:b}");
        }
    }

    /// Found by fuzzing: eighteen claims of thirty-digit fractions took seconds and
    /// more; now one integer addition per coalition.
    #[test]
    fn bankruptcy_with_long_fractions_is_quick() {
        let claims: Vec<BigRational> = (0..18)
            .map(|i| {
                rational(&format!(
                    "{}5555555555555555555555521/55505555555555555555555{i}1",
                    6 + i
                ))
            })
            .collect();
        let started = std::time::Instant::now();
        let game = bankruptcy(&rational("2"), &claims).unwrap();
        assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
        let all = (1u32 << 18) - 1;
        assert_eq!(game.value(all), &rational("2"));
        assert_eq!(
            game.value(all - 1),
            &by_definition(&rational("2"), &claims, all - 1)
        );
    }
}
