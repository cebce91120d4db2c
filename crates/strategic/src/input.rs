//! Loading a game from a command-line argument: a built-in example name
//! (see [`crate::examples`]) or a file in Gambit `.nfg`, CSV or JSON matrix
//! format (see [`crate::nfg`] and [`crate::matrix_io`]), chosen by the
//! extension and, failing that, by the content.

use crate::error::StrategicError;
use crate::examples::{example, example_list};
use crate::game::NormalFormGame;
use crate::matrix_io::{read_csv, read_json};
use crate::nfg::read_nfg;

/// Loads the game named by `spec`: an example name or a file path.
///
/// ```
/// use sprague_strategic::input::load_game;
/// assert_eq!(load_game("rock-paper-scissors").unwrap().strategy_counts(), vec![3, 3]);
/// assert!(load_game("no-such-game").is_err());
/// ```
pub fn load_game(spec: &str) -> Result<NormalFormGame, StrategicError> {
    if let Some(game) = example(spec) {
        return Ok(game);
    }
    let path = std::path::Path::new(spec);
    if !path.exists() {
        return Err(StrategicError::UnknownExample(
            spec.to_string(),
            example_list(),
        ));
    }
    let text = sprague_textfile::read_bounded(path, sprague_textfile::FILE_LIMIT).map_err(|e| {
        StrategicError::Io {
            path: spec.to_string(),
            message: e.to_string(),
        }
    })?;
    parse_game_text(&text, path.extension().and_then(|e| e.to_str()))
}

/// Parses game text in the format given by `extension` (`nfg`, `csv`,
/// `json`), or guessed from the content when the extension is missing or
/// unknown.
pub fn parse_game_text(
    text: &str,
    extension: Option<&str>,
) -> Result<NormalFormGame, StrategicError> {
    match extension.map(str::to_ascii_lowercase).as_deref() {
        Some("nfg") => read_nfg(text),
        Some("csv") | Some("txt") => read_csv(text),
        Some("json") => read_json(text),
        _ => {
            let t = text.trim_start();
            if t.starts_with("NFG") {
                read_nfg(text)
            } else if t.starts_with('{') || t.starts_with('[') {
                read_json(text)
            } else {
                read_csv(text)
            }
        }
    }
}
