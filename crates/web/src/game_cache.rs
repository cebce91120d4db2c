//! The games the server has parsed, kept between requests: a game object keeps what it
//! computed (the misère quotient of an octal game, the exact misère search's memo), so a
//! later request on the same game answers from it instead of computing it again.
//!
//! A small map from the game's description to the parsed game, emptied when it holds
//! [`CAPACITY`] games (the server's memory stays bounded; the next requests refill it).
//!
//! A host may also *pin* games that have no catalogue description — a game a user defined
//! in Python and serves with `sprague.serve(game)` — under a name of its own: requests for
//! that name, and for `misere:NAME` and `every:NAME`, are answered by the one shared game
//! object (through `Arc`, see [`sprague_games::shared_game`]), never emptied.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use sprague_games::every_sg::every_sg_of;
use sprague_games::misere::misere_of;
use sprague_games::{parse_game, CatalogueGame, GameError, PlayableGame};

/// The most games kept.
pub const CAPACITY: usize = 64;

/// Parsed games by description, shared by the server's requests.
#[derive(Default)]
pub struct GameCache {
    games: Mutex<HashMap<String, Arc<CatalogueGame>>>,
    pinned: HashMap<String, Arc<dyn PlayableGame>>,
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

    /// Adds `game` under `name` (its description when it has none of its own): requests for
    /// `name`, `misere:name` and `every:name` are answered by this one object. A pinned name
    /// hides a catalogue game of the same name.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use sprague_games::parse_game;
    /// let mut cache = sprague_web::game_cache::GameCache::new();
    /// cache.pin("my-nim", Arc::from(parse_game("nim").unwrap()));
    /// assert_eq!(cache.game("my-nim").unwrap().description(), "nim");
    /// assert_eq!(cache.game("misere:my-nim").unwrap().description(), "misere:nim");
    /// ```
    pub fn pin(&mut self, name: &str, game: Arc<dyn PlayableGame>) {
        self.pinned.insert(name.trim().to_string(), game);
    }

    /// The names of the pinned games, sorted.
    pub fn pinned_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.pinned.keys().cloned().collect();
        names.sort();
        names
    }

    /// A pinned game, or its misère or Every-SG view (`misere:NAME`, `every:NAME`, nested).
    fn pinned_game(&self, description: &str) -> Option<CatalogueGame> {
        if let Some(game) = self.pinned.get(description) {
            return Some(Box::new(Arc::clone(game)));
        }
        let (prefix, inner) = description.split_once(':')?;
        match prefix.trim().to_lowercase().as_str() {
            "misere" | "misère" | "anti" => self.pinned_game(inner.trim()).map(misere_of),
            "every" | "every-sg" => self.pinned_game(inner.trim()).map(every_sg_of),
            _ => None,
        }
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
        if !self.pinned.is_empty() {
            if let Some(game) = self.pinned_game(&key) {
                return Ok(Arc::new(game));
            }
        }
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
