//! The OpenAPI 3.1 document of the API (`GET /api/openapi.json`), generated from the
//! [`crate::api::ENDPOINTS`] table — each endpoint's body fields, an example, and its
//! answers — so it cannot drift from the routes. Written as JSON directly (no code
//! generator): the document is small and its test checks every path against the table.

use serde_json::{json, Map, Value};

use crate::api::{Endpoint, ENDPOINTS};

/// The OpenAPI document.
///
/// ```
/// let document = sprague_web::openapi::document();
/// assert_eq!(document["openapi"], "3.1.0");
/// assert!(document["paths"]["/api/nimber"]["post"].is_object());
/// ```
pub fn document() -> Value {
    let mut paths = Map::new();
    for endpoint in ENDPOINTS {
        paths.insert(
            format!("/api/{}", endpoint.path),
            json!({ "post": operation(endpoint) }),
        );
    }
    paths.insert(
        "/api/openapi.json".to_string(),
        json!({ "get": {
            "summary": "This document.",
            "operationId": "openapi",
            "responses": { "200": { "description": "The OpenAPI document.",
                "content": { "application/json": { "schema": { "type": "object" } } } } }
        } }),
    );
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "sprague",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "The JSON API of `sprague serve`: each command takes the command line's arguments as a JSON body and answers with the JSON of `sprague COMMAND --format json` (keys in docs/json.md). Errors are {\"error\": \"one sentence\"} with a 4xx status for a bad request, 503 when the server is busy or the request ran past its time budget."
        },
        "paths": paths,
        "components": { "schemas": { "Error": {
            "type": "object",
            "required": ["error"],
            "properties": { "error": { "type": "string", "description": "What was wrong, in one sentence." } }
        } } }
    })
}

/// A JSON Schema `type`: one name, or the list of several joined by `|` (`integer|string`).
fn schema_type(kind: &str) -> Value {
    let kinds: Vec<&str> = kind.split('|').collect();
    match kinds.as_slice() {
        [one] => json!(one),
        several => json!(several),
    }
}

fn operation(endpoint: &Endpoint) -> Value {
    let mut properties = Map::new();
    let mut required = Vec::new();
    for field in endpoint.fields {
        let mut schema = json!({ "type": schema_type(field.kind), "description": field.doc });
        if let Some(items) = field.items {
            schema["items"] = json!({ "type": schema_type(items) });
        }
        properties.insert(field.name.to_string(), schema);
        if field.required {
            required.push(field.name);
        }
    }
    let example: Value = serde_json::from_str(endpoint.example).unwrap_or(Value::Null);
    let error = |description: &str| {
        json!({ "description": description,
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } } })
    };
    json!({
        "summary": endpoint.summary,
        "description": format!("Mirrors `{} --format json`.", endpoint.mirrors),
        "operationId": endpoint.path.replace('/', "_"),
        "requestBody": { "required": true, "content": { "application/json": {
            "schema": { "type": "object", "additionalProperties": false,
                "properties": properties, "required": required },
            "example": example
        } } },
        "responses": {
            "200": { "description": format!("The JSON of `{} --format json`.", endpoint.mirrors),
                "content": { "application/json": { "schema": { "type": "object" } } } },
            "400": error("The body is not JSON, or nests too deeply."),
            "413": error("The body is larger than the server reads (1 MiB)."),
            "422": error("The body does not fit the request (types, unknown fields, numbers out of range), or the library refused it (the CLI's exit code 2)."),
            "503": error("The server is busy, or the request ran past its time budget.")
        }
    })
}
