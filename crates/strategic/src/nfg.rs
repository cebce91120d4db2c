//! Reading and writing Gambit's `.nfg` strategic-form files, the field's
//! standard format (Gambit documentation, "Game representation formats":
//! <https://gambitproject.readthedocs.io/en/latest/formats.html>).
//!
//! A file starts with `NFG 1 R` (or `D`), a quoted title and the quoted
//! player names in braces, then either the strategy counts (`{ 3 2 }`) or the
//! strategy names (`{ { "U" "D" } { "L" "R" } }`), an optional quoted comment,
//! and then the payoffs in one of two versions:
//!
//! * the **payoff version**: for every profile (first player's strategy
//!   changing fastest) the payoffs of all players;
//! * the **outcome version**: a braced list of outcomes
//!   `{ "name" u1, u2 }` followed by one outcome number per profile
//!   (`0` is the null outcome, paying everybody zero).
//!
//! Payoffs are read exactly: integers, fractions `p/q` and decimals.

use num_rational::BigRational;
use num_traits::Zero;

use crate::error::StrategicError;
use crate::game::NormalFormGame;
use crate::rational::{format_rational, parse_rational};

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Open,
    Close,
    Text(String),
    Word(String),
}

fn tokenize(input: &str) -> Result<Vec<(Token, usize)>, StrategicError> {
    let mut tokens = Vec::new();
    let mut chars = input.chars().peekable();
    let mut line = 1;
    while let Some(&c) = chars.peek() {
        match c {
            '\n' => {
                line += 1;
                chars.next();
            }
            c if c.is_whitespace() || c == ',' => {
                chars.next();
            }
            '{' => {
                tokens.push((Token::Open, line));
                chars.next();
            }
            '}' => {
                tokens.push((Token::Close, line));
                chars.next();
            }
            '"' => {
                let start = line;
                chars.next();
                let mut text = String::new();
                let mut closed = false;
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => {
                            if let Some(n) = chars.next() {
                                text.push(n);
                            }
                        }
                        '"' => {
                            closed = true;
                            break;
                        }
                        '\n' => {
                            line += 1;
                            text.push(c);
                        }
                        _ => text.push(c),
                    }
                }
                if !closed {
                    return Err(StrategicError::Nfg {
                        line: start,
                        message: "a quoted string is never closed".into(),
                    });
                }
                tokens.push((Token::Text(text), start));
            }
            _ => {
                let mut word = String::new();
                while let Some(&c) = chars.peek() {
                    if c.is_whitespace() || c == ',' || c == '{' || c == '}' || c == '"' {
                        break;
                    }
                    word.push(c);
                    chars.next();
                }
                tokens.push((Token::Word(word), line));
            }
        }
    }
    Ok(tokens)
}

struct Parser {
    tokens: Vec<(Token, usize)>,
    pos: usize,
}

impl Parser {
    fn line(&self) -> usize {
        self.tokens
            .get(self.pos)
            .or_else(|| self.tokens.last())
            .map_or(1, |t| t.1)
    }
    fn error(&self, message: impl Into<String>) -> StrategicError {
        StrategicError::Nfg {
            line: self.line(),
            message: message.into(),
        }
    }
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos).map(|t| &t.0)
    }
    fn next(&mut self) -> Option<Token> {
        let t = self.tokens.get(self.pos).map(|t| t.0.clone());
        self.pos += 1;
        t
    }
    fn expect_open(&mut self, what: &str) -> Result<(), StrategicError> {
        match self.next() {
            Some(Token::Open) => Ok(()),
            _ => {
                self.pos -= 1;
                Err(self.error(format!("expected '{{' to start {what}")))
            }
        }
    }
    fn text(&mut self, what: &str) -> Result<String, StrategicError> {
        match self.next() {
            Some(Token::Text(t)) => Ok(t),
            _ => {
                self.pos -= 1;
                Err(self.error(format!("expected a quoted {what}")))
            }
        }
    }
    fn number(&mut self, what: &str) -> Result<BigRational, StrategicError> {
        match self.next() {
            Some(Token::Word(w)) => parse_rational(&w).map_err(|_| {
                self.pos -= 1;
                let why = crate::exact_text::why_not_a_number(&w);
                self.error(format!(
                    "\"{}\" {why} ({what})",
                    sprague_textfile::quoted(&w)
                ))
            }),
            Some(_) => {
                self.pos -= 1;
                Err(self.error(format!("expected a number ({what})")))
            }
            None => Err(self.error(format!(
                "the file ends where a number was expected ({what})"
            ))),
        }
    }
    fn count(&mut self, what: &str) -> Result<usize, StrategicError> {
        match self.next() {
            Some(Token::Word(w)) => w.parse::<usize>().map_err(|_| {
                self.pos -= 1;
                self.error(format!(
                    "\"{}\" is not a nonnegative whole number ({what})",
                    sprague_textfile::quoted(&w)
                ))
            }),
            _ => {
                self.pos -= 1;
                Err(self.error(format!("expected a whole number ({what})")))
            }
        }
    }
}

/// The most strategy profiles a game read from `.nfg` text may have.
const MAX_PROFILES: usize = 100_000_000;

/// Reads a game from the text of a Gambit `.nfg` file (either version).
///
/// ```
/// use sprague_strategic::nfg::read_nfg;
/// let game = read_nfg(r#"NFG 1 R "PD" { "1" "2" } { 2 2 }
/// -8 -8 0 -15 -15 0 -1 -1"#).unwrap();
/// assert_eq!(game.strategy_counts(), vec![2, 2]);
/// assert_eq!(game.payoff(&[1, 0], 1).to_string(), "-15");
/// ```
pub fn read_nfg(input: &str) -> Result<NormalFormGame, StrategicError> {
    let mut p = Parser {
        tokens: tokenize(input)?,
        pos: 0,
    };
    match p.next() {
        Some(Token::Word(w)) if w == "NFG" => {}
        _ => {
            return Err(StrategicError::Nfg {
                line: 1,
                message: "the file does not start with \"NFG 1 R\" (or \"NFG 1 D\")".into(),
            })
        }
    }
    match p.next() {
        Some(Token::Word(w)) if w == "1" => {}
        _ => {
            p.pos -= 1;
            return Err(p.error("only version 1 of the .nfg format is supported"));
        }
    }
    match p.next() {
        Some(Token::Word(w)) if w == "R" || w == "D" => {}
        _ => {
            p.pos -= 1;
            return Err(p.error("expected R or D after \"NFG 1\""));
        }
    }
    let title = p.text("title")?;
    p.expect_open("the list of player names")?;
    let mut players = Vec::new();
    loop {
        match p.next() {
            Some(Token::Text(t)) => players.push(t),
            Some(Token::Close) => break,
            _ => {
                p.pos -= 1;
                return Err(p.error("expected quoted player names and '}'"));
            }
        }
    }
    if players.is_empty() {
        return Err(p.error("the game has no players"));
    }
    p.expect_open("the strategies")?;
    let mut strategies: Vec<Vec<String>> = Vec::new();
    if p.peek() == Some(&Token::Open) {
        for i in 0..players.len() {
            p.expect_open(&format!("the strategy names of player {}", i + 1))?;
            let mut names = Vec::new();
            loop {
                match p.next() {
                    Some(Token::Text(t)) => names.push(t),
                    Some(Token::Close) => break,
                    _ => {
                        p.pos -= 1;
                        return Err(p.error(format!(
                            "expected quoted strategy names of player {} and '}}'",
                            i + 1
                        )));
                    }
                }
            }
            if names.is_empty() {
                return Err(p.error(format!("player {} has no strategies", i + 1)));
            }
            strategies.push(names);
        }
    } else {
        for i in 0..players.len() {
            let k = p.count(&format!("the number of strategies of player {}", i + 1))?;
            if k == 0 {
                p.pos -= 1;
                return Err(p.error(format!("player {} has no strategies", i + 1)));
            }
            // Refuse a huge count before naming its strategies: every
            // profile needs at least one entry of the file after the header.
            let before: usize = strategies.iter().map(Vec::len).product();
            match before.checked_mul(k) {
                Some(x) if x <= MAX_PROFILES && x <= p.tokens.len() => {}
                Some(x) if x <= MAX_PROFILES => {
                    return Err(p.error(format!(
                        "the strategy counts declare at least {x} profiles, but the whole file has only {} entries; each profile needs its payoffs or outcome number",
                        p.tokens.len()
                    )))
                }
                _ => return Err(p.error("the game has more than 100000000 profiles")),
            }
            strategies.push((1..=k).map(|s| s.to_string()).collect());
        }
    }
    match p.next() {
        Some(Token::Close) => {}
        _ => {
            p.pos -= 1;
            return Err(p.error(format!(
                "expected '}}' after the strategies of {} players (one entry per player)",
                players.len()
            )));
        }
    }
    if let Some(Token::Text(_)) = p.peek() {
        p.next();
    }
    let n = players.len();
    let mut profiles: usize = 1;
    for s in &strategies {
        profiles = profiles
            .checked_mul(s.len())
            .filter(|&x| x <= MAX_PROFILES)
            .ok_or_else(|| p.error("the game has more than 100000000 profiles"))?;
    }
    let mut payoffs: Vec<Vec<BigRational>> = Vec::with_capacity(profiles);
    if p.peek() == Some(&Token::Open) {
        p.next();
        let mut outcomes: Vec<Vec<BigRational>> = Vec::new();
        loop {
            match p.next() {
                Some(Token::Close) => break,
                Some(Token::Open) => {
                    let k = outcomes.len() + 1;
                    p.text(&format!("name of outcome {k}"))?;
                    let mut values = Vec::new();
                    while let Some(Token::Word(_)) = p.peek() {
                        values.push(p.number(&format!("payoff in outcome {k}"))?);
                    }
                    match p.next() {
                        Some(Token::Close) => {}
                        _ => {
                            p.pos -= 1;
                            return Err(p.error(format!("expected '}}' to end outcome {k}")));
                        }
                    }
                    if values.len() != n {
                        return Err(p.error(format!(
                            "outcome {k} has {} payoffs but the game has {n} players",
                            values.len()
                        )));
                    }
                    outcomes.push(values);
                }
                _ => {
                    p.pos -= 1;
                    return Err(p.error("expected an outcome '{ \"name\" payoffs }' or '}'"));
                }
            }
        }
        for k in 0..profiles {
            if p.peek().is_none() {
                return Err(p.error(format!(
                    "missing outcomes: {profiles} profiles need {profiles} outcome numbers but only {k} were given"
                )));
            }
            let o = p.count(&format!("outcome number of profile {}", k + 1))?;
            if o == 0 {
                payoffs.push(vec![BigRational::zero(); n]);
            } else if let Some(values) = outcomes.get(o - 1) {
                payoffs.push(values.clone());
            } else {
                p.pos -= 1;
                return Err(p.error(format!(
                    "profile {} uses outcome {o} but only {} outcomes are defined",
                    k + 1,
                    outcomes.len()
                )));
            }
        }
    } else {
        for k in 0..profiles {
            let mut values = Vec::with_capacity(n);
            for i in 0..n {
                if p.peek().is_none() {
                    return Err(p.error(format!(
                        "missing payoffs: {profiles} profiles of {n} players need {} numbers but only {} were given",
                        profiles * n,
                        k * n + i
                    )));
                }
                values.push(p.number(&format!(
                    "payoff of player {} in profile {}",
                    i + 1,
                    k + 1
                ))?);
            }
            payoffs.push(values);
        }
    }
    if p.peek().is_some() {
        return Err(p.error(
            "unexpected text after the last payoff (too many payoffs or outcome numbers?)",
        ));
    }
    NormalFormGame::new(title, players, strategies, payoffs)
}

fn quote(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The header shared by both versions of `.nfg`: title, players, strategy
/// names and an empty comment.
fn nfg_header(game: &NormalFormGame) -> String {
    let mut out = format!("NFG 1 R {} {{", quote(game.title()));
    for p in game.players() {
        out.push(' ');
        out.push_str(&quote(p));
    }
    out.push_str(" }\n\n{ ");
    for names in game.strategies() {
        out.push_str("{ ");
        for s in names {
            out.push_str(&quote(s));
            out.push(' ');
        }
        out.push_str("}\n");
    }
    out.push_str("}\n\"\"\n\n");
    out
}

/// Writes a game as a Gambit `.nfg` file (payoff version, with strategy names).
pub fn write_nfg(game: &NormalFormGame) -> String {
    let mut out = nfg_header(game);
    let mut line = Vec::new();
    for k in 0..game.num_profiles() {
        line.extend(game.payoffs_at(k).iter().map(format_rational));
    }
    out.push_str(&line.join(" "));
    out.push('\n');
    out
}

/// Writes a game as a Gambit `.nfg` file in the outcome version: one outcome
/// per distinct payoff vector, then one outcome number per profile.
pub fn write_nfg_outcomes(game: &NormalFormGame) -> String {
    let mut out = nfg_header(game);
    out.push_str("{\n");
    let mut outcomes: Vec<&[BigRational]> = Vec::new();
    let mut numbers = Vec::with_capacity(game.num_profiles());
    for k in 0..game.num_profiles() {
        let payoffs = game.payoffs_at(k);
        let index = match outcomes.iter().position(|o| *o == payoffs) {
            Some(i) => i,
            None => {
                outcomes.push(payoffs);
                outcomes.len() - 1
            }
        };
        numbers.push((index + 1).to_string());
    }
    for o in &outcomes {
        let values: Vec<String> = o.iter().map(format_rational).collect();
        out.push_str(&format!("{{ \"\" {} }}\n", values.join(", ")));
    }
    out.push_str("}\n");
    out.push_str(&numbers.join(" "));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const OUTCOME: &str = r#"NFG 1 R "Two person 2 x 2 game with unique mixed equilibrium" { "Player 1" "Player 2" }

{ { "1" "2" }
{ "1" "2" }
}
""

{
{ "" 2, 0 }
{ "" 0, 1 }
{ "" 0, 1 }
{ "" 1, 0 }
}
1 2 3 4
"#;

    #[test]
    fn reads_outcome_version() {
        let g = read_nfg(OUTCOME).unwrap();
        assert_eq!(g.strategy_counts(), vec![2, 2]);
        // Profile 2 is (row 2, column 1): outcome 2 = (0, 1).
        assert_eq!(g.payoff(&[1, 0], 1).to_string(), "1");
        assert_eq!(g.payoff(&[1, 1], 0).to_string(), "1");
    }

    #[test]
    fn refuses_a_huge_header_before_naming_strategies() {
        for header in [
            "NFG 1 R \"\" { \"1\" \"2\" } { 1000000000 2 } 1 2",
            "NFG 1 R \"\" { \"1\" \"2\" } { 2 18446744073709551615 } 1 2",
            "NFG 1 R \"\" { \"1\" \"2\" \"3\" } { 1000 1000 1000 } 1 2",
        ] {
            let error = read_nfg(header).unwrap_err().to_string();
            assert!(
                error.contains("more than 100000000 profiles") || error.contains("entries"),
                "{error}"
            );
        }
        // Within the profile limit, but far more profiles than the file has
        // entries: refused before 10^8 strategy names are made.
        let error = read_nfg("NFG 1 R \"x\" { \"1\" \"2\" } { 100000000 1 }\n1 2\n")
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("declare at least 100000000 profiles") && error.contains("14 entries"),
            "{error}"
        );
    }

    #[test]
    fn round_trip() {
        let g = read_nfg(OUTCOME).unwrap();
        let again = read_nfg(&write_nfg(&g)).unwrap();
        assert_eq!(g, again);
        let outcomes = read_nfg(&write_nfg_outcomes(&g)).unwrap();
        assert_eq!(g, outcomes);
    }

    #[test]
    fn three_players_payoff_version() {
        let text = r#"NFG 1 R "Selten (IJGT, 75), Figure 1, normal form" { "Player 1" "Player 2" "Player 3" }

{ { "1" "2" }
{ "1" "2" }
{ "1" "2" }
}

1 1 1 3 2 2 4 4 0 3 2 2 1 1 1 0 0 0 0 0 1 0 0 0
"#;
        let g = read_nfg(text).unwrap();
        assert_eq!(g.num_players(), 3);
        assert_eq!(g.payoff(&[0, 1, 0], 2).to_string(), "0");
    }

    #[test]
    fn errors_are_sentences() {
        let bad = [
            ("", "NFG"),
            (
                "NFG 1 R \"t\" { \"a\" \"b\" } { 2 2 } 1 2 3",
                "missing payoffs",
            ),
            (
                "NFG 1 R \"t\" { \"a\" \"b\" } { 2 x } 1 2 3",
                "whole number",
            ),
            ("NFG 1 R \"t\" { \"a\" \"b\" } { 2 0 }", "no strategies"),
            ("NFG 1 R \"t\" { \"a\" \"b\" } { 1 1 } 1 zz", "not a number"),
            (
                "NFG 1 R \"t\" { \"a\" \"b\" } { 1 1 } 1 2 3",
                "unexpected text",
            ),
            (
                "NFG 1 R \"t\" { \"a\" \"b\" } { 1 2 } { { \"\" 1 2 } } 1",
                "missing outcomes",
            ),
            (
                "NFG 1 R \"t\" { \"a\" \"b\" } { 1 1 } { { \"\" 1 2 } } 2",
                "only 1 outcomes",
            ),
            (
                "NFG 1 R \"t\" { \"a\" \"b\" } { 1 1 } { { \"\" 1 } } 1",
                "has 1 payoffs",
            ),
        ];
        for (text, needle) in bad {
            let e = read_nfg(text).unwrap_err().to_string();
            assert!(e.contains(needle), "{text:?}: {e}");
        }
    }
}
