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

use num_rational::BigRational;
use num_traits::{Signed, Zero};

use super::{CoopError, TuGame, MAX_TABLE_PLAYERS};
use crate::exact_text::{format_rational, parse_rational};

/// The glove game with `left` owners of a left glove (players 1..=left)
/// followed by `right` owners of a right glove.
pub fn glove(left: usize, right: usize) -> Result<TuGame, CoopError> {
    let n = left + right;
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
pub fn bankruptcy(estate: &BigRational, claims: &[BigRational]) -> Result<TuGame, CoopError> {
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
    TuGame::from_fn(claims.len(), |s| {
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
    })
}

fn numbers(list: &str, what: &str) -> Result<Vec<BigRational>, CoopError> {
    list.split(',')
        .map(|part| {
            parse_rational(part).ok_or_else(|| {
                CoopError::Builtin(format!("\"{}\" is not a number in the {what}", part.trim()))
            })
        })
        .collect()
}

/// Reads `glove:L,R`, `airport:c1,c2,...` or `bankruptcy:E:d1,d2,...`;
/// returns `Ok(None)` when `spec` names no built-in game.
pub fn parse(spec: &str) -> Result<Option<TuGame>, CoopError> {
    let Some((name, rest)) = spec.split_once(':') else {
        return Ok(None);
    };
    match name.trim().to_ascii_lowercase().as_str() {
        "glove" => {
            let counts: Vec<usize> = rest
                .split(',')
                .map(|p| p.trim().parse::<usize>())
                .collect::<Result<_, _>>()
                .map_err(|_| {
                    CoopError::Builtin("the glove game is written glove:L,R with two counts".into())
                })?;
            match counts[..] {
                [left, right] if left + right > 0 => glove(left, right).map(Some),
                _ => Err(CoopError::Builtin(
                    "the glove game is written glove:L,R with two counts, not both 0".into(),
                )),
            }
        }
        "airport" => airport(&numbers(rest, "airport costs")?).map(Some),
        "bankruptcy" => {
            let (estate, claims) = rest.split_once(':').ok_or_else(|| {
                CoopError::Builtin("the bankruptcy game is written bankruptcy:E:d1,d2,...".into())
            })?;
            let estate = parse_rational(estate).ok_or_else(|| {
                CoopError::Builtin(format!("the estate \"{}\" is not a number", estate.trim()))
            })?;
            bankruptcy(&estate, &numbers(claims, "claims")?).map(Some)
        }
        _ => Ok(None),
    }
}
