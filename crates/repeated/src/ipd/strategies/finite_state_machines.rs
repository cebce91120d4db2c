//! Finite-state-machine strategies (the Axelrod library's
//! `finite_state_machines.py`; machines from D. Ashlock's papers and from
//! M. Harper et al., "Reinforcement learning produces dominant strategies for
//! the Iterated Prisoner's Dilemma", PLoS ONE 12(12), 2017): the first move
//! is the machine's initial action; afterwards the machine reads the
//! opponent's last action and moves from its state along the transition
//! (state, opponent's action) → (next state, action), playing that action.
//!
//! Users write their own machines in a small JSON format:
//!
//! ```json
//! {"initial_state": 1, "initial_action": "C",
//!  "transitions": [[1, "C", 1, "C"], [1, "D", 1, "D"]]}
//! ```
//!
//! (tit for tat). Every state named (the initial state and every next state)
//! must have exactly one transition for C and one for D.

use std::collections::HashMap;
use std::sync::Arc;

use serde::Deserialize;

use super::{boxed, Strategy, StrategyInfo, View};
use crate::ipd::{Action, IpdError};
use sprague_strategic::seeded::SeededRng;
use Action::{C, D};

/// The most transitions a user's machine may have.
pub const MAX_TRANSITIONS: usize = 1 << 16;

/// A transition: (state, opponent's action, next state, action).
type Row = (u64, Action, u64, Action);

/// A finite-state machine with its states numbered densely.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StateMachine {
    initial_state: usize,
    initial_action: Action,
    /// `next[2·state + (opponent's action == D)]`: the next state and the action.
    next: Vec<(usize, Action)>,
}

impl StateMachine {
    /// A machine from its transitions, checked as the library checks them:
    /// every state named has one transition for C and one for D.
    ///
    /// ```
    /// use sprague_repeated::ipd::strategies::finite_state_machines::StateMachine;
    /// use sprague_repeated::ipd::Action::{C, D};
    /// let tft = StateMachine::new(&[(1, C, 1, C), (1, D, 1, D)], 1, C).unwrap();
    /// assert_eq!(tft.states(), 1);
    /// assert!(StateMachine::new(&[(1, C, 2, C), (1, D, 1, D)], 1, C).is_err());
    /// ```
    pub fn new(rows: &[Row], initial_state: u64, initial_action: Action) -> Result<Self, IpdError> {
        if rows.len() > MAX_TRANSITIONS {
            return Err(IpdError::TooLarge(format!(
                "a finite-state machine may have at most {MAX_TRANSITIONS} transitions, not {}",
                rows.len()
            )));
        }
        let mut index: HashMap<u64, usize> = HashMap::new();
        let mut number = |state: u64| {
            let next = index.len();
            *index.entry(state).or_insert(next)
        };
        let initial = number(initial_state);
        let mut slots: Vec<Option<(usize, Action)>> = Vec::new();
        let mut names: Vec<u64> = vec![initial_state];
        for &(state, input, target, action) in rows {
            let (from, to) = (number(state), number(target));
            for (i, s) in [(from, state), (to, target)] {
                if names.len() <= i {
                    names.push(s);
                }
            }
            let slot = 2 * from + usize::from(input == D);
            if slots.len() <= 2 * from.max(to) + 1 {
                slots.resize(2 * from.max(to) + 2, None);
            }
            if slots[slot].is_some() {
                return Err(IpdError::Parameter(format!(
                    "the finite-state machine has two transitions from state {state} on {}",
                    input.as_char()
                )));
            }
            slots[slot] = Some((to, action));
        }
        slots.resize(2 * names.len(), None);
        let next = slots
            .iter()
            .enumerate()
            .map(|(slot, entry)| {
                entry.ok_or_else(|| {
                    IpdError::Parameter(format!(
                        "state {} of the finite-state machine has no transition for {}",
                        names[slot / 2],
                        if slot % 2 == 0 { 'C' } else { 'D' }
                    ))
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(StateMachine {
            initial_state: initial,
            initial_action,
            next,
        })
    }

    /// The number of states.
    pub fn states(&self) -> usize {
        self.next.len() / 2
    }
}

/// The JSON form of a machine.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MachineJson {
    initial_state: u64,
    initial_action: ActionJson,
    transitions: Vec<(u64, ActionJson, u64, ActionJson)>,
}

#[derive(Deserialize, Clone, Copy)]
enum ActionJson {
    C,
    D,
}

impl From<ActionJson> for Action {
    fn from(a: ActionJson) -> Action {
        match a {
            ActionJson::C => C,
            ActionJson::D => D,
        }
    }
}

/// Reads a machine from its JSON text (see the module documentation).
///
/// ```
/// use sprague_repeated::ipd::strategies::finite_state_machines::parse_machine;
/// let text = r#"{"initial_state": 0, "initial_action": "D",
///                "transitions": [[0, "C", 0, "D"], [0, "D", 0, "D"]]}"#;
/// assert_eq!(parse_machine(text).unwrap().states(), 1);
/// assert!(parse_machine("{}").is_err());
/// ```
pub fn parse_machine(text: &str) -> Result<StateMachine, IpdError> {
    let json: MachineJson = serde_json::from_str(text).map_err(|e| {
        IpdError::Parameter(format!(
            "a finite-state machine is JSON with initial_state, initial_action and transitions [[state, \"C\" or \"D\", next state, \"C\" or \"D\"], …], but this one is not: {e}"
        ))
    })?;
    let rows: Vec<Row> = json
        .transitions
        .iter()
        .map(|&(s, a, t, b)| (s, a.into(), t, b.into()))
        .collect();
    StateMachine::new(&rows, json.initial_state, json.initial_action.into())
}

/// A player of a machine.
pub(crate) struct MachinePlayer {
    machine: Arc<StateMachine>,
    state: usize,
}

impl MachinePlayer {
    pub(crate) fn new(machine: Arc<StateMachine>) -> Self {
        let state = machine.initial_state;
        MachinePlayer { machine, state }
    }
}

impl Strategy for MachinePlayer {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let Some(&last) = view.opponent.last() else {
            return self.machine.initial_action;
        };
        let (next, action) = self.machine.next[2 * self.state + usize::from(last == D)];
        self.state = next;
        action
    }
}

fn machine(rows: &[Row], initial_state: u64, initial_action: Action) -> Box<dyn Strategy> {
    match StateMachine::new(rows, initial_state, initial_action) {
        Ok(machine) => boxed(MachinePlayer::new(Arc::new(machine))),
        Err(error) => unreachable!("a registered machine is valid: {error}"),
    }
}

// The transition tables are the library's (finite_state_machines.py, version
// 4.14.0), which cites their sources per machine.
#[rustfmt::skip]
const EVOLVED_FSM16: &[Row] = &[(0, C, 0, C), (0, D, 12, D), (1, C, 3, D), (1, D, 6, C), (2, C, 2, D), (2, D, 14, D), (3, C, 3, D), (3, D, 3, D), (5, C, 12, D), (5, D, 10, D), (6, C, 5, C), (6, D, 12, D), (7, C, 3, D), (7, D, 1, C), (8, C, 5, C), (8, D, 5, C), (10, C, 11, D), (10, D, 8, C), (11, C, 15, D), (11, D, 5, D), (12, C, 8, C), (12, D, 11, D), (13, C, 13, D), (13, D, 7, D), (14, C, 13, D), (14, D, 13, D), (15, C, 15, D), (15, D, 2, C)];
#[rustfmt::skip]
const EVOLVED_FSM16_NOISE05: &[Row] = &[(0, C, 8, C), (0, D, 3, D), (1, C, 13, C), (1, D, 15, D), (2, C, 12, C), (2, D, 3, D), (3, C, 10, C), (3, D, 3, D), (4, C, 5, D), (4, D, 4, D), (5, C, 4, D), (5, D, 10, D), (6, C, 8, C), (6, D, 6, D), (8, C, 2, C), (8, D, 4, D), (10, C, 4, D), (10, D, 1, D), (11, C, 14, D), (11, D, 13, C), (12, C, 13, C), (12, D, 2, C), (13, C, 13, C), (13, D, 6, C), (14, C, 3, D), (14, D, 13, D), (15, C, 5, D), (15, D, 11, C)];
#[rustfmt::skip]
const EVOLVED_FSM4: &[Row] = &[(0, C, 0, C), (0, D, 2, D), (1, C, 3, D), (1, D, 0, C), (2, C, 2, D), (2, D, 1, C), (3, C, 3, D), (3, D, 1, D)];
#[rustfmt::skip]
const EVOLVED_FSM6: &[Row] = &[(2, C, 2, D), (2, D, 7, D), (3, C, 6, D), (3, D, 4, C), (4, C, 4, C), (4, D, 6, D), (5, C, 2, D), (5, D, 7, D), (6, C, 3, C), (6, D, 5, D), (7, C, 2, C), (7, D, 3, D)];
#[rustfmt::skip]
const FORTRESS3: &[Row] = &[(1, C, 1, D), (1, D, 2, D), (2, C, 1, D), (2, D, 3, C), (3, C, 3, C), (3, D, 1, D)];
#[rustfmt::skip]
const FORTRESS4: &[Row] = &[(1, C, 1, D), (1, D, 2, D), (2, C, 1, D), (2, D, 3, D), (3, C, 1, D), (3, D, 4, C), (4, C, 4, C), (4, D, 1, D)];
#[rustfmt::skip]
const PREDATOR: &[Row] = &[(0, C, 0, D), (0, D, 1, D), (1, C, 2, D), (1, D, 3, D), (2, C, 4, C), (2, D, 3, D), (3, C, 5, D), (3, D, 4, C), (4, C, 2, C), (4, D, 6, D), (5, C, 7, D), (5, D, 3, D), (6, C, 7, C), (6, D, 7, D), (7, C, 8, D), (7, D, 7, D), (8, C, 8, D), (8, D, 6, D)];
#[rustfmt::skip]
const PUN1: &[Row] = &[(1, C, 2, C), (1, D, 2, C), (2, C, 1, C), (2, D, 1, D)];
#[rustfmt::skip]
const RAIDER: &[Row] = &[(0, C, 2, D), (0, D, 2, D), (1, C, 1, C), (1, D, 1, D), (2, C, 0, D), (2, D, 3, C), (3, C, 0, D), (3, D, 1, C)];
#[rustfmt::skip]
const RIPOFF: &[Row] = &[(1, C, 2, C), (1, D, 3, C), (2, C, 1, D), (2, D, 3, C), (3, C, 3, C), (3, D, 3, D)];
#[rustfmt::skip]
const SOLUTION_B1: &[Row] = &[(1, C, 2, D), (1, D, 1, D), (2, C, 2, C), (2, D, 3, C), (3, C, 3, C), (3, D, 3, C)];
#[rustfmt::skip]
const SOLUTION_B5: &[Row] = &[(1, C, 2, C), (1, D, 6, D), (2, C, 2, C), (2, D, 3, D), (3, C, 6, C), (3, D, 1, D), (4, C, 3, C), (4, D, 6, D), (5, C, 5, D), (5, D, 4, D), (6, C, 3, C), (6, D, 5, D)];
#[rustfmt::skip]
const TF1: &[Row] = &[(0, C, 7, C), (0, D, 1, C), (1, C, 11, D), (1, D, 11, D), (2, C, 8, D), (2, D, 8, C), (3, C, 3, C), (3, D, 12, D), (4, C, 6, C), (4, D, 3, C), (5, C, 11, C), (5, D, 8, D), (6, C, 13, D), (6, D, 14, C), (7, C, 4, D), (7, D, 2, D), (8, C, 14, D), (8, D, 8, D), (9, C, 0, C), (9, D, 10, D), (10, C, 8, C), (10, D, 15, C), (11, C, 6, D), (11, D, 5, D), (12, C, 6, D), (12, D, 9, D), (13, C, 9, D), (13, D, 8, D), (14, C, 8, D), (14, D, 13, D), (15, C, 4, C), (15, D, 5, C)];
#[rustfmt::skip]
const TF2: &[Row] = &[(0, C, 13, D), (0, D, 12, D), (1, C, 3, D), (1, D, 4, D), (2, C, 14, D), (2, D, 9, D), (3, C, 0, C), (3, D, 1, D), (4, C, 1, D), (4, D, 2, D), (7, C, 12, D), (7, D, 2, D), (8, C, 7, D), (8, D, 9, D), (9, C, 8, D), (9, D, 0, D), (10, C, 2, C), (10, D, 15, C), (11, C, 7, D), (11, D, 13, D), (12, C, 3, C), (12, D, 8, D), (13, C, 7, C), (13, D, 10, D), (14, C, 10, D), (14, D, 7, D), (15, C, 15, C), (15, D, 11, D)];
#[rustfmt::skip]
const TF3: &[Row] = &[(0, C, 0, C), (0, D, 3, C), (1, C, 5, D), (1, D, 0, C), (2, C, 3, C), (2, D, 2, D), (3, C, 4, D), (3, D, 6, D), (4, C, 3, C), (4, D, 1, D), (5, C, 6, C), (5, D, 3, D), (6, C, 6, D), (6, D, 6, D), (7, C, 7, D), (7, D, 5, C)];
#[rustfmt::skip]
const THUMPER: &[Row] = &[(1, C, 1, C), (1, D, 2, D), (2, C, 1, D), (2, D, 1, D)];
#[rustfmt::skip]
const USUALLY_COOPERATES: &[Row] = &[(1, C, 1, C), (1, D, 2, C), (2, C, 1, D), (2, D, 1, C)];
#[rustfmt::skip]
const USUALLY_DEFECTS: &[Row] = &[(1, C, 2, D), (1, D, 1, D), (2, C, 1, D), (2, D, 1, C)];

/// The library's eighteen finite-state machines (`finite_state_machines.py`).
#[rustfmt::skip]
pub(super) static FINITE_STATE_MACHINES: &[StrategyInfo] = &[
    entry!("EvolvedFSM16", "Evolved FSM 16", [], false,
        "A 16-state machine trained by an evolutionary algorithm (Harper et al. 2017, PLoS ONE 12(12)). Initial state 0, first move C; library finite_state_machines.py.",
        || machine(EVOLVED_FSM16, 0, C)),
    entry!("EvolvedFSM16Noise05", "Evolved FSM 16 Noise 05", [], false,
        "A 16-state machine trained by an evolutionary algorithm with noise 0.05 (Harper et al. 2017). Initial state 0, first move C; library finite_state_machines.py.",
        || machine(EVOLVED_FSM16_NOISE05, 0, C)),
    entry!("EvolvedFSM4", "Evolved FSM 4", [], false,
        "A 4-state machine trained by an evolutionary algorithm (Harper et al. 2017). Initial state 0, first move C; library finite_state_machines.py.",
        || machine(EVOLVED_FSM4, 0, C)),
    entry!("EvolvedFSM6", "Evolved FSM 6", [], false,
        "A 6-state machine trained by an evolutionary algorithm (Marc Harper, library finite_state_machines.py). Initial state 4, first move C; library finite_state_machines.py.",
        || machine(EVOLVED_FSM6, 4, C)),
    entry!("Fortress3", "Fortress3", [], false,
        "Defects first; a 3-state machine that cooperates only after the handshake D, D and keeps cooperating while the opponent does (Ashlock 2006b). Initial state 1, first move D; library finite_state_machines.py.",
        || machine(FORTRESS3, 1, D)),
    entry!("Fortress4", "Fortress4", [], false,
        "Defects first; a 4-state machine that cooperates only after the handshake D, D, D (Ashlock 2006b). Initial state 1, first move D; library finite_state_machines.py.",
        || machine(FORTRESS4, 1, D)),
    entry!("Predator", "Predator", [], false,
        "A 9-state machine evolved to exploit other machines (Ashlock 2006b). Initial state 0, first move C; library finite_state_machines.py.",
        || machine(PREDATOR, 0, C)),
    entry!("Pun1", "Pun1", [], false,
        "Defects first; a 2-state machine that switches state every turn and defects only in its second state after an opponent's defection (Ashlock 2006). Initial state 1, first move D; library finite_state_machines.py.",
        || machine(PUN1, 1, D)),
    entry!("Raider", "Raider", [], false,
        "Defects first; a 4-state machine that exploits cooperators (Ashlock 2014). Initial state 0, first move D; library finite_state_machines.py.",
        || machine(RAIDER, 0, D)),
    entry!("Ripoff", "Ripoff", [], false,
        "Defects first; a 3-state machine that alternates against cooperators and plays tit for tat once punished (Ashlock 2008). Initial state 1, first move D; library finite_state_machines.py.",
        || machine(RIPOFF, 1, D)),
    entry!("SolutionB1", "SolutionB1", [], false,
        "Defects first; a 3-state machine evolved by Ashlock (2015). Initial state 1, first move D; library finite_state_machines.py.",
        || machine(SOLUTION_B1, 1, D)),
    entry!("SolutionB5", "SolutionB5", [], false,
        "Defects first; a 6-state machine evolved by Ashlock (2015). Initial state 1, first move D; library finite_state_machines.py.",
        || machine(SOLUTION_B5, 1, D)),
    entry!("TF1", "TF1", [], false,
        "A 16-state machine trained against Tit For Tat variants (Marc Harper, library finite_state_machines.py). Initial state 0, first move C; library finite_state_machines.py.",
        || machine(TF1, 0, C)),
    entry!("TF2", "TF2", [], false,
        "A 16-state machine trained against Tit For Tat variants (Marc Harper, library finite_state_machines.py). Initial state 0, first move C; library finite_state_machines.py.",
        || machine(TF2, 0, C)),
    entry!("TF3", "TF3", [], false,
        "An 8-state machine trained against Tit For Tat variants (Marc Harper, library finite_state_machines.py). Initial state 0, first move C; library finite_state_machines.py.",
        || machine(TF3, 0, C)),
    entry!("Thumper", "Thumper", [], false,
        "Cooperates first; a 2-state machine that defects twice after a defection (Ashlock 2008). Initial state 1, first move C; library finite_state_machines.py.",
        || machine(THUMPER, 1, C)),
    entry!("UsuallyCooperates", "UsuallyCooperates", [], false,
        "Cooperates first; a 2-state machine that cooperates except after the opponent plays C following a D (Ashlock 2009). Initial state 1, first move C; library finite_state_machines.py.",
        || machine(USUALLY_COOPERATES, 1, C)),
    entry!("UsuallyDefects", "UsuallyDefects", [], false,
        "Defects first; a 2-state machine that defects except after the opponent plays D following a C (Ashlock 2009). Initial state 1, first move D; library finite_state_machines.py.",
        || machine(USUALLY_DEFECTS, 1, D)),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_machines_are_refused_with_the_reason() {
        let cases = [
            (
                r#"{"initial_state": 0, "initial_action": "C", "transitions": [[0, "C", 0, "C"]]}"#,
                "state 0 of the finite-state machine has no transition for D",
            ),
            (
                r#"{"initial_state": 0, "initial_action": "C", "transitions": [[0, "C", 0, "C"], [0, "C", 0, "D"]]}"#,
                "two transitions from state 0 on C",
            ),
            (
                r#"{"initial_state": 0, "initial_action": "X", "transitions": []}"#,
                "is not",
            ),
            (
                r#"{"initial_state": 5, "initial_action": "C", "transitions": [[0, "C", 0, "C"], [0, "D", 0, "D"]]}"#,
                "state 5 of",
            ),
        ];
        for (text, expected) in cases {
            let message = parse_machine(text).unwrap_err().to_string();
            assert!(message.contains(expected), "{message}");
        }
    }

    #[test]
    fn thumper_defects_twice_after_a_defection() {
        // Thumper (Ashlock 2008): state 1 answers D by D and goes to state 2,
        // which plays D whatever the opponent did and returns to state 1.
        let machine = Arc::new(StateMachine::new(THUMPER, 1, C).unwrap());
        let mut player = MachinePlayer::new(machine);
        let payoffs = crate::ipd::Payoffs::default();
        let opponent = [C, D, C, C, C];
        let mut own = Vec::new();
        let mut rng = SeededRng::new(0, 0);
        for turn in 0..=opponent.len() {
            let view = View {
                own: &own,
                opponent: &opponent[..turn],
                own_defections: 0,
                opponent_defections: 0,
                payoffs: &payoffs,
                length: None,
            };
            let action = player.play(&view, &mut rng);
            own.push(action);
        }
        assert_eq!(own, [C, C, D, D, C, C]);
    }
}
