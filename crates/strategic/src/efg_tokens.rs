//! The tokens of Gambit's text formats (`.efg`, read by [`crate::extensive::efg`]
//! and, for perfect-information trees, by [`crate::game_tree`]): words, quoted
//! texts with backslash escapes, and the symbols `{`, `}`, `,`, each with its
//! line. Format: <https://gambitproject.readthedocs.io/en/latest/formats.html>.
//!
//! The tokens are read lazily ([`Tokens`] is an iterator with one token of
//! look-ahead): a parser that finds an error stops there, having scanned
//! only the text before it, whatever follows.

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

/// The tokens of a text with their (1-based) line numbers, scanned as they
/// are asked for. A quoted text that is not closed ends the tokens; its
/// line is then [`Tokens::unclosed`].
pub(crate) struct Tokens<'a> {
    chars: std::iter::Peekable<Box<dyn Iterator<Item = char> + 'a>>,
    line: usize,
    peeked: Option<(Token, usize)>,
    last_line: usize,
    unclosed: Option<usize>,
}

impl<'a> Tokens<'a> {
    /// The tokens of `text`, none scanned yet.
    pub(crate) fn new(text: &'a str) -> Self {
        Self::from_chars(Box::new(text.chars()))
    }

    /// The tokens of a stream of characters (a file read as it is
    /// tokenised, see [`FileChars`]), none scanned yet.
    pub(crate) fn from_chars(chars: Box<dyn Iterator<Item = char> + 'a>) -> Self {
        Tokens {
            chars: chars.peekable(),
            line: 1,
            peeked: None,
            last_line: 1,
            unclosed: None,
        }
    }

    /// The next token, without taking it.
    pub(crate) fn peek(&mut self) -> Option<&(Token, usize)> {
        if self.peeked.is_none() {
            self.peeked = self.scan();
        }
        self.peeked.as_ref()
    }

    /// The line of the next token, or of the last one at the end of the
    /// text (1 for a text without tokens).
    pub(crate) fn line(&mut self) -> usize {
        match self.peek() {
            Some(&(_, line)) => line,
            None => self.last_line,
        }
    }

    /// The line of a quoted text that was opened and never closed, once the
    /// scan has reached it.
    pub(crate) fn unclosed(&self) -> Option<usize> {
        self.unclosed
    }

    fn scan(&mut self) -> Option<(Token, usize)> {
        if self.unclosed.is_some() {
            return None;
        }
        let token = self.scan_token()?;
        self.last_line = token.1;
        Some(token)
    }

    fn scan_token(&mut self) -> Option<(Token, usize)> {
        while let Some(&c) = self.chars.peek() {
            if c == '"' {
                self.chars.next();
                let start = self.line;
                let mut s = String::new();
                loop {
                    match self.chars.next() {
                        None => {
                            self.unclosed = Some(start);
                            return None;
                        }
                        Some('\\') => match self.chars.next() {
                            Some(escaped) => s.push(escaped),
                            None => {
                                self.unclosed = Some(start);
                                return None;
                            }
                        },
                        Some('"') => break,
                        Some(other) => {
                            self.line += usize::from(other == '\n');
                            s.push(other)
                        }
                    }
                }
                return Some((Token::Text(s), start));
            } else if c.is_whitespace() {
                self.line += usize::from(c == '\n');
                self.chars.next();
            } else if matches!(c, '{' | '}' | ',') {
                self.chars.next();
                return Some((Token::Symbol(c), self.line));
            } else {
                let mut s = String::new();
                while let Some(&d) = self.chars.peek() {
                    if d.is_whitespace() || matches!(d, '{' | '}' | ',' | '"') {
                        break;
                    }
                    s.push(d);
                    self.chars.next();
                }
                return Some((Token::Word(s), self.line));
            }
        }
        None
    }
}

impl Iterator for Tokens<'_> {
    type Item = (Token, usize);

    fn next(&mut self) -> Option<(Token, usize)> {
        self.peek();
        self.peeked.take()
    }
}

/// The characters of a text file, read a line at a time as they are asked
/// for; a read error or invalid UTF-8 ends them and is kept in `failure`.
pub(crate) struct FileChars<'a, R: std::io::BufRead> {
    reader: R,
    line: String,
    at: usize,
    failure: &'a std::cell::RefCell<Option<std::io::Error>>,
}

impl<'a, R: std::io::BufRead> FileChars<'a, R> {
    /// The characters of `reader`; a failure to read is put in `failure`.
    pub(crate) fn new(reader: R, failure: &'a std::cell::RefCell<Option<std::io::Error>>) -> Self {
        FileChars {
            reader,
            line: String::new(),
            at: 0,
            failure,
        }
    }
}

impl<R: std::io::BufRead> Iterator for FileChars<'_, R> {
    type Item = char;

    fn next(&mut self) -> Option<char> {
        loop {
            if let Some(c) = self.line[self.at..].chars().next() {
                self.at += c.len_utf8();
                return Some(c);
            }
            self.line.clear();
            self.at = 0;
            match self.reader.read_line(&mut self.line) {
                Ok(0) => return None,
                Ok(_) => {}
                Err(e) => {
                    *self.failure.borrow_mut() = Some(e);
                    return None;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_with_lines() {
        let mut t = Tokens::new("EFG 2 R \"a\\\"b\nc\" {\n ,x}");
        assert_eq!(t.line(), 1);
        let all: Vec<(Token, usize)> = t.by_ref().collect();
        assert_eq!(
            all,
            vec![
                (Token::Word("EFG".into()), 1),
                (Token::Word("2".into()), 1),
                (Token::Word("R".into()), 1),
                (Token::Text("a\"b\nc".into()), 1),
                (Token::Symbol('{'), 2),
                (Token::Symbol(','), 3),
                (Token::Word("x".into()), 3),
                (Token::Symbol('}'), 3),
            ]
        );
        assert_eq!(t.line(), 3);
        assert_eq!(t.unclosed(), None);
    }

    #[test]
    fn file_characters() {
        let failure = std::cell::RefCell::new(None);
        let text = "p \"é\"\n{ x }\n";
        let chars = FileChars::new(std::io::Cursor::new(text.as_bytes()), &failure);
        assert_eq!(chars.collect::<String>(), text);
        assert!(failure.borrow().is_none());
        let bad: &[u8] = b"ok\n\xff\n";
        let chars = FileChars::new(std::io::Cursor::new(bad), &failure);
        assert_eq!(chars.collect::<String>(), "ok\n");
        assert!(failure.borrow().is_some());
    }

    #[test]
    fn unclosed_text_ends_the_tokens() {
        let mut t = Tokens::new("a\n\"b\nc");
        assert_eq!(t.next(), Some((Token::Word("a".into()), 1)));
        assert_eq!(t.unclosed(), None);
        assert_eq!(t.next(), None);
        assert_eq!(t.unclosed(), Some(2));
    }
}
