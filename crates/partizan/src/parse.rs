//! Reading games in CGSuite's text syntax.
//!
//! Grammar (CGSuite's conventions, as printed by [`crate::print`]):
//!
//! ```text
//! expr    := unary (('+' | '-' | '±' | '+-') unary)*      a ± b means a + ±b
//! unary   := '-' unary | '+' unary | ('±' | '+-') unary | primary
//! primary := literal | '(' expr ')' | '{' options '|'+ options '}'
//! literal := [number] [ups] [star]     e.g. 3/4, *, *2, ^, v, ^^, ^3, vv*, 1/2^*, 1*
//! ```
//!
//! A number is an integer or a fraction `m/2^k`; a minus sign directly before
//! a number belongs to it, so `-1^` is `−1 + ↑` as CGSuite prints it. `^`
//! (or `↑`) is up, `v` (or `↓`) down, `⇑`/`⇓` double; `^^^` and `^3` are both
//! `3·↑`. Within braces, the longest run of bars at brace depth 0 separates
//! left from right options (`{2||1|0}` is `{2|{1|0}}`); a side containing
//! bars is one game written without its braces. Inputs longer than
//! [`MAX_INPUT_CHARS`] or nested deeper than [`MAX_DEPTH`] are refused with a
//! [`ParseError`], so parsing never exhausts the stack.

use crate::dyadic::{Dyadic, MAX_EXPONENT};
use crate::error::{GameError, ParseError};
use crate::store::{GameId, GameStore};

/// The longest input accepted, in characters.
pub const MAX_INPUT_CHARS: usize = 10_000;
/// The deepest nesting of braces, parentheses and unary signs accepted.
pub const MAX_DEPTH: usize = 500;

/// Inputs this short (so at most this deep) are parsed on the caller's stack.
const SHORT_INPUT_BYTES: usize = 128;

/// The stack of the thread that parses (ample for [`MAX_DEPTH`] levels).
const PARSE_STACK_BYTES: usize = 64 << 20;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Tok {
    Num(Dyadic),
    Up(i64),
    Star(u64),
    LBrace,
    RBrace,
    LParen,
    RParen,
    Comma,
    Bars(usize),
    Plus,
    Minus,
    PlusMinus,
}

#[derive(Clone, Copy, Debug)]
struct Token {
    tok: Tok,
    pos: usize,
}

fn err(position: usize, message: impl Into<String>) -> GameError {
    GameError::Parse(ParseError {
        position,
        message: message.into(),
    })
}

fn read_digits(chars: &[char], i: &mut usize) -> Option<String> {
    let start = *i;
    while *i < chars.len() && chars[*i].is_ascii_digit() {
        *i += 1;
    }
    (*i > start).then(|| chars[start..*i].iter().collect())
}

fn lex(input: &str) -> Result<(Vec<Token>, usize), GameError> {
    let chars: Vec<char> = input.chars().collect();
    if chars.len() > MAX_INPUT_CHARS {
        return Err(err(
            MAX_INPUT_CHARS,
            format!("the input is longer than {MAX_INPUT_CHARS} characters"),
        ));
    }
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let pos = i;
        let tok = match c {
            c if c.is_whitespace() => {
                i += 1;
                continue;
            }
            '0'..='9' => {
                let digits = read_digits(&chars, &mut i).unwrap_or_default();
                let num: i64 = digits
                    .parse()
                    .map_err(|_| err(pos, "the number is too large (at most 2^63 − 1)"))?;
                let mut exponent = 0;
                if i < chars.len() && chars[i] == '/' {
                    i += 1;
                    let den_pos = i;
                    let den_digits = read_digits(&chars, &mut i)
                        .ok_or_else(|| err(den_pos, "a denominator must follow '/'"))?;
                    let den: u64 = den_digits
                        .parse()
                        .map_err(|_| err(den_pos, "the denominator is too large"))?;
                    if den == 0 {
                        return Err(err(den_pos, "the denominator is zero"));
                    }
                    // num/den in lowest terms must have a power-of-two denominator.
                    let g = gcd(num.unsigned_abs(), den);
                    let reduced = den / g.max(1);
                    if !reduced.is_power_of_two() {
                        return Err(err(
                            pos,
                            "the numbers of short games are dyadic: the denominator must be a power of 2",
                        ));
                    }
                    exponent = reduced.trailing_zeros();
                    if exponent > MAX_EXPONENT {
                        return Err(err(den_pos, "the denominator is too large (at most 2^62)"));
                    }
                    let value = Dyadic::new(num / g.max(1) as i64, exponent)
                        .map_err(|_| err(pos, "the number is out of range"))?;
                    tokens.push(Token {
                        tok: Tok::Num(value),
                        pos,
                    });
                    continue;
                }
                Tok::Num(
                    Dyadic::new(num, exponent)
                        .map_err(|_| err(pos, "the number is out of range"))?,
                )
            }
            '^' | 'v' | '↑' | '↓' | '⇑' | '⇓' => {
                let (unit, sign) = match c {
                    '^' | 'v' => (c, if c == '^' { 1 } else { -1 }),
                    '↑' | '⇑' => ('↑', 1),
                    _ => ('↓', -1),
                };
                let mut count = 0i64;
                while i < chars.len() {
                    let d = chars[i];
                    let step = match (unit, d) {
                        ('^', '^') | ('v', 'v') => 1,
                        ('↑', '↑') | ('↓', '↓') => 1,
                        ('↑', '⇑') | ('↓', '⇓') => 2,
                        _ => break,
                    };
                    count += step;
                    i += 1;
                }
                let digits_pos = i;
                if let Some(digits) = read_digits(&chars, &mut i) {
                    if count != 1 {
                        return Err(err(
                            digits_pos,
                            "write a multiple of up as ^^^ or as ^3, not both",
                        ));
                    }
                    count = digits
                        .parse()
                        .map_err(|_| err(digits_pos, "the multiple of up is too large"))?;
                }
                Tok::Up(sign * count)
            }
            '*' => {
                i += 1;
                let digits_pos = i;
                let n = match read_digits(&chars, &mut i) {
                    Some(d) => d
                        .parse()
                        .map_err(|_| err(digits_pos, "the nimber is too large"))?,
                    None => 1,
                };
                Tok::Star(n)
            }
            '{' | '}' | '(' | ')' | ',' => {
                i += 1;
                match c {
                    '{' => Tok::LBrace,
                    '}' => Tok::RBrace,
                    '(' => Tok::LParen,
                    ')' => Tok::RParen,
                    _ => Tok::Comma,
                }
            }
            '|' => {
                let mut n = 0;
                while i < chars.len() && chars[i] == '|' {
                    n += 1;
                    i += 1;
                }
                Tok::Bars(n)
            }
            '+' => {
                i += 1;
                if i < chars.len() && chars[i] == '-' {
                    i += 1;
                    Tok::PlusMinus
                } else {
                    Tok::Plus
                }
            }
            '-' | '−' => {
                i += 1;
                Tok::Minus
            }
            '±' => {
                i += 1;
                Tok::PlusMinus
            }
            _ => return Err(err(pos, format!("unexpected character {c:?}"))),
        };
        tokens.push(Token { tok, pos });
    }
    Ok((tokens, chars.len()))
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

struct Parser<'a> {
    tokens: Vec<Token>,
    end_pos: usize,
    store: &'a mut GameStore,
}

impl Parser<'_> {
    fn pos(&self, i: usize) -> usize {
        self.tokens.get(i).map_or(self.end_pos, |t| t.pos)
    }

    fn tok(&self, i: usize, end: usize) -> Option<Tok> {
        (i < end).then(|| self.tokens[i].tok)
    }

    fn check_depth(&self, depth: usize, i: usize) -> Result<(), GameError> {
        if depth > MAX_DEPTH {
            Err(err(
                self.pos(i),
                format!("the input is nested deeper than {MAX_DEPTH} levels"),
            ))
        } else {
            Ok(())
        }
    }

    /// Parses tokens `start..end` as one expression, all of them.
    fn expr_all(&mut self, start: usize, end: usize, depth: usize) -> Result<GameId, GameError> {
        if start >= end {
            return Err(err(self.pos(start), "a game was expected here"));
        }
        let (g, next) = self.expr(start, end, depth)?;
        if next != end {
            return Err(err(
                self.pos(next),
                "an operator (+, -, ±) was expected here",
            ));
        }
        Ok(g)
    }

    fn expr(
        &mut self,
        start: usize,
        end: usize,
        depth: usize,
    ) -> Result<(GameId, usize), GameError> {
        let (mut acc, mut i) = self.unary(start, end, depth)?;
        while let Some(t) = self.tok(i, end) {
            let op = match t {
                Tok::Plus | Tok::Minus | Tok::PlusMinus => t,
                _ => break,
            };
            let (rhs, next) = self.unary(i + 1, end, depth)?;
            let rhs = match op {
                Tok::Minus => self.store.neg(rhs),
                Tok::PlusMinus => self.store.switch(rhs)?,
                _ => rhs,
            };
            acc = self.store.sum(acc, rhs)?;
            i = next;
        }
        Ok((acc, i))
    }

    fn unary(&mut self, i: usize, end: usize, depth: usize) -> Result<(GameId, usize), GameError> {
        self.check_depth(depth, i)?;
        match self.tok(i, end) {
            Some(Tok::Minus) => {
                if let Some(Tok::Num(x)) = self.tok(i + 1, end) {
                    // "-1^" is −1 + ↑ (CGSuite)
                    return self.literal(i + 1, end, Some(-x));
                }
                let (g, next) = self.unary(i + 1, end, depth + 1)?;
                Ok((self.store.neg(g), next))
            }
            Some(Tok::Plus) => self.unary(i + 1, end, depth + 1),
            Some(Tok::PlusMinus) => {
                let (g, next) = self.unary(i + 1, end, depth + 1)?;
                Ok((self.store.switch(g)?, next))
            }
            _ => self.primary(i, end, depth),
        }
    }

    fn primary(
        &mut self,
        i: usize,
        end: usize,
        depth: usize,
    ) -> Result<(GameId, usize), GameError> {
        match self.tok(i, end) {
            None => Err(err(self.pos(i), "a game was expected here")),
            Some(Tok::Num(x)) => self.literal(i, end, Some(x)),
            Some(Tok::Up(_) | Tok::Star(_)) => self.literal(i, end, None),
            Some(Tok::LParen) => {
                let close = self.matching(i, end)?;
                let g = self.expr_all(i + 1, close, depth + 1)?;
                Ok((g, close + 1))
            }
            Some(Tok::LBrace) => {
                let close = self.matching(i, end)?;
                let g = self.braced(i + 1, close, depth + 1, i)?;
                Ok((g, close + 1))
            }
            Some(_) => Err(err(self.pos(i), "a game was expected here")),
        }
    }

    /// `[number] [ups] [star]` starting at `i`; `number` already read if given.
    fn literal(
        &mut self,
        mut i: usize,
        end: usize,
        number: Option<Dyadic>,
    ) -> Result<(GameId, usize), GameError> {
        let mut x = Dyadic::ZERO;
        if let Some(n) = number {
            x = n;
            i += 1;
        }
        let mut ups = 0;
        let mut star = 0;
        if let Some(Tok::Up(n)) = self.tok(i, end) {
            ups = n;
            i += 1;
        }
        if let Some(Tok::Star(n)) = self.tok(i, end) {
            star = n;
            i += 1;
        }
        if let Some(Tok::Num(_) | Tok::Up(_) | Tok::Star(_)) = self.tok(i, end) {
            return Err(err(
                self.pos(i),
                "write a number, then ups, then a star (as in 1/2^*), with + between other terms",
            ));
        }
        let infinitesimal = self.store.up_star(ups, star).map_err(|e| match e {
            GameError::TooLarge { what, limit } => err(
                self.pos(i.saturating_sub(1)),
                format!("{what} is too large (at most {limit})"),
            ),
            other => other,
        })?;
        let n = self.store.number(x);
        Ok((self.store.sum(n, infinitesimal)?, i))
    }

    /// The index of the bracket closing the one at `i`.
    fn matching(&self, i: usize, end: usize) -> Result<usize, GameError> {
        let mut depth = 0usize;
        for j in i..end {
            match self.tokens[j].tok {
                Tok::LBrace | Tok::LParen => depth += 1,
                Tok::RBrace | Tok::RParen => {
                    depth -= 1;
                    if depth == 0 {
                        let open = self.tokens[i].tok;
                        let close = self.tokens[j].tok;
                        if (open == Tok::LBrace) != (close == Tok::RBrace) {
                            return Err(err(
                                self.pos(j),
                                "this bracket does not match the one it closes",
                            ));
                        }
                        return Ok(j);
                    }
                }
                _ => {}
            }
        }
        Err(err(self.end_pos, "a closing bracket is missing"))
    }

    /// Positions (token indices) of bar runs at bracket depth 0 in `start..end`.
    fn top_level(
        &self,
        start: usize,
        end: usize,
        want: fn(Tok) -> bool,
    ) -> Result<Vec<usize>, GameError> {
        let mut out = Vec::new();
        let mut depth = 0usize;
        for j in start..end {
            let t = self.tokens[j].tok;
            match t {
                Tok::LBrace | Tok::LParen => depth += 1,
                Tok::RBrace | Tok::RParen => {
                    if depth == 0 {
                        return Err(err(self.pos(j), "this bracket closes nothing"));
                    }
                    depth -= 1;
                }
                _ if depth == 0 && want(t) => out.push(j),
                _ => {}
            }
        }
        Ok(out)
    }

    /// The contents of braces (`start..end`), split at the longest bar run.
    fn braced(
        &mut self,
        start: usize,
        end: usize,
        depth: usize,
        open: usize,
    ) -> Result<GameId, GameError> {
        self.check_depth(depth, start)?;
        let bars = self.top_level(start, end, |t| matches!(t, Tok::Bars(_)))?;
        let count = |p: &Parser<'_>, j: usize| match p.tokens[j].tok {
            Tok::Bars(n) => n,
            _ => 0,
        };
        let Some(longest) = bars.iter().map(|&j| count(self, j)).max() else {
            return Err(err(
                self.pos(open),
                "a game in braces needs a bar '|' between left and right options",
            ));
        };
        let splits: Vec<usize> = bars
            .iter()
            .copied()
            .filter(|&j| count(self, j) == longest)
            .collect();
        if splits.len() > 1 {
            return Err(err(
                self.pos(splits[1]),
                "two separators of the same length: write the inner game in braces",
            ));
        }
        let split = splits[0];
        let left = self.side(start, split, depth)?;
        let right = self.side(split + 1, end, depth)?;
        self.store.game(&left, &right)
    }

    fn side(&mut self, start: usize, end: usize, depth: usize) -> Result<Vec<GameId>, GameError> {
        if start >= end {
            return Ok(Vec::new());
        }
        let bars = self.top_level(start, end, |t| matches!(t, Tok::Bars(_)))?;
        if !bars.is_empty() {
            return Ok(vec![self.braced(start, end, depth + 1, start)?]);
        }
        let commas = self.top_level(start, end, |t| t == Tok::Comma)?;
        let mut out = Vec::with_capacity(commas.len() + 1);
        let mut from = start;
        for c in commas.into_iter().chain(std::iter::once(end)) {
            out.push(self.expr_all(from, c, depth)?);
            from = c + 1;
        }
        Ok(out)
    }
}

impl GameStore {
    /// Reads a game in CGSuite's syntax (see the module [`crate::parse`]).
    ///
    /// ```
    /// use sprague_partizan::{GameError, GameStore};
    /// let mut store = GameStore::new();
    /// let g = store.parse("{2||1|0} + -(1/2) + ^ + *").unwrap();
    /// let h = store.parse("{3/2||1/2|-1/2} + ^*").unwrap();
    /// assert_eq!(g, h);
    /// let e = store.parse("{1|2|3}").unwrap_err();
    /// assert!(e.to_string().contains("same length"));
    /// assert!(matches!(store.parse(&"{".repeat(600)), Err(GameError::Parse(_))));
    /// ```
    pub fn parse(&mut self, text: &str) -> Result<GameId, GameError> {
        // The recursive descent and the canonicalisation of a deeply nested
        // game need more stack than a test or worker thread may have: parse
        // on a scoped thread with a stack sized for MAX_DEPTH levels (short
        // inputs, which cannot nest deeply, are parsed here).
        if text.len() <= SHORT_INPUT_BYTES {
            return self.parse_here(text);
        }
        let store = &mut *self;
        std::thread::scope(|scope| {
            let worker = std::thread::Builder::new()
                .stack_size(PARSE_STACK_BYTES)
                .spawn_scoped(scope, move || store.parse_here(text));
            match worker {
                Ok(handle) => handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                Err(_) => Err(err(0, "no thread could be started to parse the input")),
            }
        })
    }

    fn parse_here(&mut self, text: &str) -> Result<GameId, GameError> {
        let (tokens, end_pos) = lex(text)?;
        let n = tokens.len();
        let mut parser = Parser {
            tokens,
            end_pos,
            store: self,
        };
        // Bracket nesting is checked once, iteratively, before any recursion.
        let mut depth = 0usize;
        for t in &parser.tokens {
            match t.tok {
                Tok::LBrace | Tok::LParen => {
                    depth += 1;
                    if depth > MAX_DEPTH {
                        return Err(err(
                            t.pos,
                            format!("the input is nested deeper than {MAX_DEPTH} levels"),
                        ));
                    }
                }
                Tok::RBrace | Tok::RParen => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        parser.expr_all(0, n, 0)
    }
}
