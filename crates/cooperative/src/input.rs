//! A cooperative game as the faces take it: the inline forms
//! (`[q; w1, ..., wn]`, `glove:L,R`, `airport:c1,c2,...`,
//! `bankruptcy:E:d1,d2,...`) and the text of a game file (the JSON
//! coalition table, `{"quota": q, "weights": [...]}`, or `[q; ...]`).
//! The command line reads files itself and hands their text to
//! [`GameInput::from_document`]; the Python module hands over strings.

use super::builtin::{self, Builtin};
use super::{CoopError, TuGame, WeightedVotingGame, MAX_TABLE_PLAYERS};

/// A game in one of the forms the solution concepts take.
#[derive(Debug, Clone, PartialEq)]
pub enum GameInput {
    /// A table of all coalition values.
    Table(TuGame),
    /// A weighted voting game (power indices need no table).
    Weighted(WeightedVotingGame),
    /// A built-in game with too many players for a table (Monte Carlo only).
    Large(Builtin),
}

impl GameInput {
    /// The game of an inline form, or `Ok(None)` when `spec` is none (a file name, say).
    ///
    /// ```
    /// use sprague_cooperative::input::GameInput;
    /// let game = GameInput::parse_inline("glove:1,2").unwrap().unwrap();
    /// assert_eq!(game.names(), ["L1", "R1", "R2"]);
    /// assert!(GameInput::parse_inline("game.json").unwrap().is_none());
    /// ```
    pub fn parse_inline(spec: &str) -> Result<Option<GameInput>, CoopError> {
        let trimmed = spec.trim();
        if trimmed.starts_with('[') {
            return Ok(Some(GameInput::Weighted(trimmed.parse()?)));
        }
        match builtin::parse_spec(trimmed)? {
            Some(game) if game.players() > MAX_TABLE_PLAYERS => Ok(Some(GameInput::Large(game))),
            Some(game) => Ok(Some(GameInput::Table(game.to_game()?))),
            None => Ok(None),
        }
    }

    /// The game of a file's text: `[q; w1, ..., wn]`, `{"quota": q,
    /// "weights": [...]}`, or the JSON coalition table of [`TuGame::from_json`].
    pub fn from_document(text: &str) -> Result<GameInput, CoopError> {
        let body = text.trim();
        if body.starts_with('[') {
            return Ok(GameInput::Weighted(body.parse()?));
        }
        let document: serde_json::Value =
            serde_json::from_str(body).map_err(|e| CoopError::Json(e.to_string()))?;
        if let (Some(quota), Some(weights)) = (document.get("quota"), document.get("weights")) {
            let quota = quota.as_u64().ok_or_else(|| {
                CoopError::WeightedSyntax(format!(
                    "the quota {quota} is not a non-negative integer"
                ))
            })?;
            let weights = weights
                .as_array()
                .and_then(|w| w.iter().map(|x| x.as_u64()).collect::<Option<Vec<u64>>>())
                .ok_or_else(|| {
                    CoopError::WeightedSyntax(
                        "\"weights\" must be a list of non-negative integers".into(),
                    )
                })?;
            return Ok(GameInput::Weighted(WeightedVotingGame::new(
                quota, weights,
            )?));
        }
        Ok(GameInput::Table(TuGame::from_json(body)?))
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        match self {
            GameInput::Table(t) => t.players(),
            GameInput::Weighted(w) => w.players(),
            GameInput::Large(b) => b.players(),
        }
    }

    /// The players' names (1…n for weighted voting and large built-in games).
    pub fn names(&self) -> Vec<String> {
        match self {
            GameInput::Table(t) => t.names().to_vec(),
            GameInput::Weighted(_) | GameInput::Large(_) => {
                (1..=self.players()).map(|i| i.to_string()).collect()
            }
        }
    }

    /// The table of all coalitions, for the concepts that need one (`what`
    /// names the concept in the error of a game too large for a table).
    pub fn table(&self, what: &str) -> Result<TuGame, CoopError> {
        match self {
            GameInput::Table(t) => Ok(t.clone()),
            GameInput::Weighted(w) => w.to_tu_game(),
            GameInput::Large(b) => Err(too_large(what, b.players())),
        }
    }
}

/// The error of an exact concept asked of a built-in game too large for a table.
pub fn too_large(what: &str, players: usize) -> CoopError {
    CoopError::TooLarge(format!(
        "the exact {what} of a built-in game needs a table of all coalitions, at most {MAX_TABLE_PLAYERS} players, not {players}; `coop shapley` estimates it by Monte Carlo"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_is_read() {
        assert!(matches!(
            GameInput::parse_inline(" [3; 2, 1, 1] "),
            Ok(Some(GameInput::Weighted(_)))
        ));
        assert!(matches!(
            GameInput::parse_inline("glove:15,15"),
            Ok(Some(GameInput::Large(_)))
        ));
        let large = GameInput::parse_inline("glove:15,15").unwrap().unwrap();
        assert_eq!(large.players(), 30);
        assert!(large
            .table("nucleolus")
            .unwrap_err()
            .to_string()
            .contains("at most 20 players, not 30"));
        assert!(matches!(
            GameInput::from_document(r#"{"quota": 3, "weights": [2, 1, 1]}"#),
            Ok(GameInput::Weighted(_))
        ));
        let table = GameInput::from_document(
            r#"{"players": ["A", "B"], "values": {"A": 1, "B": 0, "A,B": 3}}"#,
        )
        .unwrap();
        assert_eq!(table.names(), ["A", "B"]);
        assert!(matches!(
            GameInput::from_document("{\"quota\": -1, \"weights\": [1]}"),
            Err(CoopError::WeightedSyntax(_))
        ));
        assert!(matches!(
            GameInput::from_document("{"),
            Err(CoopError::Json(_))
        ));
    }

    #[test]
    fn huge_built_in_games_are_refused_not_allocated() {
        for spec in [
            "glove:100000000000,1",
            "glove:18446744073709551615,18446744073709551615",
        ] {
            let error = GameInput::parse_inline(spec).unwrap_err();
            assert!(matches!(error, CoopError::TooLarge(_)), "{error}");
            assert!(error.to_string().contains("at most 100000 players"));
        }
        assert!(GameInput::parse_inline("glove:50000,50000").is_ok());
    }
}
