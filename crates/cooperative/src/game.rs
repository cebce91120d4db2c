//! The table form of a TU game and its JSON input format.

use std::collections::HashMap;

use num_rational::BigRational;
use num_traits::Zero;

use super::CoopError;
use sprague_strategic::exact_text::{format_rational, rational_from_json};

/// A coalition as a bit set: bit i is set when player i belongs to it.
pub type Coalition = u32;

/// The largest number of players a full coalition table may have (2²⁰ values).
pub const MAX_TABLE_PLAYERS: usize = 20;

/// A TU game given by the worth of each of its 2ⁿ coalitions.
///
/// ```
/// use sprague_cooperative::{shapley, TuGame};
/// use sprague_strategic::exact_text::format_rational;
/// // Two players who earn 1 only together.
/// let game = TuGame::from_json(r#"{"players": ["A", "B"], "values": {"A": 0, "B": 0, "A,B": 1}}"#).unwrap();
/// let phi: Vec<String> = shapley(&game).iter().map(format_rational).collect();
/// assert_eq!(phi, ["1/2", "1/2"]);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct TuGame {
    names: Vec<String>,
    values: Vec<BigRational>,
    /// The common denominator of the values when the scaled values fit the
    /// integer form of [`crate::characteristic::CharacteristicFunction`].
    scale: Option<u64>,
}

/// The values of all 2ⁿ coalitions, refused with [`CoopError::TooLarge`] as
/// soon as their projected size (the bytes of the values computed so far,
/// extrapolated to the whole table) exceeds `budget` bytes (half the memory
/// the process may use): values of hundreds of digits (a bankruptcy game with
/// long coprime fractions) would otherwise fill memory.
fn table_within_memory(
    n: usize,
    worth: &mut impl FnMut(Coalition) -> BigRational,
    budget: u128,
) -> Result<Vec<BigRational>, CoopError> {
    let count = 1u128 << n;
    let slot = std::mem::size_of::<BigRational>() as u128;
    let too_large = |projected: u128| {
        CoopError::TooLarge(format!(
            "the table of all {count} coalitions would need about {} of memory, more than the {} this process may use (its values have many digits)",
            sprague_memory::format_bytes(projected),
            sprague_memory::format_bytes(budget)
        ))
    };
    if count * slot > budget {
        return Err(too_large(count * slot));
    }
    let digits = |x: &num_bigint::BigInt| (x.bits() as u128).div_ceil(64) * 8;
    let mut heap: u128 = 0;
    let mut values = Vec::with_capacity(count as usize);
    for s in 0..(1u32 << n) {
        let value = worth(s);
        heap += digits(value.numer()) + digits(value.denom());
        values.push(value);
        let done = u128::from(s) + 1;
        if done % 4096 == 0 || done == count {
            let projected = count * slot + heap * count / done;
            if projected > budget {
                return Err(too_large(projected));
            }
        }
    }
    Ok(values)
}

impl TuGame {
    /// Builds a game from player names and `values[S]` for every bit set S.
    ///
    /// Fails when the table has the wrong length, there are too many players
    /// or v(∅) ≠ 0.
    pub fn new(names: Vec<String>, values: Vec<BigRational>) -> Result<Self, CoopError> {
        let n = names.len();
        if n == 0 {
            return Err(CoopError::NoPlayers);
        }
        if n > MAX_TABLE_PLAYERS {
            return Err(CoopError::TooManyPlayers(n));
        }
        if values.len() != 1 << n {
            return Err(CoopError::Shape(format!(
                "a game of {n} players needs {} coalition values, not {}",
                1u64 << n,
                values.len()
            )));
        }
        if !values[0].is_zero() {
            return Err(CoopError::EmptyCoalitionNotZero(format_rational(
                &values[0],
            )));
        }
        let scale = crate::characteristic::common_scale(values.iter());
        Ok(TuGame {
            names,
            values,
            scale,
        })
    }

    /// Builds a game with players named 1..=n from a function of coalitions.
    pub fn from_fn(
        n: usize,
        mut worth: impl FnMut(Coalition) -> BigRational,
    ) -> Result<Self, CoopError> {
        if n == 0 {
            return Err(CoopError::NoPlayers);
        }
        if n > MAX_TABLE_PLAYERS {
            return Err(CoopError::TooManyPlayers(n));
        }
        let names = (1..=n).map(|i| i.to_string()).collect();
        let budget = sprague_memory::available_bytes() / 2;
        let values = table_within_memory(n, &mut worth, budget)?;
        TuGame::new(names, values)
    }

    /// Reads the JSON format documented in `docs/repeated-and-cooperative.md`:
    /// `{"players": ["A", "B"] | n, "values": {"A": 0, "B": 0, "A,B": 1}}`.
    ///
    /// A coalition key lists player names (or 1-based numbers when `players`
    /// is a count) separated by commas, in any order; `""` is the empty
    /// coalition, which may be left out. Values are JSON numbers or strings
    /// such as `"2/3"`, read exactly.
    pub fn from_json(text: &str) -> Result<Self, CoopError> {
        let document: serde_json::Value =
            serde_json::from_str(text).map_err(|e| CoopError::Json(e.to_string()))?;
        let object = document.as_object().ok_or_else(|| {
            CoopError::Shape(
                "a game file must be a JSON object with \"players\" and \"values\"".into(),
            )
        })?;
        let names: Vec<String> = match object.get("players") {
            Some(serde_json::Value::Array(items)) => items
                .iter()
                .map(|item| match item {
                    serde_json::Value::String(s) => Ok(s.trim().to_string()),
                    other => Ok(other.to_string()),
                })
                .collect::<Result<_, CoopError>>()?,
            Some(serde_json::Value::Number(count)) => {
                let n = count.as_u64().ok_or_else(|| {
                    CoopError::Shape(
                        "\"players\" must be a list of names or a positive count".into(),
                    )
                })? as usize;
                if n > MAX_TABLE_PLAYERS {
                    return Err(CoopError::TooManyPlayers(n));
                }
                (1..=n).map(|i| i.to_string()).collect()
            }
            _ => {
                return Err(CoopError::Shape(
                    "the game needs \"players\": a list of names or a count".into(),
                ))
            }
        };
        let n = names.len();
        if n == 0 {
            return Err(CoopError::NoPlayers);
        }
        if n > MAX_TABLE_PLAYERS {
            return Err(CoopError::TooManyPlayers(n));
        }
        let mut index: HashMap<&str, usize> = HashMap::new();
        for (i, name) in names.iter().enumerate() {
            if name.is_empty() || name.contains(',') {
                return Err(CoopError::Shape(format!(
                    "player name \"{}\" must be non-empty and contain no comma",
                    sprague_textfile::quoted(name)
                )));
            }
            if index.insert(name.as_str(), i).is_some() {
                return Err(CoopError::Shape(format!(
                    "player \"{}\" is listed twice",
                    sprague_textfile::quoted(name)
                )));
            }
        }
        let values_json = object
            .get("values")
            .and_then(|v| v.as_object())
            .ok_or_else(|| {
                CoopError::Shape(
                    "the game needs \"values\": an object from coalitions to numbers".into(),
                )
            })?;
        let mut values: Vec<Option<BigRational>> = vec![None; 1 << n];
        for (key, value) in values_json {
            let mut coalition: Coalition = 0;
            let trimmed = key.trim().trim_start_matches('{').trim_end_matches('}');
            for part in trimmed.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                let i = *index.get(part).ok_or_else(|| CoopError::UnknownPlayer {
                    coalition: key.clone(),
                    player: part.to_string(),
                })?;
                coalition |= 1 << i;
            }
            let number = rational_from_json(value).ok_or_else(|| CoopError::BadValue {
                coalition: key.clone(),
                value: value.to_string(),
            })?;
            if values[coalition as usize].is_some() {
                return Err(CoopError::DuplicateCoalition(coalition_label(
                    &names, coalition,
                )));
            }
            values[coalition as usize] = Some(number);
        }
        if values[0].is_none() {
            values[0] = Some(BigRational::zero());
        }
        let mut table = Vec::with_capacity(values.len());
        for (coalition, value) in values.into_iter().enumerate() {
            match value {
                Some(v) => table.push(v),
                None => {
                    return Err(CoopError::MissingCoalition(coalition_label(
                        &names,
                        coalition as Coalition,
                    )))
                }
            }
        }
        TuGame::new(names, table)
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.names.len()
    }

    /// The players' names.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The worth v(S) of a coalition.
    pub fn value(&self, coalition: Coalition) -> &BigRational {
        &self.values[coalition as usize]
    }

    /// The whole table, indexed by coalition bit set.
    pub fn values(&self) -> &[BigRational] {
        &self.values
    }

    /// The worth of the grand coalition v(N).
    pub fn grand_coalition_value(&self) -> &BigRational {
        &self.values[self.values.len() - 1]
    }

    /// The common denominator d of the values when every d·v(S) is an
    /// integer of absolute value at most 2⁶⁰ (computed once, when the game
    /// is built).
    pub fn common_denominator(&self) -> Option<u64> {
        self.scale
    }

    /// The coalition as text, e.g. `{A,C}`.
    pub fn label(&self, coalition: Coalition) -> String {
        coalition_label(&self.names, coalition)
    }
}

fn coalition_label(names: &[String], coalition: Coalition) -> String {
    let members: Vec<&str> = (0..names.len())
        .filter(|i| coalition >> i & 1 == 1)
        .map(|i| names[i].as_str())
        .collect();
    format!("{{{}}}", members.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_of_long_values_is_refused_by_its_projected_size() {
        // 2^14 values of about 2,000 decimal digits each (830 bytes for the
        // numerator): about 14 MiB, refused under a 4 MiB budget after the
        // first 4,096 values, accepted with a roomy one.
        let long = num_bigint::BigInt::from(7).pow(2400);
        let mut worth = |s: Coalition| BigRational::from_integer(&long * s);
        let error = table_within_memory(14, &mut worth, 4 << 20).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("the table of all 16384 coalitions would need about"),
            "{error}"
        );
        assert_eq!(
            table_within_memory(14, &mut worth, 1 << 30).map(|v| v.len()),
            Ok(1 << 14)
        );
        // Small values pass a small budget.
        let mut small = |s: Coalition| BigRational::from_integer(s.into());
        assert!(table_within_memory(14, &mut small, 4 << 20).is_ok());
    }

    #[test]
    fn reads_a_table() {
        let game = TuGame::from_json(
            r#"{"players": 2, "values": {"": 0, "1": "1/2", "2": 0.25, "2,1": 3}}"#,
        )
        .unwrap();
        assert_eq!(format_rational(game.value(0b01)), "1/2");
        assert_eq!(format_rational(game.value(0b10)), "1/4");
        assert_eq!(format_rational(game.grand_coalition_value()), "3");
    }

    #[test]
    fn rejects_bad_tables() {
        let missing = TuGame::from_json(r#"{"players": ["A","B"], "values": {"A": 0, "A,B": 1}}"#);
        assert_eq!(missing, Err(CoopError::MissingCoalition("{B}".into())));
        let empty = TuGame::from_json(r#"{"players": ["A"], "values": {"": 1, "A": 1}}"#);
        assert_eq!(empty, Err(CoopError::EmptyCoalitionNotZero("1".into())));
        let unknown = TuGame::from_json(r#"{"players": ["A"], "values": {"Z": 1}}"#);
        assert!(matches!(unknown, Err(CoopError::UnknownPlayer { .. })));
        let twice = TuGame::from_json(r#"{"players": ["A","B"], "values": {"A,B": 1, "B,A": 1}}"#);
        assert!(matches!(twice, Err(CoopError::DuplicateCoalition(_))));
        assert!(matches!(TuGame::from_json("[1"), Err(CoopError::Json(_))));
    }
}
