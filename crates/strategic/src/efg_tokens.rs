//! The tokens of Gambit's text formats (`.efg`, read by [`crate::extensive::efg`]
//! and, for perfect-information trees, by [`crate::game_tree`]): words, quoted
//! texts with backslash escapes, and the symbols `{`, `}`, `,`, each with its
//! line. Format: <https://gambitproject.readthedocs.io/en/latest/formats.html>.

/// A token of a Gambit file: a bare word, a quoted text (escapes resolved) or
/// one of `{`, `}`, `,`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Token {
    /// A bare word (a keyword or a number).
    Word(String),
    /// A quoted text.
    Text(String),
    /// `{`, `}` or `,`.
    Symbol(char),
}

/// The tokens of `text` with their line numbers; `Err(line)` when a quoted
/// text opened on `line` is not closed.
pub(crate) fn tokenize(text: &str) -> Result<Vec<(Token, usize)>, usize> {
    let mut tokens = Vec::new();
    let mut chars = text.chars().peekable();
    let mut line = 1;
    while let Some(&c) = chars.peek() {
        if c == '"' {
            chars.next();
            let start = line;
            let mut s = String::new();
            loop {
                match chars.next() {
                    None => return Err(start),
                    Some('\\') => match chars.next() {
                        Some(escaped) => s.push(escaped),
                        None => return Err(start),
                    },
                    Some('"') => break,
                    Some(other) => {
                        line += usize::from(other == '\n');
                        s.push(other)
                    }
                }
            }
            tokens.push((Token::Text(s), start));
        } else if c.is_whitespace() {
            line += usize::from(c == '\n');
            chars.next();
        } else if matches!(c, '{' | '}' | ',') {
            chars.next();
            tokens.push((Token::Symbol(c), line));
        } else {
            let mut s = String::new();
            while let Some(&d) = chars.peek() {
                if d.is_whitespace() || matches!(d, '{' | '}' | ',' | '"') {
                    break;
                }
                s.push(d);
                chars.next();
            }
            tokens.push((Token::Word(s), line));
        }
    }
    Ok(tokens)
}
