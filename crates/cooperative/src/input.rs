//! A cooperative game as the faces take it: the inline forms
//! (`[q; w1, ..., wn]`, `glove:L,R`, `airport:c1,c2,...`,
//! `bankruptcy:E:d1,d2,...`, `assignment:a11,a12,...;a21,...`) and the text
//! of a game file (the JSON coalition table, `{"quota": q, "weights": [...]}`,
//! or `[q; ...]`).
//! The command line reads files itself and hands their text to
//! [`GameInput::from_document`]; the Python module hands over strings.

use super::assignment::AssignmentGame;
use super::builtin::{self, Builtin};
use super::characteristic::CharacteristicFunction;
use super::{CoopError, TuGame, WeightedVotingGame, MAX_TABLE_PLAYERS};

/// A game in one of the forms the solution concepts take.
#[derive(Debug, Clone, PartialEq)]
pub enum GameInput {
    /// A table of all coalition values.
    Table(TuGame),
    /// A weighted voting game (power indices need no table).
    Weighted(WeightedVotingGame),
    /// A built-in game (glove, airport, bankruptcy): its table is built
    /// when a concept needs one and it has at most [`MAX_TABLE_PLAYERS`]
    /// players; beyond, only the Monte Carlo Shapley value, the least core
    /// and the nucleolus (up to 25 players) are computed.
    Builtin(Builtin),
    /// An assignment game (the least core and nucleolus by its essential
    /// coalitions; a table up to [`MAX_TABLE_PLAYERS`] players for the rest).
    Assignment(AssignmentGame),
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
        if let Some((name, rest)) = trimmed.split_once(':') {
            if name.trim().eq_ignore_ascii_case("assignment") {
                return Ok(Some(GameInput::Assignment(rest.parse()?)));
            }
        }
        Ok(builtin::parse_spec(trimmed)?.map(GameInput::Builtin))
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
            GameInput::Builtin(b) => b.players(),
            GameInput::Assignment(a) => a.players(),
        }
    }

    /// The players' names (1…n for weighted voting and large built-in games).
    pub fn names(&self) -> Vec<String> {
        match self {
            GameInput::Table(t) => t.names().to_vec(),
            GameInput::Builtin(Builtin::Glove { left, right }) => (1..=*left)
                .map(|i| format!("L{i}"))
                .chain((1..=*right).map(|i| format!("R{i}")))
                .collect(),
            GameInput::Assignment(a) => a.names(),
            GameInput::Weighted(_) | GameInput::Builtin(_) => {
                (1..=self.players()).map(|i| i.to_string()).collect()
            }
        }
    }

    /// Whether the game is a cost game (the airport game): its table holds
    /// what each coalition would pay on its own, and the core, least core and
    /// nucleolus are those of a cost game.
    ///
    /// ```
    /// use sprague_cooperative::input::GameInput;
    /// let read = |s| GameInput::parse_inline(s).unwrap().unwrap();
    /// assert!(read("airport:1,2,3").is_cost_game());
    /// assert!(!read("glove:1,2").is_cost_game());
    /// ```
    pub fn is_cost_game(&self) -> bool {
        matches!(self, GameInput::Builtin(Builtin::Airport { .. }))
    }

    /// The table of all coalitions, for the concepts that need one (`what`
    /// names the concept in the error of a game too large for a table); for
    /// a cost game, its costs.
    pub fn table(&self, what: &str) -> Result<TuGame, CoopError> {
        match self {
            GameInput::Table(t) => Ok(t.clone()),
            GameInput::Weighted(w) => w.to_tu_game(),
            GameInput::Builtin(b) if b.players() <= MAX_TABLE_PLAYERS => b.to_game(),
            GameInput::Builtin(b) => Err(too_large(what, b.players())),
            GameInput::Assignment(a) if a.players() <= MAX_TABLE_PLAYERS => TuGame::new(
                a.names(),
                (0..1u32 << a.players()).map(|s| a.worth(s)).collect(),
            ),
            GameInput::Assignment(a) => Err(too_large(what, a.players())),
        }
    }
}

/// The error of an exact concept asked of a game given by a rule that is too large for a table.
pub fn too_large(what: &str, players: usize) -> CoopError {
    CoopError::TooLarge(format!(
        "the exact {what} needs a table of all coalitions, at most {MAX_TABLE_PLAYERS} players, not {players} (the least core and the nucleolus of a game given by a rule take up to 25; `coop shapley` estimates the Shapley value of a large built-in game by Monte Carlo)"
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
            Ok(Some(GameInput::Builtin(_)))
        ));
        let market = GameInput::parse_inline("assignment:3,5;4,1")
            .unwrap()
            .unwrap();
        assert_eq!(market.names(), ["B1", "B2", "S1", "S2"]);
        assert_eq!(
            market
                .table("core")
                .unwrap()
                .grand_coalition_value()
                .to_string(),
            "9"
        );
        assert!(GameInput::parse_inline("assignment:3,x").is_err());
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
