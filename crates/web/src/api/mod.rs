//! The JSON API: `POST /api/<command>` with a JSON body whose fields are the command line's
//! arguments (snake_case names, the same defaults), answered with exactly the JSON that
//! `sprague <command> --format json` prints for them. The records are built by the library
//! crates (`sprague_games::record`, `sprague_takebreak::record`, `sprague_strategic::report`,
//! `sprague_repeated::ipd::records`, `sprague_cooperative::report`), the same functions the
//! CLI calls; this module only reads bodies and calls them.
//!
//! Each command is an [`Endpoint`]: its path, its documented fields (from which
//! `/api/openapi.json` is generated), an example body and the function that answers it.
//! Bodies are read with `deny_unknown_fields`, so a misspelt field is refused, not ignored.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use serde::de::DeserializeOwned;

use crate::error::ApiError;

mod cooperative;
mod dynamics;
mod impartial;
mod partizan;
mod repeated;
mod strategic;
mod words;

/// What a running command may check: the stop flag (raised when the request's time budget
/// runs out) and the deadline itself.
#[derive(Debug, Clone)]
pub struct Control {
    /// Raised by the server when the request's time is up; computations that take a stop
    /// flag get this one.
    pub stop: Arc<AtomicBool>,
    /// When the request's time is up.
    pub deadline: Instant,
    /// The games parsed by earlier requests, with what they computed.
    pub games: Arc<crate::game_cache::GameCache>,
}

/// One field of a request body, as documented in the OpenAPI document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    /// The field's name (the CLI's argument in snake_case).
    pub name: &'static str,
    /// Its JSON Schema type: `string`, `integer`, `number`, `boolean`, `array`, `object`, or
    /// several joined by `|` (`integer|string`).
    pub kind: &'static str,
    /// For arrays: the items' type.
    pub items: Option<&'static str>,
    /// Whether the body must have it.
    pub required: bool,
    /// What it is, with its default when it has one.
    pub doc: &'static str,
}

/// Shorthand constructors for the field tables.
const fn field(name: &'static str, kind: &'static str, required: bool, doc: &'static str) -> Field {
    Field {
        name,
        kind,
        items: None,
        required,
        doc,
    }
}

const fn list(name: &'static str, items: &'static str, required: bool, doc: &'static str) -> Field {
    Field {
        name,
        kind: "array",
        items: Some(items),
        required,
        doc,
    }
}

/// One command of the API.
#[derive(Debug, Clone, Copy)]
pub struct Endpoint {
    /// The path after `/api/`, e.g. `values` or `coop/shapley`.
    pub path: &'static str,
    /// The CLI command it mirrors, e.g. `sprague values GAME --to N`.
    pub mirrors: &'static str,
    /// One line on what it answers.
    pub summary: &'static str,
    /// The body's fields.
    pub fields: &'static [Field],
    /// An example body (answered 200; the API tests post every one).
    pub example: &'static str,
    /// Answers a body.
    pub run: fn(&[u8], &Control) -> Result<serde_json::Value, ApiError>,
}

/// Every command of the API.
pub static ENDPOINTS: &[Endpoint] = &[
    Endpoint {
        path: "games",
        mirrors: "sprague games [GAME]",
        summary: "The catalogue of impartial games, or one game in full (syntax, rule, example, position and move notation).",
        fields: &[field("game", "string", false, "One game to describe (a name, an alias or a description such as bash:3); without it, the whole catalogue.")],
        example: r#"{"game": "kayles"}"#,
        run: impartial::games,
    },
    Endpoint {
        path: "nimber",
        mirrors: "sprague nimber EXPR",
        summary: "Nim arithmetic: the value of an expression in Conway's field (+ nim-sum, * nim-product, /, ^, inv, sqrt, sq).",
        fields: &[field("expression", "string", true, "The expression, e.g. \"16 * 16\".")],
        example: r#"{"expression": "16 * 16"}"#,
        run: impartial::nimber,
    },
    Endpoint {
        path: "values",
        mirrors: "sprague values GAME --to N",
        summary: "Sprague–Grundy values g(0..=N) of a one-heap game, with the period found and whether (and by which theorem) it is proven.",
        fields: &[
            field("game", "string", true, "A one-heap game: kayles, subtraction:1,3,4, 0.137, grundy, …"),
            field("to", "integer|string", false, "The largest heap (default 100); a text such as \"2^16\" is read too. At most 100000 here, except for a take-and-break summary."),
            field("method", "string", false, "Take-and-break games: auto (default), plain, rare-common, naive."),
            field("no_period", "boolean", false, "Take-and-break games: compute every value up to `to`, without stopping at a proven period."),
            field("summary", "boolean", false, "Take-and-break games: the summary without the list of values."),
        ],
        example: r#"{"game": "kayles", "to": 30}"#,
        run: impartial::values,
    },
    Endpoint {
        path: "plot",
        mirrors: "sprague plot GAME --to N [--kind K] -o FILE.svg",
        summary: "The plot of g(0..=N) of a one-heap game (rare values or P-positions highlighted), or the count of rare values of a take-and-break game, as SVG text with what it shows.",
        fields: &[
            field("game", "string", true, "A one-heap game: kayles, 0.16, grundy, subtraction:1,3,4, …"),
            field("to", "integer|string", false, "The largest heap (default 1000; at most 100000 here)."),
            field("kind", "string", false, "values (default) or rare-count (take-and-break games)."),
        ],
        example: r#"{"game": "0.16", "to": 500}"#,
        run: impartial::plot,
    },
    Endpoint {
        path: "cgt",
        mirrors: "sprague cgt EXPR [--compare H]",
        summary: "A partizan game in CGSuite's syntax: its canonical form, outcome, birthday, stops, mean, temperature, thermograph, atomic weight and reduced canonical form; or with compare, how it compares with another game.",
        fields: &[
            field("expression", "string", true, "The game, e.g. \"{1|-1} + ^\", \"±2\", \"1/2*\"."),
            field("compare", "string", false, "Another game: answers >, <, = or ‖ with the difference."),
        ],
        example: r#"{"expression": "{1|-1} + ^"}"#,
        run: partizan::cgt,
    },
    Endpoint {
        path: "analyze",
        mirrors: "sprague analyze GAME POSITION...",
        summary: "Value of each component, the total, the outcome and every winning move of a position.",
        fields: &[
            field("game", "string", true, "Any game of the catalogue: nim, kayles, chomp, wythoff, misere:nim, …; or a partizan ruleset (domineering, toads-and-frogs, clobber, konane, blue-red-hackenbush, cutcake, col, snort, northcott-partizan), answered as `sprague analyze RULESET` answers"),
            list("position", "string|integer", false, "The components of the position, e.g. [\"3\", \"4\", \"5\"]; a whole number is read as its decimal word ([3, 4, 5])."),
        ],
        example: r#"{"game": "nim", "position": ["3", "4", "5"]}"#,
        run: impartial::analyze,
    },
    Endpoint {
        path: "moves",
        mirrors: "sprague moves GAME POSITION...",
        summary: "Every legal move with the value and outcome after it, why the position has its value (the mex), and from a P-position a winning reply to each move.",
        fields: &[
            field("game", "string", true, "Any game of the catalogue."),
            list("position", "string|integer", false, "The components of the position (words, or whole numbers read as their decimal words)."),
        ],
        example: r#"{"game": "kayles", "position": ["7"]}"#,
        run: impartial::moves,
    },
    Endpoint {
        path: "play",
        mirrors: "sprague play GAME POSITION... (one turn)",
        summary: "One turn against the perfect opponent, stateless: the player's move, then the computer's reply with its reason, or the ending. The turns are the objects `sprague play --format json` prints.",
        fields: &[
            field("game", "string", true, "Any game of the catalogue (every:GAME for Every-SG play)."),
            list("position", "string|integer", true, "The position before the turn (words, or whole numbers read as their decimal words)."),
            field("move", "string|integer", false, "The player's move in the game's notation, or #k for the k-th listed move (a whole number is read as its decimal word); without it the computer moves."),
            field("misere", "boolean", false, "Misère play (--misere)."),
            field("first", "string", false, "Who moved first in the game: me (default) or computer (decides the player numbers of games whose moves depend on them)."),
            field("seed", "integer", false, "Varies the computer's choice among equally good moves (--seed)."),
            field("turn", "integer", false, "Moves played before this turn (default 0, at most 1000000000): the turns are numbered from it."),
        ],
        example: r#"{"game": "nim", "position": ["3", "4", "5"], "move": "3->1"}"#,
        run: impartial::play,
    },
    Endpoint {
        path: "graph",
        mirrors: "sprague graph GAME POSITION...",
        summary: "The game graph from a position, breadth-first: each position with its value, the moves with the winning ones marked.",
        fields: &[
            field("game", "string", true, "A game description: nim, chomp, kayles, digraph:GRAPH, …"),
            list("position", "string", false, "The components of the start position, e.g. [\"2\", \"1\"]."),
            field("max_nodes", "integer", false, "The most positions explored (default 200; at most 2000 here)."),
        ],
        example: r#"{"game": "nim", "position": ["2", "1"]}"#,
        run: impartial::graph,
    },
    Endpoint {
        path: "table",
        mirrors: "sprague table GAME --to N",
        summary: "The table g(a, b) of Wythoff's game with its P-positions, or the γ of every vertex of a digraph.",
        fields: &[
            field("game", "string", true, "wythoff, or digraph:GRAPH."),
            field("to", "integer", false, "The largest heap (default 15; at most 256 here)."),
        ],
        example: r#"{"game": "wythoff", "to": 10}"#,
        run: impartial::table,
    },
    Endpoint {
        path: "survey",
        mirrors: "sprague survey PATTERN...",
        summary: "Every octal code of a shape, classified (period, preperiod, largest value) and grouped; at most 64 games, sharing 8 s.",
        fields: &[
            list("patterns", "string", true, "Codes with ? for each varying digit (0.??) or plain codes; at most two ? here."),
            field("budget", "integer|string", false, "Values per game at most (default 2^20; a text such as \"2^16\" is read too)."),
            field("seconds", "number", false, "Seconds per game at most (default 10; the server gives each game at most 8 s divided by the number of games)."),
        ],
        example: r#"{"patterns": ["0.?"], "budget": 4096}"#,
        run: impartial::survey,
    },
    Endpoint {
        path: "quotient",
        mirrors: "sprague quotient GAME",
        summary: "The misère quotient of an octal or hexadecimal game (Plambeck–Siegel): presentation, P-portion, heap map and its proof; or the genus symbols of heaps 1..=N.",
        fields: &[
            field("game", "string", true, "An octal or hexadecimal game: kayles, dawsons-kayles, 0.77, 4.7, …"),
            field("heaps", "integer", false, "Heaps 1..=N (default 1000, at most 1000 here); the computation stops earlier once the heap map is proven periodic."),
            field("genus", "integer", false, "Instead the genus symbols of heaps 1..=N (at most 64 here)."),
            field("max_order", "integer", false, "The largest quotient order computed before giving up (default 1024, at most 1024 here)."),
        ],
        example: r#"{"game": "kayles", "heaps": 15}"#,
        run: dynamics::quotient,
    },
    Endpoint {
        path: "dynamics/replicator",
        mirrors: "sprague dynamics replicator GAME",
        summary: "A trajectory of the replicator dynamics of a symmetric game (approximate: RK4, or adaptive Dormand–Prince with tolerance).",
        fields: &[
            GAME_NAME, GAME_NFG, GAME_MATRICES, GAME_CSV,
            field("start", "string", false, "The initial shares, comma-separated exact numbers adding up to 1 (default proportional to 1, 2, …, n)."),
            field("dt", "number", false, "The step (default 0.01)."),
            field("tolerance", "number", false, "Integrate by Dormand–Prince 5(4) with this error tolerance instead of RK4."),
            field("steps", "integer", false, "The number of steps (default 1000)."),
            field("record_every", "integer", false, "Record every k-th state (default 10)."),
        ],
        example: r#"{"game": "hawk-dove", "steps": 50}"#,
        run: dynamics::replicator,
    },
    Endpoint {
        path: "dynamics/rest-points",
        mirrors: "sprague dynamics rest-points GAME",
        summary: "Every rest point of the replicator dynamics of a symmetric game, exactly, and its stability.",
        fields: &[GAME_NAME, GAME_NFG, GAME_MATRICES, GAME_CSV],
        example: r#"{"game": "rock-paper-scissors"}"#,
        run: dynamics::rest_points_endpoint,
    },
    Endpoint {
        path: "dynamics/ess",
        mirrors: "sprague dynamics ess GAME",
        summary: "Every evolutionarily stable strategy of a symmetric game, exactly.",
        fields: &[GAME_NAME, GAME_NFG, GAME_MATRICES, GAME_CSV],
        example: r#"{"game": "hawk-dove"}"#,
        run: dynamics::ess,
    },
    Endpoint {
        path: "dynamics/fictitious-play",
        mirrors: "sprague dynamics fictitious-play GAME",
        summary: "Fictitious play in a two-player game (exact), or stochastic fictitious play with noise (approximate, seeded).",
        fields: &[
            GAME_NAME, GAME_NFG, GAME_MATRICES, GAME_CSV,
            field("rounds", "integer", false, "The number of rounds (default 1000)."),
            field("noise", "number", false, "Stochastic fictitious play with logit responses of this noise λ > 0."),
            field("seed", "integer", false, "The seed of stochastic fictitious play (default 0)."),
        ],
        example: r#"{"game": "matching-pennies", "rounds": 100}"#,
        run: dynamics::fictitious,
    },
    Endpoint {
        path: "dynamics/best-response",
        mirrors: "sprague dynamics best-response GAME",
        summary: "Best-response dynamics (players alternate, lowest-numbered best reply): a pure equilibrium or a cycle.",
        fields: &[
            GAME_NAME, GAME_NFG, GAME_MATRICES, GAME_CSV,
            field("start", "string", false, "The starting profile as row,column, 1-based (default 1,1)."),
            field("max_steps", "integer", false, "The most turns (default 10000)."),
        ],
        example: r#"{"game": "matching-pennies", "start": "2,1"}"#,
        run: dynamics::best_response,
    },
    Endpoint {
        path: "dynamics/regret-matching",
        mirrors: "sprague dynamics regret-matching GAME",
        summary: "Regret matching (Hart and Mas-Colell 2000), seeded, with exact conditional regrets.",
        fields: &[
            GAME_NAME, GAME_NFG, GAME_MATRICES, GAME_CSV,
            field("rounds", "integer", false, "The number of rounds (default 10000)."),
            field("seed", "integer", false, "The seed (default 0)."),
        ],
        example: r#"{"game": "matching-pennies", "rounds": 200, "seed": 7}"#,
        run: dynamics::regret,
    },
    Endpoint {
        path: "dynamics/moran",
        mirrors: "sprague dynamics moran GAME",
        summary: "The Moran process of a symmetric game: exact fixation probabilities of two strategies, or a seeded simulation.",
        fields: &[
            GAME_NAME, GAME_NFG, GAME_MATRICES, GAME_CSV,
            field("population", "integer", false, "The population size N (the exact formula; the simulation's default start with two strategies)."),
            field("intensity", "string", false, "The intensity of selection w in [0, 1], exact (default 1/10)."),
            field("simulate", "boolean", false, "Simulate instead of the exact formula (always with more than two strategies)."),
            list("initial", "integer", false, "The simulation's initial counts, one per strategy."),
            field("runs", "integer", false, "The simulation's runs (default 1000)."),
            field("max_steps", "integer", false, "The most steps of one simulated run (default 1000000)."),
            field("seed", "integer", false, "The simulation's seed (default 0)."),
        ],
        example: r#"{"game": "hawk-dove", "population": 10}"#,
        run: dynamics::moran,
    },
    Endpoint {
        path: "nash",
        mirrors: "sprague nash GAME",
        summary: "Nash equilibria of a strategic-form game, exactly: all extreme equilibria of bimatrix games (with the maximal convex sets and components when degenerate), n-player games, or one by Lemke–Howson.",
        fields: STRATEGIC_GAME_FIELDS_NASH,
        example: r#"{"matrices": [[[3, 0], [5, 1]], [[3, 5], [0, 1]]]}"#,
        run: strategic::nash,
    },
    Endpoint {
        path: "zerosum",
        mirrors: "sprague zerosum GAME",
        summary: "Value and optimal strategies of a two-player zero-sum game, exactly.",
        fields: STRATEGIC_GAME_FIELDS_ZEROSUM,
        example: r#"{"game": "rock-paper-scissors"}"#,
        run: strategic::zerosum,
    },
    Endpoint {
        path: "dominance",
        mirrors: "sprague dominance GAME",
        summary: "Iterated elimination of dominated strategies, step by step (strict or weak, pure or mixed dominators).",
        fields: STRATEGIC_GAME_FIELDS_DOMINANCE,
        example: r#"{"game": "prisoners-dilemma"}"#,
        run: strategic::dominance,
    },
    Endpoint {
        path: "tree/solve",
        mirrors: "sprague tree solve FILE",
        summary: "Subgame-perfect equilibrium of a perfect-information game tree by backward induction (the tree inline).",
        fields: &[field("tree", "string", true, "The tree's text: nested or flat JSON, or Gambit .efg of perfect information (docs/repeated-and-cooperative.md).")],
        example: r#"{"tree": "{\"players\": [\"A\"], \"root\": {\"player\": \"A\", \"moves\": [{\"label\": \"x\", \"node\": {\"payoffs\": [1]}}, {\"label\": \"y\", \"node\": {\"payoffs\": [2]}}]}}"}"#,
        run: strategic::tree_solve,
    },
    Endpoint {
        path: "tree/repeated-pd",
        mirrors: "sprague tree repeated-pd",
        summary: "The prisoner's dilemma repeated N times, solved backwards: why both defect in every round.",
        fields: &[
            field("rounds", "integer", false, "The number of rounds (default 10, at most 1000000)."),
            field("payoffs", "string", false, "Stage payoffs R,S,T,P, exact numbers (default 3,0,5,1)."),
        ],
        example: r#"{"rounds": 3}"#,
        run: strategic::tree_repeated_pd,
    },
    Endpoint {
        path: "coop/shapley",
        mirrors: "sprague coop shapley GAME",
        summary: "The Shapley value (Shapley–Shubik index of a weighted voting game), exact, or a Monte Carlo estimate.",
        fields: &[
            COOP_GAME,
            field("monte_carlo", "integer", false, "Estimate with this many random orders instead (weighted voting games)."),
            field("seed", "integer", false, "Seed of the estimate (default 0)."),
        ],
        example: r#"{"game": "[51; 40, 30, 20, 10]"}"#,
        run: cooperative::shapley,
    },
    Endpoint {
        path: "coop/banzhaf",
        mirrors: "sprague coop banzhaf GAME",
        summary: "The Banzhaf index (normalised) and raw Banzhaf value, exact.",
        fields: &[COOP_GAME],
        example: r#"{"game": "[51; 40, 30, 20, 10]"}"#,
        run: cooperative::banzhaf,
    },
    Endpoint {
        path: "coop/core",
        mirrors: "sprague coop core GAME",
        summary: "Whether the core is empty, and a core point when it is not (exact LP).",
        fields: &[COOP_GAME],
        example: r#"{"game": "glove:1,2"}"#,
        run: cooperative::core,
    },
    Endpoint {
        path: "coop/least-core",
        mirrors: "sprague coop least-core GAME",
        summary: "The least core: the smallest ε making the ε-core non-empty, and a point of it.",
        fields: &[COOP_GAME],
        example: r#"{"game": "[3; 1, 1, 1, 1]"}"#,
        run: cooperative::least_core,
    },
    Endpoint {
        path: "coop/nucleolus",
        mirrors: "sprague coop nucleolus GAME",
        summary: "The nucleolus (or prenucleolus), exactly, by a sequence of LPs.",
        fields: &[
            COOP_GAME,
            field("pre", "boolean", false, "The prenucleolus instead."),
        ],
        example: r#"{"game": "bankruptcy:300:100,200,300"}"#,
        run: cooperative::nucleolus_endpoint,
    },
    Endpoint {
        path: "coop/in-core",
        mirrors: "sprague coop in-core GAME --allocation X",
        summary: "Whether an allocation is in the core, and which coalition objects if not.",
        fields: &[
            COOP_GAME,
            field("allocation", "string", true, "One exact share per player, comma-separated (1/2,1/4,1/4)."),
        ],
        example: r#"{"game": "glove:1,2", "allocation": "1,0,0"}"#,
        run: cooperative::in_core,
    },
    Endpoint {
        path: "ipd/match",
        mirrors: "sprague ipd match FIRST SECOND",
        summary: "One match of the iterated prisoner's dilemma between two strategies, every turn.",
        fields: &[
            field("first", "string", true, "The first strategy (e.g. TitForTat; see ipd/strategies)."),
            field("second", "string", true, "The second strategy."),
            PLAY_TURNS, PLAY_PROB_END, PLAY_NOISE, PLAY_SEED, PLAY_PAYOFFS, PLAY_ALLOW_NON_PD,
        ],
        example: r#"{"first": "TitForTat", "second": "Defector", "turns": 10}"#,
        run: repeated::match_endpoint,
    },
    Endpoint {
        path: "ipd/tournament",
        mirrors: "sprague ipd tournament STRATEGY...",
        summary: "A seeded round-robin tournament: ranking, score matrix, cooperation rates, wins.",
        fields: &[
            list("strategies", "string", false, "The players (all strategies when empty)."),
            field("repetitions", "integer", false, "How many times the round robin is played (default 10)."),
            PLAY_TURNS, PLAY_PROB_END, PLAY_NOISE, PLAY_SEED, PLAY_PAYOFFS, PLAY_ALLOW_NON_PD,
        ],
        example: r#"{"strategies": ["TitForTat", "Grudger", "Defector", "Cooperator"], "repetitions": 2, "turns": 50}"#,
        run: repeated::tournament,
    },
    Endpoint {
        path: "ipd/moran",
        mirrors: "sprague ipd moran STRATEGY...",
        summary: "The Moran process: a population's evolution and fixation counts.",
        fields: &[
            list("strategies", "string", true, "The initial population, one name per individual."),
            field("runs", "integer", false, "Independent runs whose fixations are counted (default 1)."),
            field("max_steps", "integer", false, "The most birth-death steps of one run (default 10000)."),
            field("mutation_rate", "number", false, "Probability that a newborn mutates (default 0)."),
            PLAY_TURNS, PLAY_PROB_END, PLAY_NOISE, PLAY_SEED, PLAY_PAYOFFS, PLAY_ALLOW_NON_PD,
        ],
        example: r#"{"strategies": ["TitForTat", "TitForTat", "Defector"], "turns": 20}"#,
        run: repeated::moran_endpoint,
    },
    Endpoint {
        path: "ipd/strategies",
        mirrors: "sprague ipd strategies",
        summary: "The strategies with their rules.",
        fields: &[],
        example: "{}",
        run: repeated::strategies_endpoint,
    },
];

const COOP_GAME: Field = field(
    "game",
    "string",
    true,
    "[q; w1, ..., wn], glove:L,R, airport:c1,..., bankruptcy:E:d1,..., or a game file's text (JSON coalition table, {\"quota\": q, \"weights\": [...]}).",
);
const PLAY_TURNS: Field = field("turns", "integer", false, "Turns per match (default 200).");
const PLAY_PROB_END: Field = field(
    "prob_end",
    "number",
    false,
    "Probability that a match ends after each turn (overrides turns).",
);
const PLAY_NOISE: Field = field(
    "noise",
    "number",
    false,
    "Probability that each action is flipped (default 0).",
);
const PLAY_SEED: Field = field(
    "seed",
    "integer",
    false,
    "Seed of every random draw (default 0).",
);
const PLAY_PAYOFFS: Field = field(
    "payoffs",
    "string",
    false,
    "Stage payoffs R,S,T,P (default 3,0,5,1).",
);
const PLAY_ALLOW_NON_PD: Field = field(
    "allow_non_pd",
    "boolean",
    false,
    "Accept payoffs that are not a prisoner's dilemma.",
);

const GAME_NAME: Field = field("game", "string", false, "A built-in example: prisoners-dilemma, battle-of-the-sexes, matching-pennies, rock-paper-scissors, … (exactly one of game, nfg, matrices, csv).");
const GAME_NFG: Field = field("nfg", "string", false, "The text of a Gambit .nfg file.");
const GAME_MATRICES: Field = Field {
    name: "matrices",
    kind: "array|object",
    items: None,
    required: false,
    doc: "The JSON matrix format: [A, B] (or one matrix A for a zero-sum game), or {\"matrices\": [A, B], \"players\": [...], \"strategies\": [[...], [...]]}; entries exact numbers (integers or strings such as \"1/2\").",
};
const GAME_CSV: Field = field("csv", "string", false, "The CSV matrix format.");
const EXACT_PIVOTING: Field = field(
    "exact_pivoting",
    "boolean",
    false,
    "Exact pivoting throughout instead of certifying a floating-point basis.",
);
const STRATEGIC_GAME_FIELDS_NASH: &[Field] = &[
    GAME_NAME,
    GAME_NFG,
    GAME_MATRICES,
    GAME_CSV,
    field(
        "method",
        "string",
        false,
        "auto (default), enum, support, pure, lh.",
    ),
    field(
        "label",
        "integer",
        false,
        "Lemke–Howson: the label to drop, 1-based (default 1).",
    ),
    field(
        "all_labels",
        "boolean",
        false,
        "Lemke–Howson: run from every label.",
    ),
    EXACT_PIVOTING,
];
const STRATEGIC_GAME_FIELDS_ZEROSUM: &[Field] =
    &[GAME_NAME, GAME_NFG, GAME_MATRICES, GAME_CSV, EXACT_PIVOTING];
const STRATEGIC_GAME_FIELDS_DOMINANCE: &[Field] = &[
    GAME_NAME,
    GAME_NFG,
    GAME_MATRICES,
    GAME_CSV,
    field(
        "weak",
        "boolean",
        false,
        "Eliminate weakly dominated strategies.",
    ),
    field(
        "mixed",
        "boolean",
        false,
        "Also look for domination by mixed strategies (exact LP).",
    ),
];

/// The error of a command stopped at the end of its time budget.
pub(crate) fn out_of_time(command: &str) -> ApiError {
    ApiError::new(
        axum::http::StatusCode::SERVICE_UNAVAILABLE,
        format!("/api/{command} ran out of the time this server gives a request; ask for less"),
    )
}

/// The endpoint at `/api/{path}`.
///
/// ```
/// assert!(sprague_web::api::endpoint("nimber").is_some());
/// assert!(sprague_web::api::endpoint("rm -rf").is_none());
/// ```
pub fn endpoint(path: &str) -> Option<&'static Endpoint> {
    ENDPOINTS.iter().find(|endpoint| endpoint.path == path)
}

/// Reads the body of `/api/{command}` as its request type (serde_json keeps its recursion
/// limit of 128 levels: deeper bodies are refused, never a stack overflow). An empty body is
/// read as `{}`.
fn read<T: DeserializeOwned>(command: &str, body: &[u8]) -> Result<T, ApiError> {
    let body: &[u8] = if body.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        body
    };
    serde_json::from_slice(body).map_err(|error| ApiError::body(command, &error))
}

/// A record as the JSON value sent back.
fn json(record: impl serde::Serialize) -> Result<serde_json::Value, ApiError> {
    serde_json::to_value(record).map_err(|error| {
        ApiError::new(
            axum::http::StatusCode::INTERNAL_SERVER_ERROR,
            format!("the answer could not be written as JSON: {error}"),
        )
    })
}
