//! The JSON API: `POST /api/<command>` with a JSON body whose fields are the command line's
//! arguments (snake_case names, the same defaults), answered with exactly the JSON that
//! `sprague <command> --format json` prints for them. The records are built by the library
//! crates (`sprague_games::record`, `sprague_takebreak::record`, `sprague_strategic::report`,
//! `sprague_repeated::ipd::records`, `sprague_cooperative::report`), the same functions the
//! CLI calls; this module only reads bodies and calls them.
//!
//! Each command is an [`Endpoint`]: its path, its documented fields (from which
//! `/api/openapi.json` is generated), an example body and the function that answers it.
//! Bodies are read with `deny_unknown_fields`, so a misspelt field is refused, not ignored.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use serde::de::DeserializeOwned;

use crate::error::ApiError;

mod impartial;

/// What a running command may check: the stop flag (raised when the request's time budget
/// runs out) and the deadline itself.
#[derive(Debug, Clone)]
pub struct Control {
    /// Raised by the server when the request's time is up; computations that take a stop
    /// flag get this one.
    pub stop: Arc<AtomicBool>,
    /// When the request's time is up.
    pub deadline: Instant,
}

/// One field of a request body, as documented in the OpenAPI document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    /// The field's name (the CLI's argument in snake_case).
    pub name: &'static str,
    /// Its JSON Schema type: `string`, `integer`, `number`, `boolean`, `array`, `object`.
    pub kind: &'static str,
    /// For arrays: the items' type.
    pub items: Option<&'static str>,
    /// Whether the body must have it.
    pub required: bool,
    /// What it is, with its default when it has one.
    pub doc: &'static str,
}

/// Shorthand constructors for the field tables.
const fn field(name: &'static str, kind: &'static str, required: bool, doc: &'static str) -> Field {
    Field {
        name,
        kind,
        items: None,
        required,
        doc,
    }
}

const fn list(name: &'static str, items: &'static str, required: bool, doc: &'static str) -> Field {
    Field {
        name,
        kind: "array",
        items: Some(items),
        required,
        doc,
    }
}

/// One command of the API.
#[derive(Debug, Clone, Copy)]
pub struct Endpoint {
    /// The path after `/api/`, e.g. `values` or `coop/shapley`.
    pub path: &'static str,
    /// The CLI command it mirrors, e.g. `sprague values GAME --to N`.
    pub mirrors: &'static str,
    /// One line on what it answers.
    pub summary: &'static str,
    /// The body's fields.
    pub fields: &'static [Field],
    /// An example body (answered 200; the API tests post every one).
    pub example: &'static str,
    /// Answers a body.
    pub run: fn(&[u8], &Control) -> Result<serde_json::Value, ApiError>,
}

/// Every command of the API.
pub static ENDPOINTS: &[Endpoint] = &[
    Endpoint {
        path: "games",
        mirrors: "sprague games [GAME]",
        summary: "The catalogue of impartial games, or one game in full (syntax, rule, example, position and move notation).",
        fields: &[field("game", "string", false, "One game to describe (a name, an alias or a description such as bash:3); without it, the whole catalogue.")],
        example: r#"{"game": "kayles"}"#,
        run: impartial::games,
    },
    Endpoint {
        path: "nimber",
        mirrors: "sprague nimber EXPR",
        summary: "Nim arithmetic: the value of an expression in Conway's field (+ nim-sum, * nim-product, /, ^, inv, sqrt, sq).",
        fields: &[field("expression", "string", true, "The expression, e.g. \"16 * 16\".")],
        example: r#"{"expression": "16 * 16"}"#,
        run: impartial::nimber,
    },
    Endpoint {
        path: "values",
        mirrors: "sprague values GAME --to N",
        summary: "Sprague–Grundy values g(0..=N) of a one-heap game, with the period found and whether (and by which theorem) it is proven.",
        fields: &[
            field("game", "string", true, "A one-heap game: kayles, subtraction:1,3,4, 0.137, grundy, …"),
            field("to", "integer", false, "The largest heap (default 100); a text such as \"2^16\" is read too. At most 100000 here, except for a take-and-break summary."),
            field("method", "string", false, "Take-and-break games: auto (default), plain, rare-common, naive."),
            field("no_period", "boolean", false, "Take-and-break games: compute every value up to `to`, without stopping at a proven period."),
            field("summary", "boolean", false, "Take-and-break games: the summary without the list of values."),
        ],
        example: r#"{"game": "kayles", "to": 30}"#,
        run: impartial::values,
    },
    Endpoint {
        path: "analyze",
        mirrors: "sprague analyze GAME POSITION...",
        summary: "Value of each component, the total, the outcome and every winning move of a position.",
        fields: &[
            field("game", "string", true, "Any game of the catalogue: nim, kayles, chomp, wythoff, misere:nim, …"),
            list("position", "string", false, "The components of the position, e.g. [\"3\", \"4\", \"5\"]."),
        ],
        example: r#"{"game": "nim", "position": ["3", "4", "5"]}"#,
        run: impartial::analyze,
    },
    Endpoint {
        path: "moves",
        mirrors: "sprague moves GAME POSITION...",
        summary: "Every legal move with the value and outcome after it, why the position has its value (the mex), and from a P-position a winning reply to each move.",
        fields: &[
            field("game", "string", true, "Any game of the catalogue."),
            list("position", "string", false, "The components of the position."),
        ],
        example: r#"{"game": "kayles", "position": ["7"]}"#,
        run: impartial::moves,
    },
    Endpoint {
        path: "play",
        mirrors: "sprague play GAME POSITION... (one turn)",
        summary: "One turn against the perfect opponent, stateless: the player's move, then the computer's reply with its reason, or the ending. The turns are the objects `sprague play --format json` prints.",
        fields: &[
            field("game", "string", true, "Any game of the catalogue (every:GAME for Every-SG play)."),
            list("position", "string", true, "The position before the turn."),
            field("move", "string", false, "The player's move in the game's notation, or #k for the k-th listed move; without it the computer moves."),
            field("misere", "boolean", false, "Misère play (--misere)."),
            field("first", "string", false, "Who moved first in the game: me (default) or computer (decides the player numbers of games whose moves depend on them)."),
            field("seed", "integer", false, "Varies the computer's choice among equally good moves (--seed)."),
            field("turn", "integer", false, "Moves played before this turn (default 0): the turns are numbered from it."),
        ],
        example: r#"{"game": "nim", "position": ["3", "4", "5"], "move": "3->1"}"#,
        run: impartial::play,
    },
    Endpoint {
        path: "table",
        mirrors: "sprague table GAME --to N",
        summary: "The table g(a, b) of Wythoff's game with its P-positions, or the γ of every vertex of a digraph.",
        fields: &[
            field("game", "string", true, "wythoff, or digraph:GRAPH."),
            field("to", "integer", false, "The largest heap (default 15; at most 256 here)."),
        ],
        example: r#"{"game": "wythoff", "to": 10}"#,
        run: impartial::table,
    },
    Endpoint {
        path: "survey",
        mirrors: "sprague survey PATTERN...",
        summary: "Every octal code of a shape, classified (period, preperiod, largest value) and grouped; at most 64 games, sharing 8 s.",
        fields: &[
            list("patterns", "string", true, "Codes with ? for each varying digit (0.??) or plain codes; at most two ? here."),
            field("budget", "integer", false, "Values per game at most (default 2^20; a text such as \"2^16\" is read too)."),
            field("seconds", "number", false, "Seconds per game at most (default 10; the server gives each game at most 8 s divided by the number of games)."),
        ],
        example: r#"{"patterns": ["0.?"], "budget": 4096}"#,
        run: impartial::survey,
    },
];

/// The error of a command stopped at the end of its time budget.
fn out_of_time(command: &str) -> ApiError {
    ApiError::new(
        axum::http::StatusCode::SERVICE_UNAVAILABLE,
        format!("/api/{command} ran out of the time this server gives a request; ask for less"),
    )
}

/// The endpoint at `/api/{path}`.
///
/// ```
/// assert!(sprague_web::api::endpoint("nimber").is_some());
/// assert!(sprague_web::api::endpoint("rm -rf").is_none());
/// ```
pub fn endpoint(path: &str) -> Option<&'static Endpoint> {
    ENDPOINTS.iter().find(|endpoint| endpoint.path == path)
}

/// Reads the body of `/api/{command}` as its request type (serde_json keeps its recursion
/// limit of 128 levels: deeper bodies are refused, never a stack overflow).
fn read<T: DeserializeOwned>(command: &str, body: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|error| ApiError::body(command, &error))
}

/// A record as the JSON value sent back.
fn json(record: impl serde::Serialize) -> Result<serde_json::Value, ApiError> {
    serde_json::to_value(record).map_err(|error| {
        ApiError::new(
            axum::http::StatusCode::INTERNAL_SERVER_ERROR,
            format!("the answer could not be written as JSON: {error}"),
        )
    })
}
