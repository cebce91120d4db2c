//! The plain matrix formats: one payoff matrix per player, as CSV or JSON.
//!
//! **CSV**: each matrix is a block of lines of comma-separated numbers (row
//! player's strategies are lines, column player's are columns); blocks are
//! separated by a blank line. Two blocks give a bimatrix game `(A, B)`; one
//! block gives the zero-sum game `(A, -A)`. Lines starting with `#` are
//! comments.
//!
//! **JSON**: `{"matrices": [A, B]}` (optionally with `"title"`, `"players"`
//! and `"strategies": [[names...], [names...]]`), or a bare array `[A, B]`, or
//! a single matrix `A` (zero-sum). Entries are JSON numbers or strings such as
//! `"3/4"`; all are read exactly.

use num_rational::BigRational;
use serde_json::Value;

use crate::error::StrategicError;
use crate::game::{Matrix, NormalFormGame};
use crate::rational::{format_rational, parse_rational};

/// Reads a game from CSV text.
///
/// ```
/// use sprague_strategic::matrix_io::read_csv;
/// let game = read_csv("1,-1\n-1,1\n").unwrap(); // matching pennies, zero-sum
/// assert_eq!(game.payoff(&[0, 1], 1).to_string(), "1");
/// ```
pub fn read_csv(input: &str) -> Result<NormalFormGame, StrategicError> {
    let mut blocks: Vec<Matrix> = Vec::new();
    let mut current: Matrix = Vec::new();
    for (k, raw) in input.lines().enumerate() {
        let line = raw.trim();
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            if !current.is_empty() {
                blocks.push(std::mem::take(&mut current));
            }
            continue;
        }
        let row = line
            .split([',', ';', '\t'])
            .map(|cell| {
                parse_rational(cell.trim()).map_err(|_| {
                    StrategicError::Matrix(format!(
                        "line {}: \"{}\" {}",
                        k + 1,
                        sprague_textfile::quoted(cell.trim()),
                        crate::exact_text::why_not_a_number(cell)
                    ))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(first) = current.first() {
            if first.len() != row.len() {
                return Err(StrategicError::Matrix(format!(
                    "line {} has {} entries but the rows above have {}",
                    k + 1,
                    row.len(),
                    first.len()
                )));
            }
        }
        current.push(row);
    }
    if !current.is_empty() {
        blocks.push(current);
    }
    from_blocks(blocks)
}

fn from_blocks(blocks: Vec<Matrix>) -> Result<NormalFormGame, StrategicError> {
    match blocks.len() {
        0 => Err(StrategicError::Matrix(
            "no matrix found; give one matrix (zero-sum) or two (bimatrix)".into(),
        )),
        1 => NormalFormGame::from_zero_sum(&blocks[0]),
        2 => NormalFormGame::from_bimatrix(&blocks[0], &blocks[1]),
        k => Err(StrategicError::Matrix(format!(
            "{k} matrices found; give one matrix (zero-sum) or two (bimatrix)"
        ))),
    }
}

fn json_number(v: &Value) -> Result<BigRational, StrategicError> {
    match v {
        Value::Number(n) => parse_rational(&n.to_string()),
        Value::String(s) => parse_rational(s),
        other => Err(StrategicError::Matrix(format!(
            "{other} is not a number; entries are numbers or strings such as \"3/4\""
        ))),
    }
}

fn json_matrix(v: &Value) -> Result<Matrix, StrategicError> {
    let rows = v
        .as_array()
        .ok_or_else(|| StrategicError::Matrix("a matrix must be an array of rows".into()))?;
    let m: Matrix = rows
        .iter()
        .map(|r| {
            r.as_array()
                .ok_or_else(|| StrategicError::Matrix("a matrix row must be an array".into()))?
                .iter()
                .map(json_number)
                .collect()
        })
        .collect::<Result<_, _>>()?;
    if let Some(first) = m.first() {
        if m.iter().any(|r| r.len() != first.len()) {
            return Err(StrategicError::Matrix(
                "the rows of a matrix have different lengths".into(),
            ));
        }
    }
    Ok(m)
}

fn is_matrix(v: &Value) -> bool {
    v.as_array().is_some_and(|rows| {
        rows.iter().all(|r| {
            r.as_array()
                .is_some_and(|c| c.iter().all(|x| !x.is_array()))
        })
    })
}

/// Reads a game from JSON text.
///
/// ```
/// use sprague_strategic::matrix_io::read_json;
/// let game = read_json(r#"{"matrices": [[[2, 0], [0, 1]], [[1, 0], [0, 2]]]}"#).unwrap();
/// assert_eq!(game.strategy_counts(), vec![2, 2]);
/// ```
pub fn read_json(input: &str) -> Result<NormalFormGame, StrategicError> {
    let value: Value = serde_json::from_str(input)
        .map_err(|e| StrategicError::Matrix(format!("not valid JSON ({e})")))?;
    let (matrices, meta) = match &value {
        Value::Object(map) => (
            map.get("matrices").cloned().ok_or_else(|| {
                StrategicError::Matrix("the JSON object has no \"matrices\" key".into())
            })?,
            Some(map),
        ),
        _ => (value.clone(), None),
    };
    let blocks: Vec<Matrix> = if is_matrix(&matrices) {
        vec![json_matrix(&matrices)?]
    } else {
        matrices
            .as_array()
            .ok_or_else(|| {
                StrategicError::Matrix("\"matrices\" must be an array of matrices".into())
            })?
            .iter()
            .map(json_matrix)
            .collect::<Result<_, _>>()?
    };
    let mut game = from_blocks(blocks)?;
    if let Some(map) = meta {
        if let Some(t) = map.get("title").and_then(Value::as_str) {
            game = game.with_title(t);
        }
        if let Some(players) = map.get("players").and_then(Value::as_array) {
            let names: Vec<&str> = players.iter().filter_map(Value::as_str).collect();
            game = game.with_players(&names);
        }
        if let Some(strategies) = map.get("strategies").and_then(Value::as_array) {
            for (i, s) in strategies.iter().enumerate() {
                if let Some(list) = s.as_array() {
                    let names: Vec<&str> = list.iter().filter_map(Value::as_str).collect();
                    game = game.with_strategy_names(i, &names);
                }
            }
        }
    }
    Ok(game)
}

/// Writes a two-player game as JSON `{"title", "players", "strategies", "matrices": [A, B]}`
/// with exact rationals as strings.
pub fn write_json(game: &NormalFormGame) -> Result<String, StrategicError> {
    let (a, b) = game.bimatrix()?;
    let conv = |m: &Matrix| -> Vec<Vec<String>> {
        m.iter()
            .map(|r| r.iter().map(format_rational).collect())
            .collect()
    };
    let value = serde_json::json!({
        "title": game.title(),
        "players": game.players(),
        "strategies": game.strategies(),
        "matrices": [conv(&a), conv(&b)],
    });
    Ok(value.to_string())
}

/// Writes a two-player game as CSV: matrix A, a blank line, matrix B.
pub fn write_csv(game: &NormalFormGame) -> Result<String, StrategicError> {
    let (a, b) = game.bimatrix()?;
    let block = |m: &Matrix| -> String {
        m.iter()
            .map(|r| r.iter().map(format_rational).collect::<Vec<_>>().join(","))
            .collect::<Vec<_>>()
            .join("\n")
    };
    Ok(format!("{}\n\n{}\n", block(&a), block(&b)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_two_blocks() {
        let g = read_csv("# battle of the sexes\n2,0\n0,1\n\n1,0\n0,2\n").unwrap();
        assert_eq!(g.payoff(&[1, 1], 1).to_string(), "2");
        let again = read_csv(&write_csv(&g).unwrap()).unwrap();
        assert_eq!(g.bimatrix().unwrap(), again.bimatrix().unwrap());
    }

    #[test]
    fn csv_errors() {
        assert!(read_csv("").unwrap_err().to_string().contains("no matrix"));
        assert!(read_csv("1,2\n3\n")
            .unwrap_err()
            .to_string()
            .contains("line 2"));
        assert!(read_csv("1,x\n")
            .unwrap_err()
            .to_string()
            .contains("not a number"));
        assert!(read_csv("1,2\n\n1\n").is_err());
    }

    #[test]
    fn json_forms() {
        let g = read_json(r#"[[[1, "1/2"], [0, 0.25]], [[0, 0], [1, 1]]]"#).unwrap();
        assert_eq!(g.payoff(&[0, 1], 0).to_string(), "1/2");
        assert_eq!(g.payoff(&[1, 1], 0).to_string(), "1/4");
        let zs = read_json("[[1, -1], [-1, 1]]").unwrap();
        assert_eq!(zs.payoff(&[0, 0], 1).to_string(), "-1");
        let again = read_json(&write_json(&g).unwrap()).unwrap();
        assert_eq!(g.bimatrix().unwrap(), again.bimatrix().unwrap());
        assert!(read_json("{").is_err());
        assert!(read_json("[[]]").is_err());
    }
}
