//! Misère quotients kept on disk between runs of the command line.
//!
//! A server or a Python session keeps a game's misère quotient in memory
//! ([`sprague_games::misere_quotient::QuotientCache`]); each run of the command
//! line is a fresh process, which would build it again (misère Kayles: about a
//! second, more on a busy machine). So the command line stores the quotient it
//! computed in the user's cache directory and loads it at the next run. A stored
//! quotient is never trusted: loading proves it again from the game's own rules
//! ([`sprague_misere::certificate`], milliseconds), and a file that fails the
//! proof, is unreadable or belongs to another version is ignored (and replaced).
//!
//! The directory is `$SPRAGUE_CACHE_DIR`, else `$XDG_CACHE_HOME/sprague`, else
//! `~/.cache/sprague`; an empty `SPRAGUE_CACHE_DIR` turns the store off.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use sprague_games::misere_quotient::{QuotientCache, StoredQuotient};
use sprague_games::playable::Ending;
use sprague_games::PlayableGame;
use sprague_takebreak::TakeBreak;

/// The version of the file layout; files of another version are ignored.
const FORMAT: u32 = 1;

/// The file: its version, the game's rule and the quotient.
#[derive(Serialize, Deserialize)]
struct QuotientFile {
    format: u32,
    rule: String,
    quotient: StoredQuotient,
}

/// A game's quotient as loaded from disk, to be saved again if it changed.
pub struct DiskQuotient<'a> {
    path: PathBuf,
    rule: &'a TakeBreak,
    cache: &'a QuotientCache,
    loaded: Option<StoredQuotient>,
}

impl<'a> DiskQuotient<'a> {
    /// Loads the stored quotient of `game` into the game's own cache, when the game is
    /// played misère and keeps one (`misere:` of an octal or hexadecimal code) and the store
    /// is on; normal play never reads or writes it.
    pub fn attach(game: &'a dyn PlayableGame) -> Option<Self> {
        if game.ending() != Ending::Misere {
            return None;
        }
        let (rule, cache) = game.misere_quotient_cache()?;
        Self::attach_cache(rule, cache)
    }

    /// The same for a quotient cache held outside a game.
    pub fn attach_cache(rule: &'a TakeBreak, cache: &'a QuotientCache) -> Option<Self> {
        let path = quotient_path(rule)?;
        let loaded = read(&path, rule).and_then(|stored| match cache.load(rule, stored.clone()) {
            Ok(_) => Some(stored),
            Err(error) => {
                eprintln!(
                    "note: ignored the stored misère quotient {}: {error}",
                    path.display()
                );
                None
            }
        });
        Some(Self {
            path,
            rule,
            cache,
            loaded,
        })
    }

    /// Writes the quotient back when this run extended it (best effort: a cache
    /// that cannot be written is simply not kept).
    pub fn save(&self) {
        let Some(stored) = self.cache.stored(self.rule) else {
            return;
        };
        if self.loaded.as_ref() == Some(&stored) {
            return;
        }
        let file = QuotientFile {
            format: FORMAT,
            rule: self.rule.to_string(),
            quotient: stored,
        };
        let Ok(text) = serde_json::to_string(&file) else {
            return;
        };
        let Some(dir) = self.path.parent() else {
            return;
        };
        if std::fs::create_dir_all(dir).is_err() {
            return;
        }
        // Written aside, then renamed: a reader never sees half a file.
        let temporary = self
            .path
            .with_extension(format!("json.{}", std::process::id()));
        if std::fs::write(&temporary, text).is_ok()
            && std::fs::rename(&temporary, &self.path).is_err()
        {
            let _ = std::fs::remove_file(&temporary);
        }
    }
}

/// The stored quotient of `rule` at `path`, if the file is there, readable and of
/// this version and rule.
fn read(path: &std::path::Path, rule: &TakeBreak) -> Option<StoredQuotient> {
    let text = std::fs::read_to_string(path).ok()?;
    let file: QuotientFile = serde_json::from_str(&text).ok()?;
    (file.format == FORMAT && file.rule == rule.to_string()).then_some(file.quotient)
}

/// `DIR/misere-quotients/RULE.json`, the rule's name made safe as a file name.
fn quotient_path(rule: &TakeBreak) -> Option<PathBuf> {
    let name: String = rule
        .to_string()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    Some(
        cache_dir()?
            .join("misere-quotients")
            .join(format!("{name}.json")),
    )
}

/// The cache directory, or `None` when the store is off or no home is known.
fn cache_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("SPRAGUE_CACHE_DIR") {
        return (!dir.is_empty()).then(|| PathBuf::from(dir));
    }
    if let Some(dir) = std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir).join("sprague"));
    }
    let home = std::env::var_os("HOME").filter(|d| !d.is_empty())?;
    Some(PathBuf::from(home).join(".cache").join("sprague"))
}
