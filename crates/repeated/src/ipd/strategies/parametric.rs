//! Strategies given by parameters, so users can define their own (the
//! Axelrod library's `MemoryOnePlayer`, `LRPlayer`, `LookerUp` and
//! `FSMPlayer` with the user's numbers):
//!
//! - `memoryone:p_cc,p_cd,p_dc,p_dd[,first]` — cooperate with probability
//!   p_xy after own x and opponent's y (M. Nowak and K. Sigmund, "The
//!   evolution of stochastic strategies in the prisoner's dilemma", Acta
//!   Applicandae Mathematicae 20, 1990); probabilities as decimals or
//!   fractions (`1/3`), read exactly; the first move C (default) or D;
//! - `zd:phi,s,l` — the zero-determinant strategy of [`super::zero_determinant`];
//! - `lookup:OWN,OPPONENT,OPENINGS:PATTERN[:INITIAL]` — a lookup table of
//!   [`super::lookerup`];
//! - `fsm:{…}` (inline JSON) or `fsm:FILE.json` — a finite-state machine of
//!   [`super::finite_state_machines`].
//!
//! The canonical text of a strategy (its id) writes the numbers back in
//! lowest terms, so `memoryone:0.5,0,1,0` and `memoryone:1/2,0,1,0,C` are
//! the same player.

use std::sync::Arc;

use sprague_strategic::exact_text::{format_rational, parse_rational, rational_to_f64};

use super::finite_state_machines::{parse_machine, MachinePlayer, StateMachine};
use super::lookerup::{parse_lookup, LookerUp, LookupTable};
use super::zero_determinant::{Baseline, ZdParameters, ZeroDeterminant};
use super::{boxed, MemoryOne, Strategy};
use crate::ipd::{Action, IpdError, Payoffs};

/// The most bytes of a finite-state machine's file.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// Whether a strategy text may name a file (`fsm:FILE.json`): the command
/// line and the Python module may, the web server may not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Files {
    /// Files are read (through `sprague_textfile`, bounded).
    Read,
    /// A file name is refused; only inline JSON is accepted.
    Refuse,
}

/// The rule of a user-defined strategy.
#[derive(Debug, Clone, PartialEq)]
enum Rule {
    MemoryOne {
        four_vector: [f64; 4],
        initial: Action,
    },
    ZeroDeterminant(ZdParameters),
    Lookup(Arc<LookupTable>),
    Machine(Arc<StateMachine>),
}

/// A strategy given by parameters.
#[derive(Debug, Clone, PartialEq)]
pub struct CustomStrategy {
    id: String,
    stochastic: bool,
    description: String,
    rule: Rule,
}

impl CustomStrategy {
    /// Its canonical text, e.g. `memoryone:1,1/3,1,1/3,C`.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Whether it draws random numbers.
    pub fn stochastic(&self) -> bool {
        self.stochastic
    }

    /// What it does, in a sentence.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// A fresh player.
    pub fn make(&self) -> Box<dyn Strategy> {
        match &self.rule {
            Rule::MemoryOne {
                four_vector,
                initial,
            } => boxed(MemoryOne {
                initial: *initial,
                four_vector: *four_vector,
            }),
            Rule::ZeroDeterminant(parameters) => boxed(ZeroDeterminant::new(*parameters)),
            Rule::Lookup(table) => boxed(LookerUp(Arc::clone(table))),
            Rule::Machine(machine) => boxed(MachinePlayer::new(Arc::clone(machine))),
        }
    }

    /// Checks that the strategy is defined under `payoffs` (a
    /// zero-determinant strategy's four-vector depends on them).
    pub fn check_payoffs(&self, payoffs: &Payoffs) -> Result<(), IpdError> {
        match &self.rule {
            Rule::ZeroDeterminant(parameters) => parameters.four_vector(payoffs).map(|_| ()),
            _ => Ok(()),
        }
    }
}

/// Reads a strategy given by parameters; `Ok(None)` when `text` has none of
/// the prefixes `memoryone:`, `zd:`, `lookup:`, `fsm:` (so it is a name).
///
/// ```
/// use sprague_repeated::ipd::strategies::parametric::{parse_parametric, Files};
/// let gtft = parse_parametric("memoryone:1,1/3,1,1/3", Files::Refuse).unwrap().unwrap();
/// assert_eq!(gtft.id(), "memoryone:1,1/3,1,1/3,C");
/// assert!(gtft.stochastic());
/// assert!(parse_parametric("TitForTat", Files::Refuse).unwrap().is_none());
/// assert!(parse_parametric("memoryone:1,2,0,0", Files::Refuse).is_err());
/// ```
pub fn parse_parametric(text: &str, files: Files) -> Result<Option<CustomStrategy>, IpdError> {
    let text = text.trim();
    let Some((prefix, rest)) = text.split_once(':') else {
        return Ok(None);
    };
    let strategy = match prefix.trim().to_ascii_lowercase().as_str() {
        "memoryone" => memory_one(rest)?,
        "zd" => zero_determinant(rest)?,
        "lookup" => lookup(rest)?,
        "fsm" => machine(rest, files)?,
        _ => return Ok(None),
    };
    Ok(Some(strategy))
}

/// Numbers separated by commas, read exactly; the canonical texts and values.
fn numbers(text: &str, what: &str, example: &str) -> Result<Vec<(String, f64)>, IpdError> {
    text.split(',')
        .map(|part| {
            let part = part.trim();
            parse_rational(part)
                .map(|r| (format_rational(&r), rational_to_f64(&r)))
                .ok_or_else(|| {
                    IpdError::Parameter(format!(
                        "{what} is written {example}, but \"{}\" is not a number (a decimal or a fraction such as 1/3)",
                        sprague_textfile::quoted(part)
                    ))
                })
        })
        .collect()
}

fn memory_one(text: &str) -> Result<CustomStrategy, IpdError> {
    const EXAMPLE: &str = "memoryone:p_cc,p_cd,p_dc,p_dd[,first], e.g. memoryone:1,1/3,1,1/3,C";
    let syntax = |why: String| {
        IpdError::Parameter(format!(
            "a memory-one strategy is written {EXAMPLE}, but \"{}\" {why}",
            sprague_textfile::quoted(text)
        ))
    };
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let (probabilities, initial) = match parts.len() {
        4 => (text, Action::C),
        5 => {
            let first = match parts[4].to_ascii_uppercase().as_str() {
                "C" => Action::C,
                "D" => Action::D,
                other => {
                    return Err(syntax(format!(
                        "has the first move \"{}\", not C or D",
                        sprague_textfile::quoted(other)
                    )))
                }
            };
            let cut = text.rfind(',').unwrap_or(text.len());
            (&text[..cut], first)
        }
        n => return Err(syntax(format!("has {n} parts, not 4 or 5"))),
    };
    let values = numbers(probabilities, "a memory-one strategy", EXAMPLE)?;
    if let Some((bad, _)) = values.iter().find(|(_, p)| !(0.0..=1.0).contains(p)) {
        return Err(syntax(format!(
            "has {bad}, which is not a probability between 0 and 1"
        )));
    }
    let four_vector = [values[0].1, values[1].1, values[2].1, values[3].1];
    let texts: Vec<&str> = values.iter().map(|(t, _)| t.as_str()).collect();
    Ok(CustomStrategy {
        id: format!("memoryone:{},{}", texts.join(","), initial.as_char()),
        stochastic: four_vector.iter().any(|&p| p > 0.0 && p < 1.0),
        description: format!(
            "Memory-one strategy: cooperates with probability {} after CC, {} after CD, {} after DC, {} after DD; first move {}.",
            texts[0], texts[1], texts[2], texts[3], initial.as_char()
        ),
        rule: Rule::MemoryOne {
            four_vector,
            initial,
        },
    })
}

fn zero_determinant(text: &str) -> Result<CustomStrategy, IpdError> {
    const EXAMPLE: &str = "zd:phi,s,l, e.g. zd:1/9,1/2,1 for Extort-2";
    let values = numbers(text, "a zero-determinant strategy", EXAMPLE)?;
    let [(phi_text, phi), (s_text, s), (l_text, l)] = &values[..] else {
        return Err(IpdError::Parameter(format!(
            "a zero-determinant strategy is written {EXAMPLE}, but \"{}\" has {} numbers, not 3",
            sprague_textfile::quoted(text),
            values.len()
        )));
    };
    let parameters = ZdParameters {
        phi: *phi,
        s: *s,
        l: Baseline::Fixed(*l),
    };
    // Checked under the standard payoffs here, under the match's by the faces.
    parameters.four_vector(&Payoffs::default())?;
    Ok(CustomStrategy {
        id: format!("zd:{phi_text},{s_text},{l_text}"),
        stochastic: true,
        description: format!(
            "Zero-determinant strategy enforcing s(S_X - l) = S_Y - l with phi = {phi_text}, s = {s_text}, l = {l_text} (Press–Dyson 2012; Hilbe et al. 2013)."
        ),
        rule: Rule::ZeroDeterminant(parameters),
    })
}

fn lookup(text: &str) -> Result<CustomStrategy, IpdError> {
    let table = parse_lookup(text)?;
    let canonical: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    Ok(CustomStrategy {
        id: format!("lookup:{}", canonical.to_ascii_uppercase()),
        stochastic: false,
        description: format!(
            "Lookup table (own last moves, opponent's last moves, opponent's first moves : pattern : opening) {canonical}."
        ),
        rule: Rule::Lookup(Arc::new(table)),
    })
}

fn machine(text: &str, files: Files) -> Result<CustomStrategy, IpdError> {
    let text = text.trim();
    let (json, source) = if text.starts_with('{') {
        (text.to_string(), None)
    } else {
        match files {
            Files::Refuse => {
                return Err(IpdError::Parameter(
                    "a finite-state machine must be given here as inline JSON (fsm:{…}), not as a file name".into(),
                ))
            }
            Files::Read => {
                let json = sprague_textfile::read_bounded(text, MAX_FILE_BYTES).map_err(|e| {
                    IpdError::Parameter(format!(
                        "the finite-state machine file {text} could not be read: {e}"
                    ))
                })?;
                (json, Some(text))
            }
        }
    };
    let machine = parse_machine(&json)?;
    let compact: String = json.chars().filter(|c| !c.is_whitespace()).collect();
    let description = match source {
        Some(path) => format!(
            "Finite-state machine of {} states from {path}.",
            machine.states()
        ),
        None => format!("Finite-state machine of {} states.", machine.states()),
    };
    Ok(CustomStrategy {
        id: format!("fsm:{compact}"),
        stochastic: false,
        description,
        rule: Rule::Machine(Arc::new(machine)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<CustomStrategy, IpdError> {
        parse_parametric(text, Files::Refuse).map(|s| s.unwrap())
    }

    #[test]
    fn memory_one_reads_decimals_and_fractions_exactly() {
        let a = parse("memoryone:0.5,0,1,0").unwrap();
        let b = parse("memoryone: 1/2, 0, 1, 0, c").unwrap();
        assert_eq!(a.id(), "memoryone:1/2,0,1,0,C");
        assert_eq!(a, b);
        let d = parse("memoryone:1,0,1,0,D").unwrap();
        assert_eq!(d.id(), "memoryone:1,0,1,0,D");
        assert!(!d.stochastic());
        for bad in [
            "memoryone:1,0,1",
            "memoryone:1,0,1,0,X",
            "memoryone:1,0,1,1.5",
            "memoryone:1,0,1,x",
            "memoryone:1,0,1,-1/2",
        ] {
            let message = parse(bad).unwrap_err().to_string();
            assert!(
                message.starts_with("a memory-one strategy is written"),
                "{message}"
            );
        }
    }

    #[test]
    fn zero_determinant_parameters_are_checked() {
        let extort = parse("zd:1/9,1/2,1").unwrap();
        assert_eq!(extort.id(), "zd:1/9,1/2,1");
        assert!(parse("zd:1/9,1/2").is_err());
        let message = parse("zd:1,1/2,1").unwrap_err().to_string();
        assert!(message.contains("is not between 0 and 1"), "{message}");
        // The ZDGTFT-2 parameters are valid with R = 3 but not when l > R.
        let gtft = parse("zd:1/4,1/2,3").unwrap();
        let low = Payoffs {
            r: 2.0,
            s: 0.0,
            t: 5.0,
            p: 1.0,
        };
        assert!(gtft.check_payoffs(&low).is_err());
    }

    #[test]
    fn lookup_and_machine_texts() {
        let tft = parse("lookup:0,1,0:cd").unwrap();
        assert_eq!(tft.id(), "lookup:0,1,0:CD");
        let json = r#"fsm:{"initial_state": 1, "initial_action": "C", "transitions": [[1, "C", 1, "C"], [1, "D", 1, "D"]]}"#;
        let machine = parse(json).unwrap();
        assert!(machine.id().starts_with("fsm:{\"initial_state\":1"));
        let message = parse("fsm:machine.json").unwrap_err().to_string();
        assert!(message.contains("inline JSON"), "{message}");
        let message = parse_parametric("fsm:/nonexistent/machine.json", Files::Read)
            .unwrap_err()
            .to_string();
        assert!(message.contains("could not be read"), "{message}");
    }
}
