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

#[allow(dead_code)] // used by the endpoints with list fields, added next
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
];

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
