//! User input as error messages echo it: shortened and escaped.
//!
//! An error message quotes what the user gave (a game description, a position, a strategy
//! name, a token of a file) so that the user sees what was refused; the input may be a
//! 30 KB argument or hold raw control characters (an escape sequence that would clear the
//! terminal). [`quoted`] is the one way every crate quotes input: control characters are
//! written as Rust escapes (`\u{1b}`), and only the first [`SHOWN`] characters are kept,
//! with `…` when more were cut. [`bounded_message`] is the last guard of a whole message
//! (the command line passes every error through it): each line escaped and at most
//! [`LINE_LIMIT`] characters, its middle cut. Written by hand: `str::escape_debug` escapes
//! quotes and backslashes too, which a message quoting `0.7"` should not.

/// The characters of an input an error message shows.
pub const SHOWN: usize = 60;

/// The characters of a file path an error message shows: paths are legitimately long, and
/// their end (the file's name) says the most.
pub const PATH_SHOWN: usize = 200;

/// The longest line of a message after [`bounded_message`].
pub const LINE_LIMIT: usize = 400;

/// `text` with its control characters (other than those in `keep`) escaped.
fn escaped(text: impl Iterator<Item = char>, keep: &[char]) -> String {
    let mut out = String::new();
    for c in text {
        if c.is_control() && !keep.contains(&c) {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

/// User input as an error message quotes it: control characters escaped and anything past
/// [`SHOWN`] characters cut (with `…`), so a long or binary argument cannot flood or
/// garble the terminal.
///
/// ```
/// use sprague_textfile::quoted;
/// assert_eq!(quoted("3->1"), "3->1");
/// assert_eq!(quoted("a\u{7}b"), "a\\u{7}b");
/// assert_eq!(quoted(&"x".repeat(100)).chars().count(), SHOWN_PLUS_ELLIPSIS);
/// # const SHOWN_PLUS_ELLIPSIS: usize = sprague_textfile::quote::SHOWN + 1;
/// ```
pub fn quoted(text: &str) -> String {
    let mut shown = escaped(text.chars().take(SHOWN), &[]);
    if text.chars().nth(SHOWN).is_some() {
        shown.push('…');
    }
    shown
}

/// A file path as an error message quotes it: control characters escaped, and of a path
/// longer than [`PATH_SHOWN`] characters (escapes included) only its end (with `…` before
/// it), where the file's name is.
///
/// ```
/// use sprague_textfile::quote::quoted_path;
/// assert_eq!(quoted_path("/tmp/run/g.ckpt"), "/tmp/run/g.ckpt");
/// let long = format!("/{}/g.ckpt", "d".repeat(300));
/// let shown = quoted_path(&long);
/// assert!(shown.starts_with('…') && shown.ends_with("d/g.ckpt"));
/// assert_eq!(shown.chars().count(), sprague_textfile::quote::PATH_SHOWN + 1);
/// ```
pub fn quoted_path(path: &str) -> String {
    // Escaped first, then cut: the escapes count towards the characters shown.
    let shown = escaped(path.chars(), &[]);
    let count = shown.chars().count();
    if count <= PATH_SHOWN {
        return shown;
    }
    format!(
        "…{}",
        shown.chars().skip(count - PATH_SHOWN).collect::<String>()
    )
}

/// A whole message made safe to print: control characters other than line breaks escaped,
/// and every line longer than [`LINE_LIMIT`] characters cut in the middle (its start and
/// end kept, with `…` between), so that no input a message echoes, however it got there,
/// floods the terminal.
///
/// ```
/// use sprague_textfile::quote::{bounded_message, LINE_LIMIT};
/// assert_eq!(bounded_message("unknown game 'x\u{1b}[2J'"), "unknown game 'x\\u{1b}[2J'");
/// let long = format!("bad '{}'; use nim", "9".repeat(30_000));
/// let bounded = bounded_message(&long);
/// assert!(bounded.chars().count() <= LINE_LIMIT && bounded.ends_with("; use nim"));
/// ```
pub fn bounded_message(message: &str) -> String {
    message
        .split('\n')
        .map(|line| {
            let line = escaped(line.chars(), &['\t']);
            let count = line.chars().count();
            if count <= LINE_LIMIT {
                return line;
            }
            // Start and end kept: the reason and the advice usually come last.
            let head = LINE_LIMIT * 3 / 4;
            let tail = LINE_LIMIT - head - 1;
            let start: String = line.chars().take(head).collect();
            let end: String = line.chars().skip(count - tail).collect();
            format!("{start}…{end}")
        })
        .collect::<Vec<_>>()
        .join("\n")
}
