//! The impartial-game commands: `games`, `nimber`, `values`, `analyze`, `moves`, `play`,
//! `table`, `survey`. Each reads its body and calls the library's record builder
//! (`sprague_games::record`, `sprague_takebreak::record`), the same one as the CLI.
//!
//! The server's own limits (beyond the libraries', which are the CLI's): `values` lists at
//! most [`MAX_VALUES`] values, `table` at most [`MAX_TABLE`]² cells, `survey` at most
//! [`MAX_SURVEY_CODES`] games sharing [`SURVEY_SECONDS`] seconds; take-and-break sweeps stop
//! on the request's stop flag.

use std::time::Duration;

use serde::Deserialize;
use sprague_games::record::{
    catalogue_record, game_over, game_record, parse_heap_bound, reply_pick, table_record,
    FamilyValuesRecord, NimberRecord, Side, TurnRecord,
};
use std::sync::Arc;

use sprague_games::{parse_game, CatalogueGame, GameError, Position};
use sprague_takebreak::record::{survey_code_list, SurveyRowRecord, ValuesRecord};
use sprague_takebreak::session::{self, values_config};
use sprague_takebreak::{Config, Method, Status};

use super::{json, read, words, Control};
use crate::error::ApiError;

/// The largest `turn` of `play` (the moves played before this one).
pub const MAX_TURN: usize = 1_000_000_000;

/// The most values `values` lists (g(0..=100000)).
pub const MAX_VALUES: u64 = 100_000;
/// The largest `to` of `table` (a 257 × 257 table).
pub const MAX_TABLE: u64 = 256;
/// The most games of one `survey`.
pub const MAX_SURVEY_CODES: usize = 64;
/// Seconds one `survey` shares among its games.
pub const SURVEY_SECONDS: f64 = 8.0;

fn refused(error: GameError) -> ApiError {
    ApiError::refused(error)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GamesRequest {
    game: Option<String>,
}

/// `POST /api/games`.
pub fn games(body: &[u8], _control: &Control) -> Result<serde_json::Value, ApiError> {
    let request: GamesRequest = read("games", body)?;
    match request.game {
        Some(game) => game_record(&game).map_err(refused),
        None => Ok(catalogue_record()),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NimberRequest {
    expression: String,
}

/// `POST /api/nimber`.
pub fn nimber(body: &[u8], _control: &Control) -> Result<serde_json::Value, ApiError> {
    let request: NimberRequest = read("nimber", body)?;
    json(NimberRecord::evaluate(&request.expression).map_err(ApiError::refused)?)
}

/// `--method` of `values`.
#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum MethodName {
    #[default]
    Auto,
    Plain,
    RareCommon,
    Naive,
}

impl MethodName {
    fn method(self) -> Method {
        match self {
            MethodName::Auto => Method::Auto,
            MethodName::Plain => Method::Plain,
            MethodName::RareCommon => Method::RareCommon,
            MethodName::Naive => Method::Naive,
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ValuesRequest {
    game: String,
    #[serde(default)]
    to: Option<serde_json::Value>,
    #[serde(default)]
    method: MethodName,
    #[serde(default)]
    no_period: bool,
    #[serde(default)]
    summary: bool,
}

/// A heap bound given as a number or as text (`"2^16"`), with `default` when absent.
fn heap_bound(
    field: &str,
    value: Option<&serde_json::Value>,
    default: u64,
) -> Result<u64, ApiError> {
    match value {
        None => Ok(default),
        Some(serde_json::Value::Number(number)) => number.as_u64().ok_or_else(|| {
            ApiError::refused(format!(
                "{field} must be a whole number from 0 to {}, not {number}",
                u64::MAX
            ))
        }),
        Some(serde_json::Value::String(text)) => parse_heap_bound(text).map_err(ApiError::refused),
        Some(other) => Err(ApiError::refused(format!(
            "{field} must be a whole number or a text such as \"2^16\", not {other}"
        ))),
    }
}

/// `POST /api/values`.
pub fn values(body: &[u8], control: &Control) -> Result<serde_json::Value, ApiError> {
    let request: ValuesRequest = read("values", body)?;
    let to = heap_bound("to", request.to.as_ref(), 100)?;
    let game = parse_game(&request.game).map_err(refused)?;
    let listed = !(request.summary && game.take_break().is_some());
    if listed && to > MAX_VALUES {
        return Err(ApiError::refused(format!(
            "this server lists at most g(0..={MAX_VALUES}), not g(0..={to}); ask for a summary of a take-and-break game, or use the command line"
        )));
    }
    let Some(rule) = game.take_break() else {
        sprague_games::playable::check_values_work(game.as_ref(), to, false).map_err(refused)?;
        // Stopped with the request's time like the take-and-break sweeps.
        let values = game
            .values_observed(to, &mut |_| {
                if control.stop.load(std::sync::atomic::Ordering::Relaxed) {
                    std::ops::ControlFlow::Break(())
                } else {
                    std::ops::ControlFlow::Continue(())
                }
            })
            .map_err(|error| match error {
                GameError::Sweep(sprague_engine::SweepError::Stopped) => {
                    super::out_of_time("values")
                }
                other => refused(other),
            })?;
        let record =
            FamilyValuesRecord::new(game.as_ref(), &values, to).map_err(ApiError::refused)?;
        return json(record);
    };
    let config = Config {
        stop_when_proven: !request.no_period,
        method: request.method.method(),
        threads: 1,
        ..values_config(to)
    };
    let run =
        session::run(rule, config, None, &control.stop, &mut |_| {}).map_err(ApiError::refused)?;
    if run.status() == Status::Interrupted {
        return Err(super::out_of_time("values"));
    }
    let record = ValuesRecord::new(&run, game.description(), game.title(), !request.summary)
        .map_err(ApiError::refused)?;
    json(record)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionRequest {
    game: String,
    #[serde(default, deserialize_with = "words::position")]
    position: Vec<String>,
}

/// `POST /api/analyze`.
pub fn analyze(body: &[u8], control: &Control) -> Result<serde_json::Value, ApiError> {
    let request: PositionRequest = read("analyze", body)?;
    // Partizan rulesets by name first, as the command line's `analyze` does.
    if let Some(entry) = super::partizan::requested(&request.game, &request.position) {
        return super::partizan::analyze(entry, &request.position, control);
    }
    // The game kept from earlier requests, with what it computed (a misère quotient).
    let game = control.games.game(&request.game).map_err(refused)?;
    let position = game.position(&request.position).map_err(refused)?;
    // Long searches (Chomp, SOS) ask the request's stop flag as they go.
    let (report, rules) =
        sprague_games::record::analysis_observed(game.as_ref().as_ref(), &position, &mut |_, _| {
            if control.stop.load(std::sync::atomic::Ordering::Relaxed) {
                std::ops::ControlFlow::Break(())
            } else {
                std::ops::ControlFlow::Continue(())
            }
        })
        .map_err(|error| match error {
            GameError::Stopped | GameError::Search(sprague_engine::WltError::Stopped) => {
                super::out_of_time("analyze")
            }
            other => refused(other),
        })?;
    json(sprague_games::record::AnalysisRecord::new(
        game.as_ref().as_ref(),
        &report,
        &rules,
    ))
}

/// `POST /api/moves`.
pub fn moves(body: &[u8], control: &Control) -> Result<serde_json::Value, ApiError> {
    let request: PositionRequest = read("moves", body)?;
    let game = control.games.game(&request.game).map_err(refused)?;
    let game = game.as_ref().as_ref();
    let position = game.position(&request.position).map_err(refused)?;
    let listing = sprague_games::record::MoveListing::of(game, &position).map_err(refused)?;
    json(listing.record(game, &position))
}

/// `--first` of `play`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum First {
    #[default]
    Me,
    Computer,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayRequest {
    game: String,
    #[serde(deserialize_with = "words::position")]
    position: Vec<String>,
    #[serde(default, rename = "move", deserialize_with = "words::optional_move")]
    played: Option<String>,
    #[serde(default)]
    misere: bool,
    #[serde(default)]
    first: First,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    turn: usize,
}

/// One turn of a game in progress, as [`play`] answers it.
struct Turn {
    game: Arc<CatalogueGame>,
    position: Position,
    records: Vec<TurnRecord>,
    ply: usize,
    you: u8,
}

impl Turn {
    /// Whose number (1 or 2) `side` plays, set on the position before its moves are listed.
    fn set_mover(&mut self, side: Side) {
        let number = if side == Side::You {
            self.you
        } else {
            3 - self.you
        };
        self.position.player = Some(number);
    }

    /// The ending when `side` has no move, else `None`.
    fn over(&mut self, side: Side) -> Result<Option<serde_json::Value>, ApiError> {
        self.set_mover(side);
        if !self.game.moves(&self.position).map_err(refused)?.is_empty() {
            return Ok(None);
        }
        let (record, _) =
            game_over(self.game.as_ref().as_ref(), &self.position, side).map_err(refused)?;
        Ok(Some(json(record)?))
    }

    fn answer(self, over: Option<serde_json::Value>) -> Result<serde_json::Value, ApiError> {
        Ok(serde_json::json!({
            "turns": json(&self.records)?,
            "position": json(&self.position)?,
            "over": over,
        }))
    }
}

/// `POST /api/play`: the player's move, then the perfect opponent's reply, or the ending.
pub fn play(body: &[u8], control: &Control) -> Result<serde_json::Value, ApiError> {
    // Partizan rulesets by name first, as the command line's `play` does.
    if let Some(entry) = super::partizan::play_requested(body) {
        return super::partizan::play(entry, body, control);
    }
    let request: PlayRequest = read("play", body)?;
    // Two moves are numbered after it: the number must not overflow (it did at 2^64 − 1).
    if request.turn > MAX_TURN {
        return Err(ApiError::refused(format!(
            "turn must be a number of moves from 0 to {MAX_TURN}, not {}",
            request.turn
        )));
    }
    let description = if request.misere {
        format!("misere:{}", request.game)
    } else {
        request.game.clone()
    };
    let game = control.games.game(&description).map_err(refused)?;
    let position = game.position(&request.position).map_err(refused)?;
    let mut turn = Turn {
        game,
        position,
        records: Vec::new(),
        ply: request.turn,
        you: if request.first == First::Me { 1 } else { 2 },
    };
    if let Some(typed) = &request.played {
        if let Some(over) = turn.over(Side::You)? {
            return turn.answer(Some(over));
        }
        let played = turn
            .game
            .parse_move(&turn.position, typed.trim())
            .map_err(refused)?;
        turn.ply += 1;
        let evaluation = turn
            .game
            .evaluate_moves(std::slice::from_ref(&played))
            .map_err(refused)?
            .into_iter()
            .next();
        if let Some(evaluation) = evaluation {
            turn.records.push(TurnRecord::new(
                turn.ply,
                Side::You,
                &played,
                None,
                evaluation,
            ));
        }
        turn.position = played.after;
    }
    if let Some(over) = turn.over(Side::Computer)? {
        return turn.answer(Some(over));
    }
    let pick = reply_pick(request.seed, turn.ply as u64);
    let reply = sprague_games::play::perfect_reply_choosing(
        turn.game.as_ref().as_ref(),
        &turn.position,
        pick,
    )
    .map_err(refused)?;
    if let Some(reply) = reply {
        turn.ply += 1;
        turn.records.push(TurnRecord::new(
            turn.ply,
            Side::Computer,
            &reply.play,
            Some(&reply.reason),
            reply.evaluation,
        ));
        turn.position = reply.play.after;
    }
    let over = turn.over(Side::You)?;
    turn.answer(over)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TableRequest {
    game: String,
    #[serde(default = "default_table_to")]
    to: u64,
}

fn default_table_to() -> u64 {
    15
}

/// `POST /api/table`.
pub fn table(body: &[u8], _control: &Control) -> Result<serde_json::Value, ApiError> {
    let request: TableRequest = read("table", body)?;
    if request.to > MAX_TABLE {
        return Err(ApiError::refused(format!(
            "this server prints tables of at most to = {MAX_TABLE}, not {}",
            request.to
        )));
    }
    json(table_record(&request.game, request.to).map_err(refused)?)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SurveyRequest {
    patterns: Vec<String>,
    #[serde(default)]
    budget: Option<serde_json::Value>,
    #[serde(default = "default_seconds")]
    seconds: f64,
}

fn default_seconds() -> f64 {
    10.0
}

/// `POST /api/survey`: at most [`MAX_SURVEY_CODES`] games, each within its share of
/// [`SURVEY_SECONDS`].
pub fn survey(body: &[u8], _control: &Control) -> Result<serde_json::Value, ApiError> {
    let request: SurveyRequest = read("survey", body)?;
    if !(request.seconds > 0.0 && request.seconds.is_finite()) {
        return Err(ApiError::refused(format!(
            "seconds must be a positive number of seconds, not {}",
            request.seconds
        )));
    }
    if request.patterns.len() > MAX_SURVEY_CODES {
        return Err(ApiError::refused(format!(
            "this server surveys at most {MAX_SURVEY_CODES} games, not {} patterns",
            request.patterns.len()
        )));
    }
    if request.patterns.is_empty() {
        return Err(ApiError::refused(
            "patterns must name at least one pattern such as 0.??",
        ));
    }
    let budget = heap_bound("budget", request.budget.as_ref(), 1 << 20)?;
    // Counted before listing: a pattern of many '?' names too many games to list.
    let wildcards: u32 = request
        .patterns
        .iter()
        .map(|pattern| pattern.matches('?').count() as u32)
        .max()
        .unwrap_or(0);
    if wildcards > 2 {
        return Err(ApiError::refused(format!(
            "this server surveys at most {MAX_SURVEY_CODES} games (patterns of at most two '?'); use the command line for more"
        )));
    }
    let codes = survey_code_list(&request.patterns).map_err(ApiError::refused)?;
    if codes.len() > MAX_SURVEY_CODES {
        return Err(ApiError::refused(format!(
            "this server surveys at most {MAX_SURVEY_CODES} games, not {}; use the command line for more",
            codes.len()
        )));
    }
    let share = (SURVEY_SECONDS / codes.len() as f64).min(request.seconds);
    let rows = sprague_takebreak::survey_codes(&codes, budget, Duration::from_secs_f64(share), 1)
        .map_err(ApiError::refused)?;
    json(rows.iter().map(SurveyRowRecord::of).collect::<Vec<_>>())
}

/// The most positions of a game graph here.
pub const MAX_GRAPH_NODES: usize = 2000;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GraphRequest {
    game: String,
    #[serde(default)]
    position: Vec<String>,
    #[serde(default = "default_graph_nodes")]
    max_nodes: usize,
}

fn default_graph_nodes() -> usize {
    200
}

/// `POST /api/graph`: the game graph from a position (`record::graph_record`), at most
/// [`MAX_GRAPH_NODES`] positions.
pub fn graph(body: &[u8], _control: &Control) -> Result<serde_json::Value, ApiError> {
    let request: GraphRequest = read("graph", body)?;
    if request.max_nodes > MAX_GRAPH_NODES {
        return Err(ApiError::refused(format!(
            "this server explores at most {MAX_GRAPH_NODES} positions, not max_nodes = {}; use the command line for more",
            request.max_nodes
        )));
    }
    json(
        sprague_games::record::graph_record(&request.game, &request.position, request.max_nodes)
            .map_err(refused)?,
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlotRequest {
    game: String,
    #[serde(default)]
    to: Option<serde_json::Value>,
    #[serde(default)]
    kind: Option<String>,
}

/// `POST /api/plot`: the SVG of `sprague plot GAME --to N [--kind K]` and what it shows
/// ([`sprague_games::plot`], the drawing the command line writes to its file).
pub fn plot(body: &[u8], control: &Control) -> Result<serde_json::Value, ApiError> {
    use sprague_games::plot::{plot, PlotError, PlotKind};
    let request: PlotRequest = read("plot", body)?;
    let to = heap_bound("to", request.to.as_ref(), 1000)?;
    if to > MAX_VALUES {
        return Err(ApiError::refused(format!(
            "this server plots at most g(0..={MAX_VALUES}), not g(0..={to}); use the command line's `sprague plot` for more"
        )));
    }
    let kind = match request.kind.as_deref() {
        None => PlotKind::Values,
        Some(name) => PlotKind::parse(name).ok_or_else(|| {
            ApiError::refused(format!(
                "kind must be \"values\" or \"rare-count\", not {}",
                sprague_textfile::quoted(name)
            ))
        })?,
    };
    let game = parse_game(&request.game).map_err(refused)?;
    let drawn = plot(game.as_ref(), to, kind, false, &mut |_| {
        if control.stop.load(std::sync::atomic::Ordering::Relaxed) {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    })
    .map_err(|error| match error {
        PlotError::Game(error) => refused(error),
        PlotError::Stopped => super::out_of_time("plot"),
        other => ApiError::refused(other.to_string()),
    })?;
    let mut record = serde_json::to_value(&drawn.summary)
        .map_err(|error| ApiError::refused(format!("could not write JSON: {error}")))?;
    if let serde_json::Value::Object(fields) = &mut record {
        fields.insert("svg".to_string(), serde_json::Value::String(drawn.svg));
    }
    Ok(record)
}
