//! A game with no catalogue description — written here the way a user writes one, as an
//! engine `Game` — pinned in the server's game cache and played through the API and the
//! Play page, under normal and misère play (values by the closed form n mod 3).

mod common;

use std::sync::Arc;

use serde_json::json;
use sprague_engine::Game;
use sprague_games::playable::GamePlayable;
use sprague_games::{GameError, PlayableGame};
use sprague_web::game_cache::GameCache;
use sprague_web::{BackgroundServer, ServerConfig};

/// Take 1 or 2 tokens from a heap: g(n) = n mod 3.
struct TakeOneOrTwo;

impl Game for TakeOneOrTwo {
    type Position = u64;

    fn options(&self, heap: &u64) -> Vec<u64> {
        (1..=2).filter(|&t| t <= *heap).map(|t| heap - t).collect()
    }
}

/// The game's face, as a user's Rust code builds it from the engine `Game`.
fn take_one_or_two() -> Arc<dyn PlayableGame> {
    fn heap(word: &str) -> Result<u64, GameError> {
        sprague_games::playable::parse_heap(word)
    }
    Arc::new(GamePlayable::new(
        "take-1-or-2",
        "Take one or two",
        "heaps",
        TakeOneOrTwo,
        heap,
    ))
}

#[test]
fn a_pinned_game_is_played_through_the_api_under_normal_and_misere_play() {
    let mut games = GameCache::new();
    games.pin("my-game", take_one_or_two());
    let server =
        BackgroundServer::start("127.0.0.1", 0, ServerConfig::default(), games).expect("a server");
    let address = server.address();

    // Normal play: g(n) = n mod 3, a sum is the XOR.
    let moves = common::http::post(
        address,
        "moves",
        &json!({"game": "my-game", "position": ["4", "5"]}).to_string(),
    )
    .json();
    assert_eq!(moves["grundy"], (4 % 3) ^ (5 % 3), "{moves}");
    let winning: Vec<String> = moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["winning"] == true)
        .map(|m| m["notation"].as_str().unwrap().to_string())
        .collect();
    assert!(!winning.is_empty(), "{moves}");

    // Misère play of the pinned game: 1 1 is an N-position under misère play (take one,
    // leaving the opponent the last move), a P-position under normal play.
    let normal = common::http::post(
        address,
        "analyze",
        &json!({"game": "my-game", "position": ["1", "1"]}).to_string(),
    )
    .json();
    assert_eq!(normal["outcome"], "P", "{normal}");
    let misere = common::http::post(
        address,
        "analyze",
        &json!({"game": "misere:my-game", "position": ["1", "1"]}).to_string(),
    )
    .json();
    assert_eq!(misere["outcome"], "N", "{misere}");

    // A turn of play: the computer answers from an N-position the player left.
    let turn = common::http::post(
        address,
        "play",
        &json!({"game": "my-game", "position": ["4", "5"], "move": "#1", "turn": 0}).to_string(),
    );
    assert_eq!(turn.status, 200, "{}", turn.text());

    // The Play page itself is served.
    let page = common::http::get(address, "/play");
    assert_eq!(page.status, 200);
    server.stop();
}
