//! The pages' assets, embedded in the binary at compile time from `crates/web/assets/`
//! (every file of the directory, by `include_dir`), and the rule that maps a URL path to one.
//!
//! The rule: `/` is `index.html`; `/NAME` is `NAME.html` when that file exists, otherwise the
//! file `NAME` itself (any sub-path, e.g. `/css/site.css`). Nothing else is read: the server
//! touches no file system, so a path such as `/../Cargo.toml` can only miss.

use include_dir::{include_dir, Dir};

static ASSETS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/assets");

/// One embedded file: its bytes and its `Content-Type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Asset {
    /// The file's path inside `assets/`.
    pub path: &'static str,
    /// The file's contents.
    pub bytes: &'static [u8],
    /// The `Content-Type` for its extension (text types with `charset=utf-8`).
    pub content_type: &'static str,
}

/// The asset served at the URL path `path` (with or without its leading `/`), by the rule of
/// this module.
///
/// ```
/// let index = sprague_web::assets::find("/").unwrap();
/// assert_eq!(index.path, "index.html");
/// assert_eq!(index.content_type, "text/html; charset=utf-8");
/// assert!(sprague_web::assets::find("/index").is_some());
/// assert!(sprague_web::assets::find("/../Cargo.toml").is_none());
/// ```
pub fn find(path: &str) -> Option<Asset> {
    let name = path.trim_start_matches('/');
    if name.split('/').any(|part| part == ".." || part == ".") {
        return None;
    }
    if name.is_empty() {
        return file("index.html");
    }
    file(&format!("{name}.html")).or_else(|| file(name))
}

/// Every embedded file's path (for tests and the listing of what the binary carries).
///
/// ```
/// assert!(sprague_web::assets::paths().contains(&"index.html"));
/// ```
pub fn paths() -> Vec<&'static str> {
    let mut found = Vec::new();
    let mut pending = vec![&ASSETS];
    while let Some(dir) = pending.pop() {
        for entry in dir.entries() {
            match entry {
                include_dir::DirEntry::Dir(sub) => pending.push(sub),
                include_dir::DirEntry::File(file) => {
                    if let Some(path) = file.path().to_str() {
                        found.push(path);
                    }
                }
            }
        }
    }
    found.sort_unstable();
    found
}

fn file(name: &str) -> Option<Asset> {
    let file = ASSETS.get_file(name)?;
    let path = file.path().to_str()?;
    Some(Asset {
        path,
        bytes: file.contents(),
        content_type: content_type(path),
    })
}

/// The `Content-Type` of a file by its extension.
fn content_type(path: &str) -> &'static str {
    let extension = path.rsplit_once('.').map_or("", |(_, extension)| extension);
    match extension.to_ascii_lowercase().as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "txt" | "md" => "text/plain; charset=utf-8",
        "nfg" | "efg" | "csv" => "text/plain; charset=utf-8",
        "wasm" => "application/wasm",
        _ => mime_guess::from_ext(extension)
            .first_raw()
            .unwrap_or("application/octet-stream"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_follow_extensions() {
        assert_eq!(content_type("a/b.css"), "text/css; charset=utf-8");
        assert_eq!(content_type("x.PNG"), "image/png");
        assert_eq!(content_type("x.woff2"), "font/woff2");
        assert_eq!(content_type("noextension"), "application/octet-stream");
    }

    #[test]
    fn every_embedded_file_is_found_by_its_path() {
        for path in paths() {
            // A file named NAME.html is served at /NAME.html too (and at /NAME).
            assert_eq!(
                find(&format!("/{path}")).map(|a| a.path),
                Some(path),
                "{path}"
            );
        }
    }
}
