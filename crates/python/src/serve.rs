//! `sprague.serve(game)`: the web page plays a game defined in Python.
//!
//! The web server of `sprague serve` ([`sprague_web::BackgroundServer`]) runs on a thread of
//! its own with the given games *pinned* in its game cache ([`sprague_web::game_cache::GameCache::pin`]):
//! the page's requests for a pinned name (and for `misere:NAME`, `every:NAME`) are answered by
//! the very object the Python program holds, so what the program has explored is shared. A
//! user's game calls back into Python while the server answers: the server's worker threads
//! take the GIL for those calls only, so the interpreter goes on meanwhile (a notebook stays
//! usable) — and [`Server::wait`] blocks a script until Ctrl-C.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use pyo3::prelude::*;
use sprague_games::game_graph::GameGraph;
use sprague_games::playable::{Ending, Evaluation};
use sprague_games::{GameError, Move, PlayableGame, Position, Report};
use sprague_web::game_cache::GameCache;
use sprague_web::{BackgroundServer, ServerConfig};

use crate::define::Explorer;
use crate::impartial::NativeGame;

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(serve_games, module)?)?;
    module.add_class::<Server>()?;
    Ok(())
}

/// A running server; stopped by `stop()` or when collected.
#[pyclass(module = "sprague._native", frozen)]
pub(crate) struct Server {
    address: String,
    running: Mutex<Option<BackgroundServer>>,
}

/// Serves the pages and the API with `games` (name, game) pinned, on `host:port` (0: a free
/// port); returns at once.
#[pyfunction]
#[pyo3(signature = (games, host = "127.0.0.1", port = 0))]
fn serve_games(
    games: Vec<(String, PyRef<'_, NativeGame>)>,
    host: &str,
    port: u16,
) -> PyResult<Server> {
    let mut cache = GameCache::new();
    for (name, game) in &games {
        if name.trim().is_empty() || name.contains(char::is_whitespace) {
            return Err(crate::InvalidInput::new_err(format!(
                "a served game needs a name without spaces, not {}",
                sprague_textfile::quoted(name)
            )));
        }
        cache.pin(name, game.shared());
    }
    let server =
        BackgroundServer::start(host, port, ServerConfig::default(), cache).map_err(|error| {
            crate::Error::new_err(format!("could not serve on {host}:{port}: {error}"))
        })?;
    Ok(Server {
        address: server.address().to_string(),
        running: Mutex::new(Some(server)),
    })
}

#[pymethods]
impl Server {
    /// `host:port` the server listens on.
    #[getter]
    fn address(&self) -> String {
        self.address.clone()
    }

    /// Whether the server is still running.
    #[getter]
    fn running(&self) -> bool {
        self.running.lock().is_ok_and(|slot| slot.is_some())
    }

    /// Stops the server (the requests in flight get a second to finish).
    fn stop(&self, py: Python<'_>) {
        let server = self.running.lock().ok().and_then(|mut slot| slot.take());
        if let Some(server) = server {
            py.detach(move || server.stop());
        }
    }

    /// Blocks until Ctrl-C (`KeyboardInterrupt`, the server is then stopped) or until
    /// `seconds` have passed (`None`: no limit).
    #[pyo3(signature = (seconds = None))]
    fn wait(&self, py: Python<'_>, seconds: Option<f64>) -> PyResult<()> {
        let step = Duration::from_millis(100);
        let mut waited = Duration::ZERO;
        loop {
            if let Some(limit) = seconds {
                if waited.as_secs_f64() >= limit {
                    return Ok(());
                }
            }
            py.detach(|| std::thread::sleep(step));
            waited += step;
            if let Err(interrupt) = py.check_signals() {
                self.stop(py);
                return Err(interrupt);
            }
        }
    }
}

/// A game defined in Python as the web server plays it: every position given as words is
/// first read and explored by the game's explorer (which calls the user's functions, taking
/// the GIL for that moment), then answered by the game; a Python exception becomes the
/// request's one-sentence error.
pub(crate) struct Explored {
    game: Arc<dyn PlayableGame>,
    explorer: Arc<dyn Explorer>,
}

impl Explored {
    pub(crate) fn new(game: Arc<dyn PlayableGame>, explorer: Arc<dyn Explorer>) -> Self {
        Explored { game, explorer }
    }

    fn prepared(&self, words: &[String]) -> Result<Vec<String>, GameError> {
        Python::attach(|py| {
            self.explorer.prepare(py, words).map_err(|error| {
                let message = error.value(py).to_string();
                GameError::InvalidPosition {
                    game: self.game.description(),
                    text: words.join(" "),
                    reason: message,
                }
            })
        })
    }

    fn position_prepared(&self, position: &Position) -> Result<Position, GameError> {
        let mut prepared = position.clone();
        prepared.components = self.prepared(&position.components)?;
        Ok(prepared)
    }
}

impl PlayableGame for Explored {
    fn description(&self) -> String {
        self.game.description()
    }
    fn title(&self) -> String {
        self.game.title()
    }
    fn position_syntax(&self) -> String {
        self.game.position_syntax()
    }
    fn move_syntax(&self) -> String {
        self.game.move_syntax()
    }
    fn position(&self, words: &[String]) -> Result<Position, GameError> {
        self.game.position(&self.prepared(words)?)
    }
    fn moves(&self, position: &Position) -> Result<Vec<Move>, GameError> {
        self.game.moves(&self.position_prepared(position)?)
    }
    fn parse_move(&self, position: &Position, text: &str) -> Result<Move, GameError> {
        self.game
            .parse_move(&self.position_prepared(position)?, text)
    }
    fn components_commute(&self) -> bool {
        self.game.components_commute()
    }
    fn ending(&self) -> Ending {
        self.game.ending()
    }
    fn evaluate_moves(&self, moves: &[Move]) -> Result<Vec<Evaluation>, GameError> {
        self.game.evaluate_moves(moves)
    }
    fn value_rule(&self, component: &str, grundy: u64) -> Option<String> {
        self.game.value_rule(component, grundy)
    }
    fn analyze(&self, position: &Position) -> Result<Report, GameError> {
        self.game.analyze(&self.position_prepared(position)?)
    }
    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
        self.game.analyze_words(&self.prepared(words)?)
    }
    fn component_values(&self, words: &[String]) -> Result<Report, GameError> {
        self.game.component_values(&self.prepared(words)?)
    }
    fn analyze_misere(&self, words: &[String]) -> Result<Report, GameError> {
        self.game.analyze_misere(&self.prepared(words)?)
    }
    fn analyze_every_sg(&self, words: &[String]) -> Result<Report, GameError> {
        self.game.analyze_every_sg(&self.prepared(words)?)
    }
    fn game_graph(&self, words: &[String], node_limit: usize) -> Result<GameGraph, GameError> {
        self.game.game_graph(&self.prepared(words)?, node_limit)
    }
}
