//! The API's errors: an HTTP status and one sentence, answered as `{"error": "..."}`.
//!
//! Bad bodies are the client's fault and get a 4xx (400 for what is not JSON or nests too
//! deep, 413 for an oversized body, 422 for JSON that does not fit the command or that the
//! library refuses); only a full server (503), a request past its time budget (503) and a
//! bug caught by the panic guard (500) are not.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

/// An API error: the status and one sentence saying what was wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ApiError {
    /// The HTTP status answered.
    pub status: StatusCode,
    /// One sentence for a person.
    pub message: String,
}

impl ApiError {
    /// An error with `status` and `message`.
    ///
    /// ```
    /// use axum::http::StatusCode;
    /// let error = sprague_web::ApiError::new(StatusCode::NOT_FOUND, "no such page");
    /// assert_eq!(error.to_string(), "no such page");
    /// ```
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            message: message.into(),
        }
    }

    /// The library refused the request (the CLI's exit code 2): 422 with its sentence.
    ///
    /// ```
    /// let error = sprague_web::ApiError::refused("unknown game 'kayle'");
    /// assert_eq!(error.status.as_u16(), 422);
    /// ```
    pub fn refused(message: impl std::fmt::Display) -> Self {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message.to_string())
    }

    /// A body that is not the JSON of `command`'s request, from serde_json's error: 400 when it
    /// is not JSON at all (syntax, end of input, nesting deeper than serde_json's recursion
    /// limit), 422 when it is JSON of the wrong shape (types, unknown fields, huge numbers).
    ///
    /// ```
    /// let error = serde_json::from_str::<u64>("1e30").unwrap_err();
    /// let api = sprague_web::ApiError::body("values", &error);
    /// assert_eq!(api.status.as_u16(), 422);
    /// assert!(api.message.starts_with("the body of /api/values"));
    /// ```
    pub fn body(command: &str, error: &serde_json::Error) -> Self {
        use serde_json::error::Category;
        let text = error.to_string();
        match error.classify() {
            Category::Data => ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!("the body of /api/{command} does not fit its request: {text}"),
            ),
            _ if text.contains("recursion limit") => ApiError::new(
                StatusCode::BAD_REQUEST,
                format!("the body of /api/{command} nests too deeply to be read ({text})"),
            ),
            _ => ApiError::new(
                StatusCode::BAD_REQUEST,
                format!("the body of /api/{command} is not valid JSON: {text}"),
            ),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (
            self.status,
            Json(serde_json::json!({ "error": self.message })),
        )
            .into_response()
    }
}
