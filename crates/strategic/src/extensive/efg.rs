//! Gambit's `.efg` format (version 2), read and written: the header
//! `EFG 2 R "title" { "player" … } "comment"`, then the nodes in preorder,
//! one per line:
//! - `p "name" PLAYER INFOSET ["set name" { "action" … }] OUTCOME ["outcome name" { payoffs }]`
//! - `c "name" INFOSET ["set name" { "action" probability … }] OUTCOME […]`
//! - `t "name" OUTCOME ["outcome name" { payoffs }]`
//!
//! Information sets are numbered per player (and for chance); their actions
//! are given the first time the set appears and may be repeated (then they
//! must agree). Outcome 0 means none; an outcome's payoffs are given the first
//! time it appears and may be repeated. Payoffs and probabilities are exact
//! (integers, `p/q`, decimals such as `0.35` or `1e-3`); labels are quoted,
//! with `\"` and `\\` as escapes. The format is documented at
//! <https://gambitproject.readthedocs.io> ("The extensive game (.efg) file
//! format"). Every problem is reported as one sentence with its line.

use std::collections::HashMap;
use std::fmt::Write;

use num_rational::BigRational;

use super::error::ExtensiveError;
use super::game::{check_probabilities, ExtensiveGame, InfoSet, Node, Outcome, MAX_NODES};
use crate::efg_tokens::{FileChars, Token, Tokens};
use crate::exact_text::{format_rational, parse_rational};

/// The largest `.efg` file read, in bytes (checked before reading).
pub const MAX_EFG_BYTES: u64 = 256 << 20;

/// Reads an `.efg` file, refusing files larger than [`MAX_EFG_BYTES`] before reading them.
pub fn read_efg_file(path: &std::path::Path) -> Result<ExtensiveGame, ExtensiveError> {
    let io = |e: std::io::Error| {
        ExtensiveError::Invalid(format!(
            "could not read {}: {e}",
            sprague_textfile::quote::quoted_path(&path.display().to_string())
        ))
    };
    let size = std::fs::metadata(path).map_err(io)?.len();
    if size > MAX_EFG_BYTES {
        return Err(ExtensiveError::TooLarge {
            what: format!(
                "reading {}",
                sprague_textfile::quote::quoted_path(&path.display().to_string())
            ),
            count: format!("{size} bytes"),
            limit: format!("{MAX_EFG_BYTES} bytes"),
        });
    }
    // Read as it is tokenised: a malformed file is refused at its line
    // without reading the rest.
    let file = std::fs::File::open(path).map_err(io)?;
    let failure = std::cell::RefCell::new(None);
    let chars = FileChars::new(std::io::BufReader::new(file), &failure);
    let read = read_tokens(Tokens::from_chars(Box::new(chars)));
    if let Some(e) = failure.borrow_mut().take() {
        return Err(io(e));
    }
    read
}

/// Parses the text of an `.efg` file.
///
/// ```
/// use sprague_strategic::extensive::efg::read_efg;
/// let game = read_efg(r#"EFG 2 R "Matching pennies, sequential" { "1" "2" } ""
/// p "" 1 1 "" { "H" "T" } 0
/// p "" 2 1 "" { "h" "t" } 0
/// t "" 1 "win" { 1, -1 }
/// t "" 2 "lose" { -1, 1 }
/// p "" 2 1 "" { "h" "t" } 0
/// t "" 2
/// t "" 1
/// "#).unwrap();
/// assert_eq!(game.nodes.len(), 7);
/// assert_eq!(game.infosets.len(), 2);
/// ```
pub fn read_efg(text: &str) -> Result<ExtensiveGame, ExtensiveError> {
    read_tokens(Tokens::new(text))
}

/// Reads the game from `tokens`, scanned only as far as the first error.
fn read_tokens(tokens: Tokens<'_>) -> Result<ExtensiveGame, ExtensiveError> {
    let mut p = Parser { tokens };
    let read = parse(&mut p);
    // A quoted label left open ends the tokens early: that is the error.
    match p.tokens.unclosed() {
        Some(line) => Err(efg(line, "a quoted label is not closed")),
        None => read,
    }
}

/// Reads the game from the tokens (the tokens are scanned only as far as
/// the first error).
fn parse(p: &mut Parser) -> Result<ExtensiveGame, ExtensiveError> {
    let (header, line) = p.word()?;
    if header != "EFG" {
        return Err(efg(line, "an .efg file starts with EFG 2 R"));
    }
    let (version, line) = p.word()?;
    if version != "2" {
        return Err(efg(
            line,
            "only version 2 of the .efg format is read (EFG 2 R)",
        ));
    }
    let (kind, line) = p.word()?;
    if kind != "R" && kind != "D" {
        return Err(efg(line, "the header must say EFG 2 R (or EFG 2 D)"));
    }
    let title = p.string()?;
    p.expect('{')?;
    let mut players = Vec::new();
    while !p.peek_symbol('}') {
        players.push(p.string()?);
    }
    p.expect('}')?;
    if players.is_empty() {
        return Err(efg(p.line(), "the game has no players"));
    }
    let comment = if p.peek_text() {
        p.string()?
    } else {
        String::new()
    };
    let mut reader = Reader {
        players,
        nodes: Vec::new(),
        infosets: Vec::new(),
        set_index: HashMap::new(),
        outcomes: Vec::new(),
        outcome_index: HashMap::new(),
    };
    reader.nodes_from(p)?;
    let game = ExtensiveGame {
        title,
        comment,
        players: reader.players,
        outcomes: reader.outcomes,
        infosets: reader.infosets,
        nodes: reader.nodes,
    };
    game.check()?;
    Ok(game)
}

fn efg(line: usize, message: &str) -> ExtensiveError {
    ExtensiveError::Efg {
        line,
        message: message.to_string(),
    }
}

struct Reader {
    players: Vec<String>,
    nodes: Vec<Node>,
    infosets: Vec<InfoSet>,
    set_index: HashMap<(Option<usize>, u64), usize>,
    outcomes: Vec<Outcome>,
    outcome_index: HashMap<u64, usize>,
}

impl Reader {
    /// Reads the nodes in preorder, linking each to its parent.
    fn nodes_from(&mut self, p: &mut Parser) -> Result<(), ExtensiveError> {
        // Nodes still missing children: (node, children still to come).
        let mut open: Vec<(usize, usize)> = Vec::new();
        while let Some((kind, line)) = p.next_word() {
            let v = self.nodes.len();
            if v >= MAX_NODES {
                // Said once, with separators: "… would need a 5,000,001st node, more
                // than the limit of 5,000,000 nodes".
                return Err(ExtensiveError::TooLarge {
                    what: "the .efg file".into(),
                    count: format!("a {}st node", super::error::grouped(MAX_NODES + 1)),
                    limit: format!("{} nodes", super::error::grouped(MAX_NODES)),
                });
            }
            match open.last_mut() {
                Some((parent, remaining)) => {
                    self.nodes[*parent].children.push(v);
                    *remaining -= 1;
                }
                None if v > 0 => {
                    return Err(efg(
                        line,
                        &format!(
                            "node {} comes after the tree is complete (a second root)",
                            v + 1
                        ),
                    ))
                }
                None => {}
            }
            let label = p.string()?;
            let infoset = match kind.as_str() {
                "p" => Some(self.player_set(p, line, v)?),
                "c" => Some(self.chance_set(p, line, v)?),
                "t" => None,
                other => {
                    return Err(efg(
                        line,
                        &format!(
                            "a node starts with p, c or t, not \"{}\"",
                            sprague_textfile::quoted(other)
                        ),
                    ))
                }
            };
            let outcome = self.outcome(p, line, v)?;
            self.nodes.push(Node {
                label,
                infoset,
                children: Vec::new(),
                outcome,
            });
            while open.last().is_some_and(|&(_, remaining)| remaining == 0) {
                open.pop();
            }
            if let Some(h) = infoset {
                open.push((v, self.infosets[h].actions.len()));
            }
        }
        if let Some(&(_, line)) = p.tokens.peek() {
            return Err(efg(line, "a node (p, c or t) was expected"));
        }
        if self.nodes.is_empty() {
            return Err(efg(p.line(), "the file has no nodes"));
        }
        if let Some(&(v, remaining)) = open.last() {
            return Err(efg(
                p.line(),
                &format!(
                    "the file ends while node {} (\"{}\") still lacks {remaining} of its children (a dangling node)",
                    v + 1,
                    sprague_textfile::quoted(&self.nodes[v].label)
                ),
            ));
        }
        Ok(())
    }

    fn player_set(
        &mut self,
        p: &mut Parser,
        line: usize,
        v: usize,
    ) -> Result<usize, ExtensiveError> {
        let player = p.number::<usize>()?;
        if player == 0 || player > self.players.len() {
            return Err(efg(
                line,
                &format!(
                    "node {} belongs to player {player}, but the game has {} players",
                    v + 1,
                    self.players.len()
                ),
            ));
        }
        let number = p.number::<u64>()?;
        let who = format!(
            "information set {number} of player \"{}\"",
            sprague_textfile::quoted(&self.players[player - 1])
        );
        let given = if p.peek_text() {
            let label = p.string()?;
            p.expect('{')?;
            let mut actions = Vec::new();
            while !p.peek_symbol('}') {
                actions.push(p.string()?);
            }
            p.expect('}')?;
            Some((label, actions, Vec::new()))
        } else {
            None
        };
        self.set(Some(player - 1), number, given, line, v, &who)
    }

    fn chance_set(
        &mut self,
        p: &mut Parser,
        line: usize,
        v: usize,
    ) -> Result<usize, ExtensiveError> {
        let number = p.number::<u64>()?;
        let who = format!("chance information set {number}");
        let given = if p.peek_text() {
            let label = p.string()?;
            p.expect('{')?;
            let mut actions = Vec::new();
            let mut probabilities = Vec::new();
            while !p.peek_symbol('}') {
                actions.push(p.string()?);
                probabilities.push(p.rational()?);
                if p.peek_symbol(',') {
                    p.expect(',')?;
                }
            }
            p.expect('}')?;
            check_probabilities(&actions, &probabilities)
                .map_err(|m| efg(line, &format!("{who} at node {}: {m}", v + 1)))?;
            Some((label, actions, probabilities))
        } else {
            None
        };
        self.set(None, number, given, line, v, &who)
    }

    /// Finds or creates the set; a repeated definition must agree with the first.
    fn set(
        &mut self,
        player: Option<usize>,
        number: u64,
        given: Option<(String, Vec<String>, Vec<BigRational>)>,
        line: usize,
        v: usize,
        who: &str,
    ) -> Result<usize, ExtensiveError> {
        match (self.set_index.get(&(player, number)), given) {
            (Some(&h), None) => Ok(h),
            (Some(&h), Some((_, actions, probabilities))) => {
                let set = &self.infosets[h];
                if set.actions != actions {
                    return Err(efg(
                        line,
                        &format!(
                            "{who} offers the actions {} at node {} but {} at an earlier node; the nodes of an information set must offer the same actions",
                            action_list(&actions),
                            v + 1,
                            action_list(&set.actions)
                        ),
                    ));
                }
                if set.probabilities != probabilities {
                    return Err(efg(
                        line,
                        &format!(
                            "{who} is given other probabilities at node {} than before",
                            v + 1
                        ),
                    ));
                }
                Ok(h)
            }
            (None, Some((label, actions, probabilities))) => {
                if actions.is_empty() {
                    return Err(efg(
                        line,
                        &format!("{who} at node {} has no actions", v + 1),
                    ));
                }
                self.infosets.push(InfoSet {
                    player,
                    number,
                    label,
                    actions,
                    probabilities,
                });
                self.set_index
                    .insert((player, number), self.infosets.len() - 1);
                Ok(self.infosets.len() - 1)
            }
            (None, None) => Err(efg(
                line,
                &format!(
                    "{who} is used at node {} before its actions are given",
                    v + 1
                ),
            )),
        }
    }

    fn outcome(
        &mut self,
        p: &mut Parser,
        line: usize,
        v: usize,
    ) -> Result<Option<usize>, ExtensiveError> {
        let number = p.number::<u64>()?;
        let given = if p.peek_text() {
            let label = p.string()?;
            p.expect('{')?;
            let mut payoffs = Vec::new();
            while !p.peek_symbol('}') {
                payoffs.push(p.rational()?);
                if p.peek_symbol(',') {
                    p.expect(',')?;
                }
            }
            p.expect('}')?;
            if payoffs.len() != self.players.len() {
                return Err(efg(
                    line,
                    &format!(
                        "outcome {number} at node {} has {} payoffs for {} players",
                        v + 1,
                        payoffs.len(),
                        self.players.len()
                    ),
                ));
            }
            Some(Outcome { label, payoffs })
        } else {
            None
        };
        if number == 0 {
            return Ok(None);
        }
        match (self.outcome_index.get(&number), given) {
            (Some(&o), None) => Ok(Some(o)),
            (Some(&o), Some(out)) => {
                if self.outcomes[o].payoffs != out.payoffs {
                    return Err(efg(
                        line,
                        &format!("outcome {number} is given other payoffs at node {} than before", v + 1),
                    ));
                }
                Ok(Some(o))
            }
            (None, Some(out)) => {
                self.outcomes.push(out);
                self.outcome_index.insert(number, self.outcomes.len() - 1);
                Ok(Some(self.outcomes.len() - 1))
            }
            (None, None) => Err(efg(
                line,
                &format!(
                    "node {} refers to outcome {number}, which is unknown (its payoffs are never given before)",
                    v + 1
                ),
            )),
        }
    }
}

/// Action labels as a message shows them: each quoted (shortened, escaped), the first
/// eight of a longer list.
fn action_list(labels: &[String]) -> String {
    let inner: Vec<String> = labels
        .iter()
        .take(8)
        .map(|l| format!("\"{}\"", sprague_textfile::quoted(l)))
        .collect();
    let more = if labels.len() > 8 {
        format!(" … ({} in all)", labels.len())
    } else {
        String::new()
    };
    format!("{{ {}{more} }}", inner.join(" "))
}

/// Writes the game in Gambit's `.efg` format (`EFG 2 R`), giving each
/// information set's actions and each outcome's payoffs where they first
/// appear; [`read_efg`] reads the text back to a game that is written the same.
///
/// ```
/// use sprague_strategic::extensive::{builtin::kuhn_poker, efg::{read_efg, write_efg}};
/// let text = write_efg(&kuhn_poker());
/// // Sets are numbered in order of first appearance when read back.
/// assert_eq!(write_efg(&read_efg(&text).unwrap()), text);
/// ```
pub fn write_efg(game: &ExtensiveGame) -> String {
    let mut out = String::new();
    let players: Vec<String> = game.players.iter().map(|p| escape(p)).collect();
    let _ = writeln!(
        out,
        "EFG 2 R {} {{ {} }}",
        escape(&game.title),
        players.join(" ")
    );
    let _ = writeln!(out, "{}\n", escape(&game.comment));
    let mut set_seen = vec![false; game.infosets.len()];
    let mut outcome_seen = vec![false; game.outcomes.len()];
    for node in &game.nodes {
        match node.infoset {
            None => {
                let _ = write!(out, "t {}", escape(&node.label));
            }
            Some(h) => {
                let set = &game.infosets[h];
                match set.player {
                    Some(p) => {
                        let _ = write!(out, "p {} {} {}", escape(&node.label), p + 1, set.number);
                    }
                    None => {
                        let _ = write!(out, "c {} {}", escape(&node.label), set.number);
                    }
                }
                if !std::mem::replace(&mut set_seen[h], true) {
                    let _ = write!(out, " {} {{", escape(&set.label));
                    for (a, action) in set.actions.iter().enumerate() {
                        let _ = write!(out, " {}", escape(action));
                        if let Some(q) = set.probabilities.get(a) {
                            let _ = write!(out, " {}", format_rational(q));
                        }
                    }
                    out.push_str(" }");
                }
            }
        }
        match node.outcome {
            None => out.push_str(" 0"),
            Some(o) => {
                let _ = write!(out, " {}", o + 1);
                if !std::mem::replace(&mut outcome_seen[o], true) {
                    let outcome = &game.outcomes[o];
                    let payoffs: Vec<String> =
                        outcome.payoffs.iter().map(format_rational).collect();
                    let _ = write!(
                        out,
                        " {} {{ {} }}",
                        escape(&outcome.label),
                        payoffs.join(", ")
                    );
                }
            }
        }
        out.push('\n');
    }
    out
}

fn escape(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

struct Parser<'a> {
    tokens: Tokens<'a>,
}

impl Parser<'_> {
    fn line(&mut self) -> usize {
        self.tokens.line()
    }
    fn next_word(&mut self) -> Option<(String, usize)> {
        match self.tokens.peek() {
            Some((Token::Word(_), _)) => match self.tokens.next() {
                Some((Token::Word(w), line)) => Some((w, line)),
                _ => None,
            },
            _ => None,
        }
    }
    fn word(&mut self) -> Result<(String, usize), ExtensiveError> {
        let line = self.line();
        self.next_word()
            .ok_or_else(|| efg(line, "a word or number was expected"))
    }
    fn peek_text(&mut self) -> bool {
        matches!(self.tokens.peek(), Some((Token::Text(_), _)))
    }
    fn peek_symbol(&mut self, symbol: char) -> bool {
        matches!(self.tokens.peek(), Some((Token::Symbol(c), _)) if *c == symbol)
    }
    fn string(&mut self) -> Result<String, ExtensiveError> {
        if self.peek_text() {
            if let Some((Token::Text(s), _)) = self.tokens.next() {
                return Ok(s);
            }
        }
        Err(efg(self.line(), "a quoted label was expected"))
    }
    fn expect(&mut self, symbol: char) -> Result<(), ExtensiveError> {
        if self.peek_symbol(symbol) {
            self.tokens.next();
            Ok(())
        } else if self.tokens.peek().is_none() {
            Err(efg(
                self.line(),
                &format!("the file ends where \"{symbol}\" was expected"),
            ))
        } else {
            Err(efg(self.line(), &format!("\"{symbol}\" was expected")))
        }
    }
    fn number<T: std::str::FromStr>(&mut self) -> Result<T, ExtensiveError> {
        let (word, line) = self.word()?;
        word.parse().map_err(|_| {
            efg(
                line,
                &format!(
                    "\"{}\" is not a whole number",
                    sprague_textfile::quoted(&word)
                ),
            )
        })
    }
    fn rational(&mut self) -> Result<BigRational, ExtensiveError> {
        let (word, line) = self.word()?;
        parse_rational(&word).ok_or_else(|| {
            let why = match crate::exact_text::why_not_a_number(&word) {
                why if why == "is not a number" => {
                    "is not an exact number (an integer, p/q or a decimal)".to_string()
                }
                why => why,
            };
            efg(
                line,
                &format!("\"{}\" {why}", sprague_textfile::quoted(&word)),
            )
        })
    }
}
