//! Loading an extensive game from a command-line argument: a built-in name
//! (see [`super::builtin`]), a Gambit `.efg` file, or the JSON form of
//! [`super::ExtensiveGame`] in a `.json` file that holds `"infosets"`.
//! Anything else is not an extensive game (`Ok(None)`), so the caller can try
//! the normal-form readers.

use super::builtin::builtin;
use super::efg::{read_efg_file, MAX_EFG_BYTES};
use super::error::ExtensiveError;
use super::game::ExtensiveGame;

/// The extensive game named by `spec`, if `spec` names one.
///
/// ```
/// use sprague_strategic::extensive::input::load_extensive;
/// assert!(load_extensive("kuhn-poker").unwrap().is_some());
/// assert!(load_extensive("prisoners-dilemma").unwrap().is_none());
/// ```
pub fn load_extensive(spec: &str) -> Result<Option<ExtensiveGame>, ExtensiveError> {
    if let Some(game) = builtin(spec) {
        return Ok(Some(game));
    }
    let path = std::path::Path::new(spec);
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match extension.as_deref() {
        Some("efg") => read_efg_file(path).map(Some),
        Some("json") if path.is_file() => {
            let size = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
            if size > MAX_EFG_BYTES {
                return Ok(None);
            }
            let text = std::fs::read_to_string(path).map_err(|e| {
                ExtensiveError::Invalid(format!(
                    "could not read {}: {e}",
                    sprague_textfile::quote::quoted_path(&path.display().to_string())
                ))
            })?;
            let is_tree = serde_json::from_str::<serde_json::Value>(&text)
                .ok()
                .is_some_and(|v| v.get("infosets").is_some());
            if is_tree {
                ExtensiveGame::from_json(&text).map(Some)
            } else {
                Ok(None)
            }
        }
        _ => Ok(None),
    }
}
