//! The games the server has parsed, kept between requests: a game object keeps what it
//! computed (the misère quotient of an octal game, the exact misère search's memo), so a
//! later request on the same game answers from it instead of computing it again.
//!
//! A small map from the game's description to the parsed game, emptied when it holds
//! [`CAPACITY`] games (the server's memory stays bounded; the next requests refill it).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use sprague_games::{parse_game, CatalogueGame, GameError};

/// The most games kept.
pub const CAPACITY: usize = 64;

/// Parsed games by description, shared by the server's requests.
#[derive(Default)]
pub struct GameCache {
    games: Mutex<HashMap<String, Arc<CatalogueGame>>>,
}

impl std::fmt::Debug for GameCache {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let count = self.games.lock().map_or(0, |games| games.len());
        write!(formatter, "GameCache({count} games)")
    }
}

impl GameCache {
    /// An empty cache.
    pub fn new() -> Self {
        Self::default()
    }

    /// The game described by `description`, parsed once and then kept.
    ///
    /// # Errors
    /// The parse error of the description.
    ///
    /// ```
    /// let cache = sprague_web::game_cache::GameCache::new();
    /// let first = cache.game("misere:kayles").unwrap();
    /// let again = cache.game("misere:kayles").unwrap();
    /// assert!(std::sync::Arc::ptr_eq(&first, &again));
    /// ```
    pub fn game(&self, description: &str) -> Result<Arc<CatalogueGame>, GameError> {
        let key = description.trim().to_string();
        if key.contains('@') {
            // A game read from a file (`digraph:@graph.txt`): the file may change.
            return Ok(Arc::new(parse_game(&key)?));
        }
        if let Some(game) = self.lock().get(&key) {
            return Ok(Arc::clone(game));
        }
        // Parsed outside the lock: a slow description (a digraph file) blocks no one.
        let game = Arc::new(parse_game(&key)?);
        let mut games = self.lock();
        if games.len() >= CAPACITY {
            games.clear();
        }
        Ok(Arc::clone(games.entry(key).or_insert(game)))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<CatalogueGame>>> {
        self.games
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
