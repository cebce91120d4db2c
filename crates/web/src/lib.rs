//! The sprague web server (`sprague serve`): the playground's pages, embedded in the binary
//! from `crates/web/assets/` ([`assets`]), and a JSON API that mirrors the command line
//! ([`api`]: `POST /api/<command>` answers with the JSON of `sprague <command> --format
//! json`), described by an OpenAPI document ([`openapi`]) and run under limits
//! ([`server`]: body size, time budget, a cap on concurrent work, a panic guard).
//!
//! Built on axum (tokio, hyper, tower); the answers come from the library crates' record
//! builders, the same ones the CLI and the Python module call.

pub mod api;
pub mod assets;
pub mod error;
pub mod game_cache;
pub mod openapi;
pub mod server;

pub use error::ApiError;
pub use server::{
    app, guard, routes, routes_with_games, run_until_interrupted, serve, BackgroundServer,
    ServerConfig, SHUTDOWN_GRACE,
};
