//! The entries of Axelrod's second tournament (Axelrod 1980b, "More
//! effective choice in the prisoner's dilemma", J. Conflict Resolution
//! 24(3), 379–403), as the Axelrod library's `axelrod_second.py`
//! (Axelrod-Python/Axelrod 4.14) reconstructs them from the original
//! Fortran programs (the K-numbers are the programs' names). The rules are
//! re-implemented from the library's documentation and behaviour, including
//! its reading of the Fortran (e.g. Kluepfel's randomness test and Adams's
//! forgiveness probability follow the code, not the prose). Gladstein's
//! entry is `Tester` in the classic table. Scores are counted with the
//! match's payoffs (the library uses (R, S, T, P) = (3, 0, 5, 1) in
//! Tranquilizer's, which is the same with the default payoffs).

use super::{boxed, cooperate_with, SeededRng, Strategy, StrategyInfo, View};
use crate::ipd::Action::{self, C, D};

/// Both players' running totals, updated with the last round each turn.
#[derive(Default)]
struct Totals {
    own: f64,
    opponent: f64,
}

impl Totals {
    fn add_last_round(&mut self, view: &View<'_>) {
        if let (Some(&own), Some(&opponent)) = (view.own.last(), view.opponent.last()) {
            let (mine, theirs) = view.payoffs.score(own, opponent);
            self.own += mine;
            self.opponent += theirs;
        }
    }
}

/// The opponent's move `back` turns ago, C before the match started (the
/// Fortran programs' default).
fn opponent_ago(view: &View<'_>, back: usize) -> Action {
    let n = view.turn();
    if back <= n {
        view.opponent[n - back]
    } else {
        C
    }
}

/// The strategy's own move `back` turns ago, C before the match started.
fn own_ago(view: &View<'_>, back: usize) -> Action {
    let n = view.turn();
    if back <= n {
        view.own[n - back]
    } else {
        C
    }
}

fn is_d(action: Action) -> f64 {
    if action == D {
        1.0
    } else {
        0.0
    }
}

/// Champion: cooperates 10 times, tit for tat for 15 moves, then
/// cooperates unless the opponent just defected, cooperated less than 60%
/// of the time, and a uniform draw is below its defection rate.
struct Champion;

impl Strategy for Champion {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        let n = view.turn();
        if n < 10 {
            return C;
        }
        if n < 25 {
            return view.tit_for_tat();
        }
        let defection_rate = view.opponent_defections as f64 / n as f64;
        if view.opponent_last() == Some(D) && defection_rate >= rng.next_f64().max(0.4) {
            return D;
        }
        C
    }
}

/// Eatherley: answers a defection with a defection with probability the
/// opponent's defection rate.
struct Eatherley;

impl Strategy for Eatherley {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        match view.opponent_last() {
            None | Some(C) => C,
            Some(D) => {
                let rate = view.opponent_defections as f64 / view.turn() as f64;
                cooperate_with(1.0 - rate, rng)
            }
        }
    }
}

/// Gladstein's Tester as the library's `SecondByTester`: defects first; if
/// the opponent ever defects, apologises and plays tit for tat; otherwise
/// cooperates twice and then alternates.
#[derive(Default)]
struct TesterAlternating {
    tit_for_tat: bool,
}

impl Strategy for TesterAlternating {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let Some(last) = view.opponent_last() else {
            return D;
        };
        if self.tit_for_tat {
            return last;
        }
        if last == D {
            self.tit_for_tat = true;
            return C;
        }
        match view.own {
            [] | [_] | [_, _] => C,
            [.., own_last] => own_last.flip(),
        }
    }
}

/// Tranquilizer (K67R, Craig Feathers): mostly cooperates, throws in
/// occasional defections while its average payoff stays at least 2.25, and
/// watches how the opponent answers them (the "good defection" ratios).
struct Tranquilizer {
    turns_after_good_defection: u8,
    opponent_defection_streak: f64,
    one_turn_after_ratio: f64,
    two_turns_after_ratio: f64,
    one_turn_after_count: f64,
    two_turns_after_count: f64,
    totals: Totals,
}

impl Default for Tranquilizer {
    fn default() -> Self {
        Tranquilizer {
            turns_after_good_defection: 0,
            opponent_defection_streak: 0.0,
            one_turn_after_ratio: 5.0,
            two_turns_after_ratio: 0.0,
            one_turn_after_count: 1.0,
            two_turns_after_count: 1.0,
            totals: Totals::default(),
        }
    }
}

impl Tranquilizer {
    /// The running mean of the answers to a good defection: 3 − 3o + 2m − o·m
    /// with o, m = 1 for the opponent's and its own last defection.
    fn answer_value(view: &View<'_>) -> f64 {
        let o = is_d(opponent_ago(view, 1));
        let m = is_d(own_ago(view, 1));
        (3.0 - 3.0 * o) + 2.0 * m - o * m
    }

    fn update(&mut self, view: &View<'_>) {
        if view.opponent_last() == Some(D) {
            self.opponent_defection_streak += 1.0;
        } else {
            self.opponent_defection_streak = 0.0;
        }
        let value = Self::answer_value(view);
        match self.turns_after_good_defection {
            2 => {
                self.turns_after_good_defection = 0;
                self.two_turns_after_ratio =
                    (self.two_turns_after_ratio * self.two_turns_after_count + value)
                        / (self.two_turns_after_count + 1.0);
                self.two_turns_after_count += 1.0;
            }
            1 => {
                self.turns_after_good_defection = 2;
                self.one_turn_after_ratio = (self.one_turn_after_ratio * self.one_turn_after_count
                    + value)
                    / (self.one_turn_after_count + 1.0);
                self.one_turn_after_count += 1.0;
            }
            _ => {}
        }
    }
}

impl Strategy for Tranquilizer {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        let Some(last) = view.opponent_last() else {
            return C;
        };
        self.totals.add_last_round(view);
        self.update(view);
        if self.turns_after_good_defection > 0 {
            return C;
        }
        let rounds = view.turn() as f64 + 1.0;
        let average = self.totals.own / rounds;
        if average >= 2.25 {
            let p = (0.95 - (self.one_turn_after_ratio + self.two_turns_after_ratio - 5.0) / 15.0)
                + 1.0 / (rounds * rounds)
                - is_d(last) / 4.0;
            if rng.next_f64() <= p {
                return C;
            }
            self.turns_after_good_defection = 1;
            return D;
        }
        if average >= 1.75 {
            let p = (0.25 + (view.opponent_cooperations() as f64 + 1.0) / rounds)
                - self.opponent_defection_streak * 0.25
                + (self.totals.own - self.totals.opponent) / 100.0
                + 4.0 / rounds;
            return if rng.next_f64() <= p { C } else { D };
        }
        last
    }
}

/// Grofman (K86R): cooperates twice, tit for tat up to move 7, then
/// cooperates when the opponent defected at most 2 times (after its own C)
/// or at most once (after its own D) in the 7 rounds before the last.
fn grofman(view: &View<'_>) -> Action {
    let n = view.turn();
    if n < 2 {
        return C;
    }
    if n <= 6 {
        return view.tit_for_tat();
    }
    let defections = view.opponent[n - 8.min(n)..n - 1]
        .iter()
        .filter(|&&a| a == D)
        .count();
    let tolerated = if view.own[n - 1] == C { 2 } else { 1 };
    if defections <= tolerated {
        C
    } else {
        D
    }
}

/// Kluepfel (K32R): defects against an opponent whose answers look random
/// after move 26; otherwise follows the opponent's recent moves, with
/// chances of 90%, 70% or 60% of doing so.
#[derive(Default)]
struct Kluepfel {
    c_after_d: usize,
    d_after_d: usize,
    d_after_c: usize,
    c_after_c: usize,
}

impl Kluepfel {
    fn looks_random(&self) -> bool {
        let close_to_half = |x: usize, total: usize| {
            let total = total as f64;
            x as f64 >= total / 2.0 - 0.75 * total.sqrt()
        };
        close_to_half(self.c_after_d, self.c_after_d + self.d_after_d)
            && close_to_half(self.d_after_c, self.d_after_c + self.c_after_c)
    }
}

impl Strategy for Kluepfel {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        let n = view.turn();
        if n >= 2 {
            match (view.own[n - 2], view.opponent[n - 1]) {
                (D, C) => self.c_after_d += 1,
                (D, D) => self.d_after_d += 1,
                (C, C) => self.c_after_c += 1,
                (C, D) => self.d_after_c += 1,
            }
        }
        if n > 26 && self.looks_random() {
            return D;
        }
        let (one, two, three) = (
            opponent_ago(view, 1),
            opponent_ago(view, 2),
            opponent_ago(view, 3),
        );
        if one == two && two == three {
            return one;
        }
        let keep = if one == two {
            0.9
        } else if one == C {
            0.7
        } else {
            0.6
        };
        if rng.next_f64() < keep {
            one
        } else {
            one.flip()
        }
    }
}

/// Borufsen (K32R): tit for tat with a cooperation to break mutual
/// defection and a forgiveness to break echoes, and a defect mode entered
/// at checks every 25 moves against random or defective opponents.
#[derive(Default)]
struct Borufsen {
    c_after_d: usize,
    c_after_c: usize,
    mutual_defection_streak: usize,
    echo_streak: usize,
    forgive_next_defection: bool,
    defect_mode: bool,
}

impl Borufsen {
    /// The checkpoint every 25 moves; `Some(D)` when it leaves defect mode.
    fn check_mode(&mut self) -> Option<Action> {
        let leaving = self.defect_mode;
        let cooperations = self.c_after_d + self.c_after_c;
        let random =
            (8..=17).contains(&cooperations) && (self.c_after_c as f64 / cooperations as f64) < 0.7;
        self.defect_mode = cooperations < 3 || random;
        self.c_after_d = 0;
        self.c_after_c = 0;
        if self.defect_mode {
            self.mutual_defection_streak = 0;
            self.echo_streak = 0;
            self.forgive_next_defection = false;
            None
        } else if leaving {
            Some(D)
        } else {
            None
        }
    }

    fn answer(&mut self, action: Action) -> Action {
        if action == D && self.forgive_next_defection {
            self.forgive_next_defection = false;
            return C;
        }
        action
    }
}

impl Strategy for Borufsen {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let turn = view.turn() + 1;
        let (Some(&own), Some(&opponent)) = (view.own.last(), view.opponent.last()) else {
            return C;
        };
        if turn >= 3 && opponent == C {
            if own_ago(view, 2) == C {
                self.c_after_c += 1;
            } else {
                self.c_after_d += 1;
            }
        }
        if turn > 2 && turn % 25 == 2 {
            if let Some(action) = self.check_mode() {
                return action;
            }
        }
        if self.defect_mode {
            return D;
        }
        if own == D && opponent == D {
            self.mutual_defection_streak += 1;
        } else {
            self.mutual_defection_streak = 0;
        }
        if self.mutual_defection_streak >= 3 {
            self.mutual_defection_streak = 0;
            self.echo_streak = 0;
            return C;
        }
        let echo = own != opponent && own == opponent_ago(view, 2) && opponent == own_ago(view, 2);
        if echo {
            self.echo_streak += 1;
        } else {
            self.echo_streak = 0;
        }
        if self.echo_streak >= 3 {
            self.mutual_defection_streak = 0;
            self.echo_streak = 0;
            self.forgive_next_defection = true;
        }
        self.answer(opponent)
    }
}

/// Cave (K49R): defects against opponents that defect often or look
/// random; answers a defection with a defection once the opponent has
/// defected 18 times, with a coin flip before.
struct Cave;

impl Strategy for Cave {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        let turn = view.turn() + 1;
        let Some(last) = view.opponent_last() else {
            return C;
        };
        let defections = view.opponent_defections;
        let rate = defections as f64 / turn as f64;
        if (turn > 39 && rate > 0.39) || (turn > 29 && rate > 0.65) || (turn > 19 && rate > 0.79) {
            return D;
        }
        match last {
            C => C,
            D if defections > 17 => D,
            D => cooperate_with(0.5, rng),
        }
    }
}

/// Adams (K44R): counting the opponent's defections after its first move,
/// defects at the 4th, 7th and 9th; beyond 9, answers a defection with a
/// cooperation with probability 0.5^(count − 9).
struct WmAdams;

impl Strategy for WmAdams {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        if view.turn() <= 1 {
            return C;
        }
        let count = view.opponent_defections - usize::from(view.opponent[0] == D);
        if [4, 7, 9].contains(&count) {
            return D;
        }
        if count > 9 && view.opponent_last() == Some(D) {
            let exponent = i32::try_from(count - 9).unwrap_or(i32::MAX);
            return cooperate_with(0.5f64.powi(exponent), rng);
        }
        C
    }
}

/// Graaskamp and Katzen (K60R): tit for tat, defecting for good when its
/// score falls behind checkpoints at moves 11, 21, 31, 41, 51 and 101.
#[derive(Default)]
struct GraaskampKatzen {
    totals: Totals,
    defect_mode: bool,
}

impl Strategy for GraaskampKatzen {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        const CHECKPOINTS: [(usize, f64); 6] = [
            (11, 23.0),
            (21, 53.0),
            (31, 83.0),
            (41, 113.0),
            (51, 143.0),
            (101, 293.0),
        ];
        if self.defect_mode {
            return D;
        }
        let Some(last) = view.opponent_last() else {
            return C;
        };
        self.totals.add_last_round(view);
        let turn = view.turn() + 1;
        if CHECKPOINTS
            .iter()
            .any(|&(t, score)| t == turn && self.totals.own < score)
        {
            self.defect_mode = true;
            return D;
        }
        last
    }
}

/// Weiner (K41R): tit for tat that forgives (once per 20 moves of grudge)
/// a defection following an odd run of defections, and defects whenever
/// five of the opponent's twelve moves before the last were defections.
#[derive(Default)]
struct Weiner {
    forgive: bool,
    grudge: usize,
    defection_run: usize,
}

impl Weiner {
    fn override_defective(view: &View<'_>, action: Action) -> Action {
        let n = view.turn();
        let window = &view.opponent[n.saturating_sub(13)..n.saturating_sub(1)];
        if window.iter().filter(|&&a| a == D).count() >= 5 {
            D
        } else {
            action
        }
    }
}

impl Strategy for Weiner {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let Some(last) = view.opponent_last() else {
            return C;
        };
        if self.forgive {
            self.forgive = false;
            self.defection_run = 0;
            if self.grudge < view.turn() + 1 && last == D {
                self.grudge += 20;
                return Self::override_defective(view, C);
            }
            return Self::override_defective(view, last);
        }
        if last == D {
            self.defection_run += 1;
        } else {
            self.forgive = self.defection_run % 2 == 1;
            self.defection_run = 0;
        }
        Self::override_defective(view, last)
    }
}

/// Harrington's modes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum HarringtonMode {
    Normal,
    FairWeather,
    Defect,
}

/// Harrington (K75R): tit for tat with a defection at move 37 and then
/// random "generous" defections (each followed by two cooperations), tests
/// for random opponents (a χ²-like statistic every 15 moves), for runs of
/// defections, for alternating runs, and a defect mode it may leave.
struct Harrington {
    mode: HarringtonMode,
    recorded_defections: usize,
    exit_defect_meter: i64,
    was_defective: bool,
    probability: f64,
    /// Counts by (own, opponent) two turns ago (rows) and the opponent's
    /// answer (columns).
    move_history: [[f64; 2]; 4],
    more_cooperations: i64,
    last_generous_turns_ago: i64,
    burned: bool,
    defection_streak: usize,
    parity_streak: [usize; 2],
    parity_bit: usize,
    parity_limit: usize,
    parity_hits: usize,
}

impl Default for Harrington {
    fn default() -> Self {
        Harrington {
            mode: HarringtonMode::Normal,
            recorded_defections: 0,
            exit_defect_meter: 0,
            was_defective: false,
            probability: 0.25,
            move_history: [[0.0; 2]; 4],
            more_cooperations: 0,
            last_generous_turns_ago: 3,
            burned: false,
            defection_streak: 0,
            parity_streak: [0, 0],
            parity_bit: 0,
            parity_limit: 5,
            parity_hits: 0,
        }
    }
}

impl Harrington {
    /// The end-of-turn bookkeeping: a cooperation uses up a scheduled one
    /// (`lower`), a defection counts in the current parity streak (`parity`).
    fn answer(&mut self, action: Action, lower: bool, parity: bool) -> Action {
        if lower && action == C {
            self.more_cooperations -= 1;
            self.last_generous_turns_ago += 1;
        }
        if parity && action == D {
            self.parity_streak[self.parity_bit] += 1;
        }
        action
    }

    /// Pearson's statistic on the move-history table, keeping only the
    /// cells whose expected count exceeds 1.
    fn chi_squared(&self, total: f64) -> f64 {
        let rows: Vec<f64> = self.move_history.iter().map(|r| r[0] + r[1]).collect();
        let columns: Vec<f64> = (0..2)
            .map(|j| self.move_history.iter().map(|r| r[j]).sum())
            .collect();
        let mut statistic = 0.0;
        for (i, row) in rows.iter().enumerate() {
            for (j, column) in columns.iter().enumerate() {
                let expected = row * column / total;
                if expected > 1.0 {
                    let difference = expected - self.move_history[i][j];
                    statistic += difference * difference / expected;
                }
            }
        }
        statistic
    }

    fn looks_random(&self, turn: usize) -> bool {
        let total = (turn - 2) as f64;
        let defection_rate = self.recorded_defections as f64 / total;
        self.move_history[0][0] / total < 0.8
            && (0.25..=0.75).contains(&defection_rate)
            && self.chi_squared(total) <= 3.0
    }

    fn record(&mut self, view: &View<'_>, turn: usize) {
        if turn <= 2 {
            return;
        }
        let answer = opponent_ago(view, 1);
        if answer == D {
            self.recorded_defections += 1;
        }
        let row = usize::from(opponent_ago(view, 2) == D) + 2 * usize::from(own_ago(view, 2) == D);
        self.move_history[row][usize::from(answer == D)] += 1.0;
    }

    /// Switches parity and counts the opponent's defection in that streak;
    /// whether the streak reached the limit.
    fn parity_streak_reached(&mut self, last: Action) -> bool {
        self.parity_bit = 1 - self.parity_bit;
        if last == D {
            self.parity_streak[self.parity_bit] += 1;
        } else {
            self.parity_streak[self.parity_bit] = 0;
        }
        self.parity_streak[self.parity_bit] >= self.parity_limit
    }

    fn defect_mode(&mut self, last: Action) -> Action {
        if last == D {
            self.exit_defect_meter += 1;
        } else {
            self.exit_defect_meter -= 3;
        }
        if self.exit_defect_meter >= 11 {
            self.mode = HarringtonMode::Normal;
            self.was_defective = true;
            self.more_cooperations = 2;
            return C;
        }
        D
    }

    fn generous_defection(&mut self) -> Action {
        self.more_cooperations = 2;
        self.last_generous_turns_ago = 1;
        D
    }
}

impl Strategy for Harrington {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        let turn = view.turn() + 1;
        let Some(last) = view.opponent_last() else {
            return C;
        };
        if self.mode == HarringtonMode::Defect {
            return self.defect_mode(last);
        }
        if !self.was_defective {
            self.record(view, turn);
            if turn.is_multiple_of(15) && turn > 15 && self.looks_random(turn) {
                self.mode = HarringtonMode::Defect;
                return D;
            }
        }
        if self.last_generous_turns_ago == 2 && last == D {
            self.burned = true;
        }
        if turn == 38 && last == D && view.opponent_cooperations() == 36 {
            self.mode = HarringtonMode::FairWeather;
            return C;
        }
        if self.mode == HarringtonMode::FairWeather {
            if last == C {
                return self.answer(C, true, false);
            }
            self.mode = HarringtonMode::Normal;
        }
        if last == D {
            self.defection_streak += 1;
        } else {
            self.defection_streak = 0;
        }
        if self.defection_streak >= 20 {
            return self.answer(D, true, true);
        }
        if self.parity_streak_reached(last) {
            self.parity_streak[self.parity_bit] = 0;
            self.parity_hits += 1;
            if self.parity_hits >= 8 {
                self.parity_limit = 3;
            }
            return self.answer(C, true, true);
        }
        if self.more_cooperations >= 1 {
            return self.answer(C, true, true);
        }
        if turn < 37 {
            return self.answer(last, true, true);
        }
        if turn == 37 {
            return self.generous_defection();
        }
        if self.burned || rng.next_f64() > self.probability {
            return self.answer(last, true, true);
        }
        self.probability += 0.05;
        self.generous_defection()
    }
}

/// Tideman and Chieruzzi (K84R): cooperates while its score exceeds the
/// opponent's by a margin that grows with each C-then-D of the opponent,
/// and gives a "fresh start" (two cooperations, everything forgotten) to an
/// opponent whose defections are far from half its moves.
#[derive(Default)]
struct TidemanAndChieruzzi {
    totals: Totals,
    last_fresh_start: usize,
    fresh_start: bool,
    margin: f64,
    margin_step: f64,
}

impl Strategy for TidemanAndChieruzzi {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let round = view.turn() + 1;
        let Some(last) = view.opponent_last() else {
            return C;
        };
        self.totals.add_last_round(view);
        if self.fresh_start {
            self.totals = Totals::default();
            self.margin = 0.0;
            self.margin_step = 0.0;
            self.last_fresh_start = round;
            self.fresh_start = false;
            return C;
        }
        let c_then_d = opponent_ago(view, 2) == C && last == D;
        if c_then_d {
            self.margin += self.margin_step;
            self.margin_step += 5.0;
        }
        if self.totals.own - self.totals.opponent >= self.margin {
            return C;
        }
        if !c_then_d && round - self.last_fresh_start >= 10 {
            let n = view.turn() as f64;
            let deviation = n.sqrt() / 2.0;
            let defections = view.opponent_defections as f64;
            if defections <= n / 2.0 - 3.0 * deviation || defections >= n / 2.0 + 3.0 * deviation {
                self.fresh_start = true;
                return C;
            }
        }
        D
    }
}

/// Getzler (K35R): defects with probability the opponent's "flack", the sum
/// of its defections weighted by 1/2 per move ago.
#[derive(Default)]
struct Getzler {
    flack: f64,
}

impl Strategy for Getzler {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        let Some(last) = view.opponent_last() else {
            return C;
        };
        self.flack = (self.flack + is_d(last)) * 0.5;
        cooperate_with(1.0 - self.flack, rng)
    }
}

/// Leyvraz (K68R): cooperates with a probability set by the opponent's last
/// three moves (C before the match).
struct Leyvraz;

impl Strategy for Leyvraz {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        let recent = (
            opponent_ago(view, 3),
            opponent_ago(view, 2),
            opponent_ago(view, 1),
        );
        let p = match recent {
            (_, D, D) => 0.25,
            (D, _, _) => 1.0,
            (C, D, C) => 0.0,
            (C, C, D) => 0.5,
            (C, C, C) => 1.0,
        };
        cooperate_with(p, rng)
    }
}

/// White (K72R): cooperates for ten moves and after a cooperation; after a
/// defection defects when ⌊ln t⌋ times the opponent's defections is at
/// least the turn number t.
fn white(view: &View<'_>) -> Action {
    let turn = view.turn() + 1;
    if turn <= 10 || view.opponent_last() == Some(C) {
        return C;
    }
    let turn = turn as f64;
    if turn.ln().floor() * view.opponent_defections as f64 >= turn {
        D
    } else {
        C
    }
}

/// Black (K83R): cooperates five times, then with a probability set by the
/// opponent's defections in its last five moves.
struct Black;

impl Strategy for Black {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        const COOPERATION: [f64; 6] = [1.0, 1.0, 0.88, 0.68, 0.4, 0.04];
        let n = view.turn();
        if n < 5 {
            return C;
        }
        let defections = view.opponent[n - 5..].iter().filter(|&&a| a == D).count();
        cooperate_with(COOPERATION[defections], rng)
    }
}

/// Hufford (K47R): plays by how often the opponent "agrees" (repeats its own
/// move of the turn before), and defects once ("an aberration") after a long
/// streak of the opponent's cooperations, the needed streak length adapting
/// to how the opponent answered earlier aberrations.
struct RichardHufford {
    agreements: usize,
    last_four: [bool; 4],
    last_four_index: usize,
    streak_needed: usize,
    streak: usize,
    last_aberration: Option<usize>,
    cooperations_after_aberration: usize,
    defections_after_aberration: usize,
}

impl Default for RichardHufford {
    fn default() -> Self {
        RichardHufford {
            agreements: 2,
            last_four: [true; 4],
            last_four_index: 0,
            streak_needed: 21,
            streak: 2,
            last_aberration: None,
            cooperations_after_aberration: 2,
            defections_after_aberration: 2,
        }
    }
}

impl Strategy for RichardHufford {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let turn = view.turn() + 1;
        let Some(last) = view.opponent_last() else {
            return C;
        };
        self.last_four_index = (self.last_four_index + 1) % 4;
        let agreed = own_ago(view, 2) == last;
        self.agreements += usize::from(agreed);
        self.last_four[self.last_four_index] = agreed;
        match self.last_aberration {
            None => {
                self.streak = if last == C { self.streak + 1 } else { 0 };
                if self.streak >= self.streak_needed {
                    self.last_aberration = Some(turn);
                    if self.streak == self.streak_needed {
                        return D;
                    }
                }
            }
            Some(aberration) if turn == aberration + 2 => {
                self.last_aberration = None;
                if last == C {
                    self.cooperations_after_aberration += 1;
                } else {
                    self.defections_after_aberration += 1;
                }
                let ratio = 20.0 * self.defections_after_aberration as f64
                    / self.cooperations_after_aberration as f64;
                // A positive ratio of small counts: the cast is exact.
                self.streak_needed = ratio.floor() as usize + 1;
                self.streak = 0;
                return C;
            }
            Some(_) => {}
        }
        let proportion = self.agreements as f64 / turn as f64;
        let recent = self.last_four.iter().filter(|&&a| a).count();
        if proportion > 0.9 && recent >= 4 {
            C
        } else if proportion >= 0.625 && recent >= 2 {
            last
        } else {
            D
        }
    }
}

/// Yamachi (K64R): predicts the opponent's answer from how it answered the
/// same situation (its move two turns ago, our last intended move) before, and
/// defects after move 40 against an opponent defecting about half the time.
#[derive(Default)]
struct Yamachi {
    /// Counts by (opponent's move, our next intended move, opponent's answer).
    counts: [usize; 8],
    /// Its own intended (not overridden) moves: two turns ago and last turn.
    intended: [Option<Action>; 2],
}

fn triple_index(x: Action, y: Action, z: Action) -> usize {
    4 * usize::from(x == D) + 2 * usize::from(y == D) + usize::from(z == D)
}

impl Yamachi {
    fn answer(&mut self, view: &View<'_>, action: Action) -> Action {
        let turn = view.turn() + 1;
        self.intended = [self.intended[1], Some(action)];
        let defection_rate = (view.opponent_defections as f64 + 0.5) / turn as f64;
        if turn > 40 && 0.45 < defection_rate && defection_rate < 0.55 {
            D
        } else {
            action
        }
    }
}

impl Strategy for Yamachi {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let turn = view.turn() + 1;
        let Some(us_last) = self.intended[1] else {
            return self.answer(view, C);
        };
        let them_two_ago = opponent_ago(view, 2);
        if turn >= 3 {
            let us_two_ago = self.intended[0].unwrap_or(C);
            let them_three_ago = opponent_ago(view, 3);
            self.counts[triple_index(them_three_ago, us_two_ago, them_two_ago)] += 1;
        }
        let cooperations = self.counts[triple_index(them_two_ago, us_last, C)];
        let defections = self.counts[triple_index(them_two_ago, us_last, D)];
        let action = if cooperations >= defections { C } else { D };
        self.answer(view, action)
    }
}

/// Colbert (K51R), a finite-state machine: C on the first eight moves but
/// the sixth; then answers a cooperation with C and a defection with the
/// chain D, D, C, C, ignoring the opponent during the chain.
struct Colbert {
    state: usize,
}

impl Strategy for Colbert {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        // (next state, action) after the opponent's C and after its D.
        const TRANSITIONS: [[(usize, Action); 2]; 11] = [
            [(1, C), (1, C)],
            [(2, C), (2, C)],
            [(3, C), (3, C)],
            [(4, C), (4, C)],
            [(5, D), (5, D)],
            [(6, C), (6, C)],
            [(7, C), (7, C)],
            [(7, C), (8, D)],
            [(9, D), (9, D)],
            [(10, C), (10, C)],
            [(7, C), (7, C)],
        ];
        let Some(last) = view.opponent_last() else {
            return C;
        };
        let (next, action) = TRANSITIONS[self.state][usize::from(last == D)];
        self.state = next;
        action
    }
}

/// Mikkelson (K66R): keeps a "credit" (7 to start, +1 per opponent C up to 8,
/// −2 per D down to −7) and cooperates while it is positive; otherwise
/// defects (resetting the credit to 4) in the first ten moves, and later
/// when the opponent defected on at least 15% of the moves.
struct Mikkelson {
    credit: i32,
}

impl Strategy for Mikkelson {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let turn = view.turn() + 1;
        let Some(last) = view.opponent_last() else {
            return C;
        };
        self.credit = if last == C {
            (self.credit + 1).min(8)
        } else {
            (self.credit - 2).max(-7)
        };
        if turn == 2 || self.credit > 0 {
            return C;
        }
        if turn <= 10 {
            self.credit = 4;
            return D;
        }
        if view.opponent_defections as f64 / turn as f64 >= 0.15 {
            D
        } else {
            C
        }
    }
}

/// Rowsam's modes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum RowsamMode {
    Normal,
    CooperateThenDefect,
    DefectNext,
    Defect,
}

/// Rowsam (K58R): cooperates, and every six moves adds "distrust points"
/// when its score per move is below 2.5 (and plays D, C, D); more than six
/// points and it defects for good; points wear off every 18 moves.
struct Rowsam {
    mode: RowsamMode,
    distrust: u32,
    totals: Totals,
}

impl Strategy for Rowsam {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let turn = view.turn() + 1;
        self.totals.add_last_round(view);
        match self.mode {
            RowsamMode::Defect => return D,
            RowsamMode::CooperateThenDefect => {
                self.mode = RowsamMode::DefectNext;
                return C;
            }
            RowsamMode::DefectNext => {
                self.mode = RowsamMode::Normal;
                return D;
            }
            RowsamMode::Normal => {}
        }
        if turn.is_multiple_of(18) && self.distrust >= 3 {
            self.distrust -= 1;
        }
        if !turn.is_multiple_of(6) {
            return C;
        }
        let per_turn = self.totals.own / turn as f64;
        self.distrust += match per_turn {
            x if x < 1.0 => 5,
            x if x < 1.5 => 3,
            x if x < 2.0 => 2,
            x if x < 2.5 => 1,
            _ => return C,
        };
        self.mode = if self.distrust >= 7 {
            RowsamMode::Defect
        } else {
            RowsamMode::CooperateThenDefect
        };
        D
    }
}

/// Appold (K88R): cooperates four times and once after the opponent's first
/// defection; otherwise cooperates with the estimated probability that the
/// opponent cooperates after what it played two turns ago.
struct Appold {
    /// Opponent cooperations after our C, after our D (a prior of 1 for D).
    cooperations_after: [usize; 2],
    /// Our C and D counted so far (a prior of 1 for D).
    totals: [usize; 2],
    forgave: bool,
}

impl Default for Appold {
    fn default() -> Self {
        Appold {
            cooperations_after: [0, 1],
            totals: [0, 1],
            forgave: false,
        }
    }
}

impl Strategy for Appold {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        let turn = view.turn() + 1;
        let ours = usize::from(own_ago(view, 2) == D);
        if let Some(last) = view.opponent_last() {
            self.totals[ours] += 1;
            if last == C {
                self.cooperations_after[ours] += 1;
            }
        }
        if turn <= 4 {
            return C;
        }
        if view.opponent_last() == Some(D) && !self.forgave {
            self.forgave = true;
            return C;
        }
        cooperate_with(
            self.cooperations_after[ours] as f64 / self.totals[ours] as f64,
            rng,
        )
    }
}

/// The entries of Axelrod's second tournament (but Gladstein's, which is
/// `Tester` in the classic table).
pub(super) static SECOND_TOURNAMENT: &[StrategyInfo] = &[
    entry!("SecondByChampion", "Second by Champion", ["Champion"], true,
        "Cooperates 10 times, plays tit for tat for 15 moves, then cooperates unless the opponent just defected, defected at least 40% of the time, and more often than a uniform draw (Danny Champion; Axelrod 1980b, 2nd).",
        || boxed(Champion)),
    entry!("SecondByEatherley", "Second by Eatherley", ["Eatherley"], true,
        "Cooperates after a cooperation; after a defection defects with probability the opponent's defection rate (Graham Eatherley; Axelrod 1980b).",
        || boxed(Eatherley)),
    entry!("SecondByTester", "Second by Tester", [], false,
        "Defects first; if the opponent ever defects, apologises with C and plays tit for tat; otherwise cooperates twice and alternates D, C (David Gladstein's Tester as described in Axelrod 1980b; the classic `Tester` is the Fortran reconstruction).",
        || boxed(TesterAlternating::default())),
    entry!("SecondByTranquilizer", "Second by Tranquilizer", ["Tranquilizer"], true,
        "Mostly cooperates, throwing in occasional defections (never two in a row) while its average payoff stays at least 2.25, less often when the opponent punishes them (Craig Feathers, K67R; Axelrod 1980b, 27th).",
        || boxed(Tranquilizer::default())),
    entry!("SecondByGrofman", "Second by Grofman", [], false,
        "Cooperates twice, tit for tat up to move 7, then cooperates if the opponent defected at most 2 times (after its C) or once (after its D) in the 7 rounds before the last (Bernard Grofman, K86R; Axelrod 1980b).",
        rule!(grofman)),
    entry!("SecondByKluepfel", "Second by Kluepfel", ["Kluepfel"], true,
        "Defects against an opponent whose answers look random after move 26; otherwise repeats the opponent's last three moves when equal, and follows its last move with probability 0.9, 0.7 or 0.6 (Charles Kluepfel, K32R; Axelrod 1980b).",
        || boxed(Kluepfel::default())),
    entry!("SecondByBorufsen", "Second by Borufsen", ["Borufsen"], false,
        "Tit for tat that cooperates after three mutual defections and forgives a defection after three echoes, with a defect mode chosen every 25 moves against random or defective opponents (Otto Borufsen; Axelrod 1980b, 3rd).",
        || boxed(Borufsen::default())),
    entry!("SecondByCave", "Second by Cave", ["Cave"], true,
        "Defects against opponents with high defection rates (after moves 19, 29, 39); answers a defection with D after the opponent's 18th defection, with a coin flip before (Rob Cave, K49R; Axelrod 1980b, 4th).",
        || boxed(Cave)),
    entry!("SecondByWmAdams", "Second by WmAdams", ["WmAdams"], true,
        "Counting the opponent's defections after its first move, defects at the 4th, 7th and 9th; beyond 9 answers a defection with C with probability 0.5^(count − 9) (William Adams, K44R; Axelrod 1980b, 5th).",
        || boxed(WmAdams)),
    entry!("SecondByGraaskampKatzen", "Second by GraaskampKatzen", ["GraaskampKatzen"], false,
        "Tit for tat that defects for good when its score is below 23, 53, 83, 113, 143 or 293 at moves 11, 21, 31, 41, 51 or 101 (Jim Graaskamp and Ken Katzen, K60R; Axelrod 1980b, 6th).",
        || boxed(GraaskampKatzen::default())),
    entry!("SecondByWeiner", "Second by Weiner", ["Weiner"], false,
        "Tit for tat that forgives a defection following an odd run of defections (at most once per 20 moves) and defects when five of the opponent's twelve moves before the last were defections (Herb Weiner, K41R; Axelrod 1980b, 7th).",
        || boxed(Weiner::default())),
    entry!("SecondByHarrington", "Second by Harrington", ["Harrington"], true,
        "Tit for tat with a defection at move 37 and then random generous defections (each followed by two cooperations, probability growing by 0.05), tests for random opponents, defection runs and parity runs, and a defect mode it may leave (Paul Harrington, K75R; Axelrod 1980b, 8th).",
        || boxed(Harrington::default())),
    entry!("SecondByTidemanAndChieruzzi", "Second by Tideman and Chieruzzi", [], false,
        "Cooperates while its score leads by a margin growing with each C-then-D of the opponent, and gives a fresh start to an opponent whose defections are three deviations from half its moves (T. N. Tideman and P. Chieruzzi, K84R; Axelrod 1980b, 9th).",
        || boxed(TidemanAndChieruzzi::default())),
    entry!("SecondByGetzler", "Second by Getzler", ["Getzler"], true,
        "Defects with probability the opponent's 'flack', its defections weighted by 1/2 per move ago (Abraham Getzler, K35R; Axelrod 1980b, 11th).",
        || boxed(Getzler::default())),
    entry!("SecondByLeyvraz", "Second by Leyvraz", ["Leyvraz"], true,
        "Cooperates with probability 1/4 after two opponent defections, 1 after one three moves ago, 0 after one two moves ago, 1/2 after one last move, and 1 otherwise (François Leyvraz, K68R; Axelrod 1980b, 12th).",
        || boxed(Leyvraz)),
    entry!("SecondByWhite", "Second by White", ["White"], false,
        "Cooperates for ten moves and after a cooperation; after a defection defects when ⌊ln t⌋ times the opponent's defections is at least the turn t (Edward C. White, K72R; Axelrod 1980b, 13th).",
        rule!(white)),
    entry!("SecondByBlack", "Second by Black", ["Black"], true,
        "Cooperates five times, then with probability 1, 1, 0.88, 0.68, 0.4 or 0.04 for 0 to 5 opponent defections in its last five moves (Paul E. Black, K83R; Axelrod 1980b, 15th).",
        || boxed(Black)),
    entry!("SecondByRichardHufford", "Second by RichardHufford", ["RichardHufford"], false,
        "Plays by how often the opponent repeats its own move of the turn before (cooperate, tit for tat or defect), and defects once after a long streak of opponent cooperations, adapting the streak to the answers (Richard Hufford, K47R; Axelrod 1980b, 16th).",
        || boxed(RichardHufford::default())),
    entry!("SecondByYamachi", "Second by Yamachi", ["Yamachi"], false,
        "Predicts the opponent's move from how it answered the same situation before, and after move 40 defects against an opponent defecting about half the time (Brian Yamachi, K64R; Axelrod 1980b, 17th).",
        || boxed(Yamachi::default())),
    entry!("SecondByColbert", "Second by Colbert", ["Colbert"], false,
        "Cooperates on the first eight moves but the sixth, then answers C with C and D with the chain D, D, C, C (William Colbert, K51R; Axelrod 1980b, 18th).",
        || boxed(Colbert { state: 0 })),
    entry!("SecondByMikkelson", "Second by Mikkelson", ["Mikkelson"], false,
        "Keeps a credit (+1 per opponent C, −2 per D, within −7 and 8) and cooperates while it is positive; otherwise defects early, and later when the opponent defected on at least 15% of the moves (Ray Mikkelson, K66R; Axelrod 1980b, 20th).",
        || boxed(Mikkelson { credit: 7 })),
    entry!("SecondByRowsam", "Second by Rowsam", ["Rowsam"], false,
        "Cooperates; every six moves adds distrust points when its score per move is below 2.5 (and plays D, C, D), defecting for good past six points; points wear off every 18 moves (Glen Rowsam, K58R; Axelrod 1980b, 21st).",
        || boxed(Rowsam { mode: RowsamMode::Normal, distrust: 0, totals: Totals::default() })),
    entry!("SecondByAppold", "Second by Appold", ["Appold"], true,
        "Cooperates four times and after the opponent's first defection; otherwise cooperates with the estimated probability that the opponent cooperates after what it played two moves ago (Scott Appold, K88R; Axelrod 1980b, 22nd).",
        || boxed(Appold::default())),
];
