//! The catalogue: every game sprague knows, its syntax, and the parser from a
//! game description (`kayles`, `bash:3`, `subtraction:1,3,4`, `0.07`, …) to a game.
//!
//! `sprague games` prints [`ENTRIES`]; [`parse_game`] reads a description.
//! A new game is one entry here (name, syntax, example, rule and a function
//! from the parameter to a [`PlayableGame`]) plus its own module. Unknown
//! names are answered with the closest names of the catalogue (Levenshtein
//! distance, via the `strsim` crate).

use crate::allbut::{AllButPlayable, AllButSubtraction};
use crate::bash_game::BashGame;
use crate::coin_turning_2d::BoardGame;
use crate::count_to::CountTo;
use crate::dynamic_subtraction::DynamicSubtraction;
use crate::empty_divide::EmptyAndDivide;
use crate::error::GameError;
use crate::extended_bash::ExtendedBash;
use crate::fibonacci_nim::FibonacciNim;
use crate::green_hackenbush::{HackenbushPlayable, Syntax as HackenbushSyntax};
use crate::laskers_nim::LaskersNim;
use crate::moore::MooreNim;
use crate::nim::Nim;
use crate::octal::OctalGame;
use crate::playable::{HeapPlayable, PlayableGame};
use crate::staircase::StaircaseNim;
use crate::subtraction::SubtractionGame;
use crate::take_break::TakeBreakPlayable;
use crate::thirty_one::ThirtyOne;
use crate::{dawsons_kayles, kayles};
use sprague_takebreak::TakeBreak;

/// A game description split into its name and parameter (`bash:3` → `bash`, `3`).
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    /// The description exactly as typed.
    pub description: &'a str,
    /// The name, lower case, aliases resolved.
    pub name: &'a str,
    /// The text after the first `:`, if any.
    pub parameter: Option<&'a str>,
}

impl Request<'_> {
    /// The parameter, or an error saying the game needs one (`syntax` shows it).
    ///
    /// # Errors
    /// [`GameError::InvalidParameter`] when there is no parameter.
    pub fn required_parameter(&self, syntax: &str) -> Result<&str, GameError> {
        self.parameter.ok_or_else(|| GameError::InvalidParameter {
            description: self.description.to_string(),
            reason: format!("{} needs a parameter: {syntax}", self.name),
        })
    }

    /// An error unless there is no parameter.
    ///
    /// # Errors
    /// [`GameError::InvalidParameter`] when a parameter was given.
    pub fn no_parameter(&self) -> Result<(), GameError> {
        match self.parameter {
            None => Ok(()),
            Some(_) => Err(GameError::InvalidParameter {
                description: self.description.to_string(),
                reason: format!("{0} takes no parameter; write just '{0}'", self.name),
            }),
        }
    }

    /// A whole-number parameter word, with a clear error naming `what` it is.
    ///
    /// # Errors
    /// [`GameError::InvalidParameter`] when `word` is not a whole number.
    pub fn number(&self, word: &str, what: &str) -> Result<u64, GameError> {
        word.trim()
            .parse::<u64>()
            .map_err(|_| GameError::InvalidParameter {
                description: self.description.to_string(),
                reason: format!(
                    "{what} must be a whole number from 0 to {}, not '{}'",
                    u64::MAX,
                    crate::error::quoted(word.trim())
                ),
            })
    }

    /// `error` with this request's description, for parameter errors raised by a game's constructor.
    pub fn described(&self, error: GameError) -> GameError {
        match error {
            GameError::InvalidParameter { reason, .. } => GameError::InvalidParameter {
                description: self.description.to_string(),
                reason,
            },
            other => other,
        }
    }
}

/// A parsed catalogue game.
pub type CatalogueGame = Box<dyn PlayableGame>;

/// One game of the catalogue, as `sprague games` lists it.
#[derive(Clone, Copy)]
pub struct CatalogueEntry {
    /// The name typed on the command line (before any `:`).
    pub name: &'static str,
    /// The full syntax of a description.
    pub syntax: &'static str,
    /// A command that uses it.
    pub example: &'static str,
    /// The rule in one sentence.
    pub rule: &'static str,
    /// Whether `sprague values` works for it (a one-heap family).
    pub has_values: bool,
    /// Builds the game from a request naming it.
    pub parse: fn(&Request) -> Result<CatalogueGame, GameError>,
}

impl std::fmt::Debug for CatalogueEntry {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("CatalogueEntry")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// Every game of the catalogue.
pub const ENTRIES: &[CatalogueEntry] = &[
    CatalogueEntry {
        name: "nim",
        syntax: "nim",
        example: "sprague analyze nim 3 4 5",
        rule: "take any positive number of tokens from one heap",
        has_values: true,
        parse: |request| {
            request.no_parameter()?;
            Ok(Box::new(HeapPlayable::new("nim", "Nim", Nim)))
        },
    },
    CatalogueEntry {
        name: "bash",
        syntax: "bash:M or bash:P..Q",
        example: "sprague values bash:3 --to 21",
        rule: "take between 1 and M tokens from one heap (the Bash game; take-away 21 is bash:3); bash:P..Q takes between P and Q, and a heap below P is dead",
        has_values: true,
        parse: |request| {
            let parameter = request.required_parameter("bash:M, e.g. bash:3")?;
            if let Some((smallest, largest)) = parameter.split_once("..") {
                return extended_bash_game(request, smallest, largest);
            }
            let largest = request.number(parameter, "M, the largest take,")?;
            let game = BashGame::new(largest).map_err(|error| request.described(error))?;
            Ok(Box::new(HeapPlayable::new(
                format!("bash:{largest}"),
                format!("Bash game (take 1 to {largest})"),
                game,
            )))
        },
    },
    CatalogueEntry {
        name: "subtraction",
        syntax: "subtraction:S1,S2,...",
        example: "sprague values subtraction:1,3,4 --to 20",
        rule: "take exactly s tokens from one heap, for some s in the finite set S",
        has_values: true,
        parse: |request| {
            let parameter = request.required_parameter("subtraction:S1,S2,..., e.g. subtraction:1,3,4")?;
            let takes = parameter
                .split(',')
                .filter(|word| !word.trim().is_empty())
                .map(|word| request.number(word, "each take"))
                .collect::<Result<Vec<u64>, GameError>>()?;
            let game = SubtractionGame::new(takes).map_err(|error| request.described(error))?;
            let words: Vec<String> = game.takes().iter().map(u64::to_string).collect();
            Ok(Box::new(HeapPlayable::new(
                format!("subtraction:{}", words.join(",")),
                format!("Subtraction game S = {{{}}}", words.join(", ")),
                game,
            )))
        },
    },
    CatalogueEntry {
        name: "octal",
        syntax: "octal:D0.D1D2... or a bare code such as 0.07 or 4.7",
        example: "sprague values octal:0.137 --to 100",
        rule: "take-and-break game of an octal code: digit d_i says whether removing i tokens may leave 0 (bit 1), 1 (bit 2) or 2 (bit 4) heaps",
        has_values: true,
        parse: |request| octal_game(request.required_parameter("octal:CODE, e.g. octal:0.77")?),
    },
    CatalogueEntry {
        name: "hex",
        syntax: "hex:D0.D1D2... (hexadecimal code, digits 0-F)",
        example: "sprague values hex:0.F --to 100",
        rule: "take-and-break game of a hexadecimal code: as octal, and bit 8 of d_i allows leaving three heaps",
        has_values: true,
        parse: |request| {
            let code = request.required_parameter("hex:CODE, e.g. hex:0.F")?;
            let rule = TakeBreak::hexadecimal(code)?;
            let title = format!("Hexadecimal game {rule}");
            Ok(Box::new(TakeBreakPlayable::new(format!("hex:{rule}"), title, rule)))
        },
    },
    CatalogueEntry {
        name: "rule",
        syntax: "rule:R:P;R:P... (clauses REMOVALS:PARTS; removals 0-64 as numbers and ranges, parts 0-3, 2u/3u unequal)",
        example: "sprague values 'rule:1-2:0-1;0:3' --to 100",
        rule: "take-and-break game of a rule written move by move: each clause REMOVALS:PARTS (separated by ';') lets a move remove any listed number of tokens from one heap (0 to 64; numbers and ranges, e.g. 1,3-5) and leave the rest as any listed number of non-empty heaps (0 to 3; removing 0 must split into 2 or 3); 2u or 3u requires the heaps to be pairwise different. Kayles = rule:1-2:0-2 (octal 0.77), Grundy's game = rule:0:2u. Quote the rule in a shell (';'). Rules without u are the octal and hexadecimal codes, and their periods are proven by the generalised Guy-Smith theorem; with u the periods are only observed, and 3u runs the plain sweep only",
        has_values: true,
        parse: |request| {
            let text = request.required_parameter("rule:REMOVALS:PARTS;..., e.g. rule:1-2:0-2")?;
            let rule = TakeBreak::rule(&format!("rule:{text}"))?;
            let title = match rule.same_code() {
                Some(code) if code == "grundy" => format!("Take-and-break {rule} (= Grundy's game)"),
                Some(code) => format!("Take-and-break {rule} (= {code})"),
                None => format!("Take-and-break {rule}"),
            };
            Ok(Box::new(TakeBreakPlayable::new(rule.to_string(), title, rule)))
        },
    },
    CatalogueEntry {
        name: "kayles",
        syntax: "kayles",
        example: "sprague analyze kayles 2 3",
        rule: "knock down one pin or two adjacent pins from a row (octal 0.77)",
        has_values: true,
        parse: |request| {
            request.no_parameter()?;
            Ok(named_octal("kayles", "Kayles", kayles::kayles()))
        },
    },
    CatalogueEntry {
        name: "dawsons-kayles",
        syntax: "dawsons-kayles",
        example: "sprague values dawsons-kayles --to 100",
        rule: "knock down exactly two adjacent pins from a row (octal 0.07)",
        has_values: true,
        parse: |request| {
            request.no_parameter()?;
            Ok(named_octal("dawsons-kayles", "Dawson's Kayles", dawsons_kayles::dawsons_kayles()))
        },
    },
    CatalogueEntry {
        name: "dawsons-chess",
        syntax: "dawsons-chess",
        example: "sprague values dawsons-chess --to 100",
        rule: "Dawson's chess, pawns on a 3×n board (octal 0.137)",
        has_values: true,
        parse: |request| {
            request.no_parameter()?;
            Ok(named_octal("dawsons-chess", "Dawson's chess", dawsons_kayles::dawsons_chess()))
        },
    },
    CatalogueEntry {
        name: "treblecross",
        syntax: "treblecross",
        example: "sprague analyze treblecross 10",
        rule: "one-dimensional tic-tac-toe where both players play crosses (octal 0.007)",
        has_values: true,
        parse: |request| {
            request.no_parameter()?;
            Ok(named_octal("treblecross", "Treblecross", dawsons_kayles::treblecross()))
        },
    },
    CatalogueEntry {
        name: "grundy",
        syntax: "grundy",
        example: "sprague analyze grundy 5 6 7",
        rule: "Grundy's game: split one heap into two non-empty heaps of different sizes",
        has_values: true,
        parse: |request| {
            request.no_parameter()?;
            Ok(Box::new(TakeBreakPlayable::new("grundy", "Grundy's game", TakeBreak::grundy())))
        },
    },
    CatalogueEntry {
        name: "lasker",
        syntax: "lasker",
        example: "sprague values lasker --to 20",
        rule: "Lasker's Nim: take any positive number from one heap, or split a heap into two non-empty heaps",
        has_values: true,
        parse: |request| {
            request.no_parameter()?;
            Ok(Box::new(HeapPlayable::new("lasker", "Lasker's Nim", LaskersNim)))
        },
    },
    // Board, coin and graph games (CATALOGUE §3); loopy games; win/lose/tie search.
    CatalogueEntry {
        name: "wythoff",
        syntax: "wythoff",
        example: "sprague analyze wythoff 10,15",
        rule: "two heaps: take any number from one heap, or the same number from both; P-positions (⌊kφ⌋, ⌊kφ²⌋); `sprague table wythoff --to N` prints g(a,b). Position: pairs a,b",
        has_values: false,
        parse: |request| {
            request.no_parameter()?;
            Ok(Box::new(crate::wythoff::WythoffPlayable))
        },
    },
    CatalogueEntry {
        name: "chomp",
        syntax: "chomp",
        example: "sprague analyze chomp 4x7",
        rule: "eat a square and everything above and to the right of it; whoever must eat the poisoned corner loses. Position: RxC or row lengths from the poison row up, e.g. 4x7 or 5,5,3,1",
        has_values: false,
        parse: |request| {
            request.no_parameter()?;
            Ok(Box::new(crate::chomp::ChompPlayable))
        },
    },
    CatalogueEntry {
        name: "nimble",
        syntax: "nimble",
        example: "sprague analyze nimble .1..2.1",
        rule: "move one coin any number of squares to the left (coins on square 0 are out); Nim with a heap per coin. Position: the strip from square 0, '.' empty, a digit for that many coins, e.g. .2..1",
        has_values: false,
        parse: |request| {
            request.no_parameter()?;
            Ok(Box::new(crate::nimble::NimblePlayable))
        },
    },
    CatalogueEntry {
        name: "turning-turtles",
        syntax: "turning-turtles",
        example: "sprague analyze turning-turtles THHTTH",
        rule: "turn one head to tails and optionally one coin to its left; Nim with a heap n per head at position n. Position: an H/T string, positions from 1, e.g. THHTH",
        has_values: false,
        parse: |request| {
            request.no_parameter()?;
            Ok(Box::new(crate::turning_turtles::TurningTurtlesPlayable))
        },
    },
    CatalogueEntry {
        name: "northcott",
        syntax: "northcott",
        example: "sprague analyze northcott W...B. .B..W WB",
        rule: "slide your own piece along its row without jumping the other; Nim on the gaps. Position: one word per row with W, B and '.', e.g. W...B. .B..W",
        has_values: false,
        parse: |request| {
            request.no_parameter()?;
            Ok(Box::new(crate::northcott::NorthcottPlayable))
        },
    },
    CatalogueEntry {
        name: "mock-turtles",
        syntax: "mock-turtles",
        example: "sprague analyze mock-turtles THHTTH",
        rule: "turn 1, 2 or 3 coins, the rightmost heads to tails; g(x) = the x-th odious number. Position: an H/T string, positions from 0",
        has_values: true,
        parse: |request| {
            request.no_parameter()?;
            Ok(Box::new(crate::coin_turning::CoinTurning::mock_turtles()))
        },
    },
    CatalogueEntry {
        name: "ruler",
        syntax: "ruler",
        example: "sprague analyze ruler THHTTHTH",
        rule: "turn any run of consecutive coins ending at a head; g(x) = the largest power of 2 dividing x. Position: an H/T string, positions from 1",
        has_values: true,
        parse: |request| {
            request.no_parameter()?;
            Ok(Box::new(crate::coin_turning::CoinTurning::ruler()))
        },
    },
    CatalogueEntry {
        name: "twins",
        syntax: "twins",
        example: "sprague analyze twins THHTTH",
        rule: "turn exactly two coins, the rightmost heads to tails; g(x) = x. Position: an H/T string, positions from 0",
        has_values: true,
        parse: |request| {
            request.no_parameter()?;
            Ok(Box::new(crate::coin_turning::CoinTurning::twins()))
        },
    },
    CatalogueEntry {
        name: "grunt",
        syntax: "grunt",
        example: "sprague values grunt --to 20",
        rule: "turn four coins at 0, a, x − a and x (0 < a < x − a), the head at x to tails; the seed's 4-coin rule, equal to Grundy's game. Position: an H/T string, positions from 0",
        has_values: true,
        parse: |request| {
            request.no_parameter()?;
            let mut game = crate::coin_turning::CoinTurning::with_rule(crate::coin_turning::CoinRule::Grunt);
            game.description = "grunt".into();
            game.title = "Grunt (4-coin turning game)".into();
            Ok(Box::new(game))
        },
    },
    CatalogueEntry {
        name: "coin-subtraction",
        syntax: "coin-subtraction:S1,S2,...",
        example: "sprague analyze coin-subtraction:1,3,4 THTTHTH",
        rule: "turn the head at x and the coin at x − s for an s in S (coin 0 imaginary); the subtraction game S. Position: an H/T string, positions from 1",
        has_values: true,
        parse: |request| {
            let parameter = request.required_parameter("coin-subtraction:S1,S2,..., e.g. coin-subtraction:1,3,4")?;
            let rule = crate::coin_turning::parse_rule(&format!("sub{parameter}"))
                .map_err(|error| request.described(error))?;
            let mut game = crate::coin_turning::CoinTurning::with_rule(rule);
            game.description = format!("coin-subtraction:{}", parameter.trim());
            Ok(Box::new(game))
        },
    },
    CatalogueEntry {
        name: "coins",
        syntax: "coins:RULE",
        example: "sprague analyze coins:run1-2 THHTH",
        rule: "a general 1-D coin-turning game: a move turns a set of coins allowed by RULE, the rightmost heads to tails; RULE is anyA-B (turn A..B coins, B ≤ 4, positions from 0), run or runA-B (a run ending at the head, from 1), subS1,S2,... (from 1). Position: an H/T string",
        has_values: true,
        parse: |request| {
            let parameter = request.required_parameter("coins:RULE, e.g. coins:any1-3")?;
            let rule = crate::coin_turning::parse_rule(parameter)
                .map_err(|error| request.described(error))?;
            Ok(Box::new(crate::coin_turning::CoinTurning::with_rule(rule)))
        },
    },
    CatalogueEntry {
        name: "acrostic-twins",
        syntax: "acrostic-twins",
        example: "sprague analyze acrostic-twins THT/TTH/HTT",
        rule: "turn two coins in the same row or column, the south-east one heads to tails; g(x,y) = x ⊕ y. Position: rows of H/T separated by '/', e.g. THT/TTH",
        has_values: false,
        parse: |request| {
            request.no_parameter()?;
            Ok(Box::new(BoardGame::acrostic_twins()))
        },
    },
    CatalogueEntry {
        name: "twins-x-twins",
        syntax: "twins-x-twins",
        example: "sprague analyze twins-x-twins THT/TTH/HTT",
        rule: "turn the four corners of a rectangle, the south-east one heads to tails; g(x,y) = x ⊗ y. Position: rows of H/T separated by '/'",
        has_values: false,
        parse: |request| {
            request.no_parameter()?;
            Ok(Box::new(BoardGame::twins_by_twins()))
        },
    },
    CatalogueEntry {
        name: "rugs",
        syntax: "rugs",
        example: "sprague analyze rugs TTTT/THTT/TTHH",
        rule: "turn every coin of a rectangle whose south-east corner is a head (Ruler × Ruler); g = ruler(x) ⊗ ruler(y). Position: rows of H/T separated by '/', rows and columns from 1",
        has_values: false,
        parse: |request| {
            request.no_parameter()?;
            Ok(Box::new(BoardGame::rugs()))
        },
    },
    CatalogueEntry {
        name: "tartan",
        syntax: "tartan:G1*G2",
        example: "sprague analyze 'tartan:ruler*mock-turtles' THT/TTH",
        rule: "the Tartan product of two 1-D coin-turning games (G = mock-turtles, ruler, twins, turtles or a coins: rule such as any1-3, run, sub1,2): a move turns A × B for moves A, B of the factors; g = g1(x) ⊗ g2(y). Position: rows of H/T separated by '/'",
        has_values: false,
        parse: |request| {
            let parameter = request.required_parameter("tartan:G1*G2, e.g. tartan:ruler*twins")?;
            Ok(Box::new(BoardGame::tartan(parameter).map_err(|error| request.described(error))?))
        },
    },
    CatalogueEntry {
        name: "green-hackenbush",
        syntax: "green-hackenbush",
        example: "sprague analyze green-hackenbush g-a,a-b,b-g,a-c,c-d",
        rule: "delete an edge; everything no longer connected to the ground falls; colon and fusion principles. Position: an edge list on the ground g, inline g-a,a-b,b-g or @file",
        has_values: false,
        parse: |request| {
            request.no_parameter()?;
            Ok(Box::new(HackenbushPlayable(HackenbushSyntax::Hackenbush)))
        },
    },
    CatalogueEntry {
        name: "tree-edge-deletion",
        syntax: "tree-edge-deletion",
        example: "sprague analyze tree-edge-deletion '(()(()()))'",
        rule: "delete an edge of a rooted tree and the part cut off from the root (Green Hackenbush on a tree). Position: nested parentheses, one pair per vertex, the outer pair the root",
        has_values: false,
        parse: |request| {
            request.no_parameter()?;
            Ok(Box::new(HackenbushPlayable(HackenbushSyntax::Tree)))
        },
    },
    CatalogueEntry {
        name: "graph-edge-deletion",
        syntax: "graph-edge-deletion",
        example: "sprague analyze graph-edge-deletion 1:1-2,2-3,3-1,1-4",
        rule: "delete an edge of a rooted undirected graph and the part cut off from the root (Green Hackenbush). Position: ROOT:edge list, e.g. 1:1-2,2-3,3-1,1-4, or ROOT:@file",
        has_values: false,
        parse: |request| {
            request.no_parameter()?;
            Ok(Box::new(HackenbushPlayable(HackenbushSyntax::RootedGraph)))
        },
    },
    CatalogueEntry {
        name: "digraph",
        syntax: "digraph:GRAPH",
        example: "sprague analyze 'digraph:a>b,b>c,c>a,c>d,x>y,y>x,y>d' a x",
        rule: "slide one token along an edge; cyclic graphs get the generalized Sprague–Grundy function and outcomes P/N/D. GRAPH: inline a>b,b>c or @file (text edge list or JSON). Position: the vertices holding tokens",
        has_values: false,
        parse: |request| {
            let parameter = request.required_parameter("digraph:a>b,b>c or digraph:@graph.txt")?;
            Ok(Box::new(crate::digraph::DigraphGame::new(parameter)?))
        },
    },
    CatalogueEntry {
        name: "sos",
        syntax: "sos",
        example: "sprague analyze sos 9",
        rule: "write S or O in an empty square; whoever completes S-O-S wins; a full strip is a tie (win/lose/tie search). Position: the strip length, e.g. 16, or the squares, e.g. S__S___",
        has_values: false,
        parse: |request| {
            request.no_parameter()?;
            Ok(Box::new(crate::sos::SosPlayable))
        },
    },
];

/// Games of the heap-games issue: extended Bash and all-but subtraction,
/// counting games, Moore's Nim, Staircase Nim, dynamic subtraction, Fibonacci
/// Nim, Thirty-one, Empty and Divide, and misère and Every-SG play of any game.
const HEAP_GAME_ENTRIES: &[CatalogueEntry] = &[
    CatalogueEntry {
        name: "allbut",
        syntax: "allbut:E1,E2,...",
        example: "sprague values allbut:1,2 --to 60",
        rule: "take any positive number of tokens from one heap except the numbers listed (all-but subtraction; arithmetic-periodic values)",
        has_values: true,
        parse: |request| {
            let parameter = request.required_parameter("allbut:E1,E2,..., e.g. allbut:1,2")?;
            let excluded = parameter
                .split(',')
                .filter(|word| !word.trim().is_empty())
                .map(|word| request.number(word, "each excluded take"))
                .collect::<Result<Vec<u64>, GameError>>()?;
            let game = AllButSubtraction::new(excluded).map_err(|error| request.described(error))?;
            Ok(Box::new(AllButPlayable::new(game)))
        },
    },
    CatalogueEntry {
        name: "count-to",
        syntax: "count-to:M",
        example: "sprague analyze count-to:3 21",
        rule: "say a number 1 to M higher than the last; whoever says N wins (position: N, or N and the last number said; values are by the distance to N)",
        has_values: true,
        parse: |request| {
            let parameter = request.required_parameter("count-to:M, e.g. count-to:3")?;
            let step = request.number(parameter, "M, the largest step,")?;
            Ok(Box::new(CountTo::new(step).map_err(|error| request.described(error))?))
        },
    },
    CatalogueEntry {
        name: "moore",
        syntax: "moore:K",
        example: "sprague analyze moore:2 2 5 6 7",
        rule: "Moore's Nim: take any positive numbers of tokens from at least 1 and at most K heaps (the heaps are one position, not a sum)",
        has_values: false,
        parse: |request| {
            let parameter = request.required_parameter("moore:K, e.g. moore:2")?;
            let k = request.number(parameter, "K, the most heaps changed in a move,")?;
            Ok(Box::new(MooreNim::new(k).map_err(|error| request.described(error))?))
        },
    },
    CatalogueEntry {
        name: "staircase",
        syntax: "staircase",
        example: "sprague analyze staircase 3 0 2 5",
        rule: "Staircase Nim: move any positive number of coins from step i down to step i − 1 (step 1 to the floor); position: coins per step, step 1 first",
        has_values: false,
        parse: |request| {
            request.no_parameter()?;
            Ok(Box::new(StaircaseNim))
        },
    },
    CatalogueEntry {
        name: "dynamic",
        syntax: "dynamic",
        example: "sprague analyze dynamic 44",
        rule: "dynamic subtraction: one heap; first take any number but not all, then at most what the opponent just took (position: n, or n,t after a take of t)",
        has_values: false,
        parse: |request| {
            request.no_parameter()?;
            Ok(Box::new(DynamicSubtraction))
        },
    },
    CatalogueEntry {
        name: "fibonacci",
        syntax: "fibonacci",
        example: "sprague analyze fibonacci 10",
        rule: "Fibonacci Nim: one heap; first take any number but not all, then at most twice what the opponent just took (position: n, or n,t after a take of t)",
        has_values: false,
        parse: |request| {
            request.no_parameter()?;
            Ok(Box::new(FibonacciNim))
        },
    },
    CatalogueEntry {
        name: "thirty-one",
        syntax: "thirty-one",
        example: "sprague analyze thirty-one",
        rule: "cards 1 to 6, four of each: turn one over, adding to the total, which must stay at most 31 (position: the cards turned so far, nothing for the opening)",
        has_values: false,
        parse: |request| {
            request.no_parameter()?;
            Ok(Box::new(ThirtyOne))
        },
    },
    CatalogueEntry {
        name: "empty-divide",
        syntax: "empty-divide",
        example: "sprague analyze empty-divide 5 7",
        rule: "Empty and Divide: two boxes of chips; empty one box and split the other's chips between both boxes, each non-empty (position: the two boxes)",
        has_values: false,
        parse: |request| {
            request.no_parameter()?;
            Ok(Box::new(EmptyAndDivide))
        },
    },
    CatalogueEntry {
        name: "misere",
        syntax: "misere:GAME",
        example: "sprague analyze misere:nim 1 1 1 2",
        rule: "misère play of GAME: the player who cannot move wins (Anti-Nim, the anti-SG theorem, or an exact search)",
        has_values: false,
        parse: crate::misere::parse,
    },
    CatalogueEntry {
        name: "every",
        syntax: "every:GAME",
        example: "sprague analyze every:bash:3 5 6 9",
        rule: "Every-SG sum of GAME: each turn, move in every component that can still move; the last to move wins",
        has_values: false,
        parse: crate::every_sg::parse,
    },
];

/// Every catalogue entry: [`ENTRIES`] and those of the modules added after it.
pub fn all_entries() -> impl Iterator<Item = &'static CatalogueEntry> {
    ENTRIES.iter().chain(HEAP_GAME_ENTRIES)
}

/// Builds extended Bash `bash:P..Q`.
fn extended_bash_game(
    request: &Request,
    smallest: &str,
    largest: &str,
) -> Result<CatalogueGame, GameError> {
    let smallest = request.number(smallest, "P, the smallest take,")?;
    let largest = request.number(largest, "Q, the largest take,")?;
    let game = ExtendedBash::new(smallest, largest).map_err(|error| request.described(error))?;
    Ok(Box::new(HeapPlayable::new(
        format!("bash:{smallest}..{largest}"),
        format!("Extended Bash game (take {smallest} to {largest})"),
        game,
    )))
}

/// Other spellings accepted for catalogue names.
const ALIASES: &[(&str, &str)] = &[
    ("dawson", "dawsons-kayles"),
    ("dawsons", "dawsons-kayles"),
    ("grundys-game", "grundy"),
    ("grundys", "grundy"),
    ("laskers-nim", "lasker"),
    ("lasker-nim", "lasker"),
    ("lasker's-nim", "lasker"),
    ("subtract", "subtraction"),
    ("all-but", "allbut"),
    ("count", "count-to"),
    ("moores-nim", "moore"),
    ("nimk", "moore"),
    ("staircase-nim", "staircase"),
    ("dynamic-subtraction", "dynamic"),
    ("fibonacci-nim", "fibonacci"),
    ("fib", "fibonacci"),
    ("31", "thirty-one"),
    ("thirtyone", "thirty-one"),
    ("empty-and-divide", "empty-divide"),
    ("misère", "misere"),
    ("anti", "misere"),
    ("every-sg", "every"),
    ("wythoffs-game", "wythoff"),
    ("turtles", "turning-turtles"),
    ("northcotts-game", "northcott"),
    ("hackenbush", "green-hackenbush"),
    ("tartan-twins", "twins-x-twins"),
    ("twins*twins", "twins-x-twins"),
    ("mock-turtle", "mock-turtles"),
];

/// Reads a game description.
///
/// # Errors
/// [`GameError::UnknownGame`] (with close names) or the parameter errors of each game.
///
/// ```
/// use sprague_games::parse_game;
/// assert_eq!(parse_game("0.07").unwrap().title(), "Dawson's Kayles (octal 0.07)");
/// assert_eq!(parse_game("bash:3").unwrap().description(), "bash:3");
/// let Err(error) = parse_game("kayels") else { panic!("kayels is not a game") };
/// assert!(error.to_string().contains("did you mean 'kayles'"));
/// ```
pub fn parse_game(description: &str) -> Result<CatalogueGame, GameError> {
    // Only the name is case-insensitive: parameters may be file paths (`digraph:@Graph.txt`).
    let trimmed = description.trim();
    let (name_text, parameter) = match trimmed.split_once(':') {
        Some((name, parameter)) => (name.to_lowercase(), Some(parameter)),
        None => (trimmed.to_lowercase(), None),
    };
    let lowered_parameter = parameter.map(str::to_lowercase);
    let parameter = if name_text == "digraph" {
        parameter
    } else {
        lowered_parameter.as_deref()
    };
    let name = name_text.as_str();
    let name = ALIASES
        .iter()
        .find(|(alias, _)| *alias == name)
        .map_or(name, |(_, canonical)| canonical);
    if parameter.is_none() {
        // A bare code: 0.77, 4.7, and the usual spellings 4 and 4. of the game 4.0.
        let spelled = match name.strip_suffix('.').unwrap_or(name) {
            digit if digit.len() == 1 && digit.chars().all(|c| c.is_ascii_digit()) => {
                Some(format!("{digit}.0"))
            }
            _ => name.contains('.').then(|| name.to_string()),
        };
        if let Some(code) = spelled {
            return octal_game(&code).map_err(|error| typed_code(error, trimmed));
        }
    }
    let request = Request {
        description,
        name,
        parameter,
    };
    match all_entries().find(|entry| entry.name == name) {
        Some(entry) => (entry.parse)(&request),
        None => Err(GameError::UnknownGame {
            name: description.to_string(),
            suggestions: close_names(name),
        }),
    }
}

fn named_octal(description: &str, name: &str, code: OctalGame) -> CatalogueGame {
    let title = format!("{name} (octal {code})");
    Box::new(TakeBreakPlayable::new(description, title, rule_of(&code)))
}

/// The take-and-break rule of a catalogue octal code (a short, fixed code).
fn rule_of(code: &OctalGame) -> TakeBreak {
    TakeBreak::octal(&code.to_string())
        .unwrap_or_else(|_| unreachable!("a parsed octal code is a take-and-break code"))
}

fn octal_game(code: &str) -> Result<CatalogueGame, GameError> {
    let game: OctalGame = code.parse()?;
    let known = [
        ("Kayles", kayles::kayles()),
        ("Dawson's Kayles", dawsons_kayles::dawsons_kayles()),
        ("Dawson's chess", dawsons_kayles::dawsons_chess()),
        ("Treblecross", dawsons_kayles::treblecross()),
    ];
    let title = match known.iter().find(|(_, known_code)| *known_code == game) {
        Some((name, _)) => format!("{name} (octal {game})"),
        None => format!("Octal game {game}"),
    };
    // The play engine's parser has its own limits (at most 63 digits after
    // the point): its refusal is the user's error, not an internal one.
    let rule =
        TakeBreak::octal(&game.to_string()).map_err(|error| GameError::InvalidOctalCode {
            code: code.to_string(),
            reason: error.reason,
        })?;
    Ok(Box::new(TakeBreakPlayable::new(
        game.to_string(),
        title,
        rule,
    )))
}

/// An octal-code error quoting the code as the user typed it (not lower-cased),
/// and pointing to `hex:` when the digits are hexadecimal.
fn typed_code(error: GameError, typed: &str) -> GameError {
    match error {
        GameError::InvalidOctalCode { reason, .. } => {
            // The reason again from the code as typed, so that it quotes the
            // digit as typed too ('F', not 'f').
            // ("9" was spelled 9.0: its reason stays.)
            let reason = match typed.contains('.').then(|| typed.parse::<OctalGame>()) {
                Some(Err(GameError::InvalidOctalCode { reason: typed, .. })) => typed,
                _ => reason,
            };
            let hexadecimal = typed.split_once('.').is_some_and(|(_, digits)| {
                digits
                    .chars()
                    .any(|c| c.is_ascii_hexdigit() && !c.is_ascii_digit())
                    || digits.contains(['8', '9'])
            });
            GameError::InvalidOctalCode {
                code: typed.to_string(),
                reason: if hexadecimal {
                    format!("{reason}; for a hexadecimal code write hex:{typed}")
                } else {
                    reason
                },
            }
        }
        other => other,
    }
}

/// The catalogue entry a name stands for: `kayles`, an alias such as `dawson`,
/// a description with its parameter such as `bash:3` (the name before `:` is
/// used), or a bare octal code such as `0.07` (the `octal` entry). Case-insensitive.
///
/// # Errors
/// [`GameError::UnknownGame`] with the closest names of the catalogue.
///
/// ```
/// use sprague_games::catalogue::find_entry;
/// assert_eq!(find_entry("Dawson").unwrap().name, "dawsons-kayles");
/// assert_eq!(find_entry("bash:3").unwrap().name, "bash");
/// assert_eq!(find_entry("0.07").unwrap().name, "octal");
/// let Err(error) = find_entry("kayels") else { panic!("kayels is not a game") };
/// assert!(error.to_string().contains("did you mean 'kayles'"));
/// ```
pub fn find_entry(name: &str) -> Result<&'static CatalogueEntry, GameError> {
    let trimmed = name.trim();
    let (lowered, has_parameter) = match trimmed.split_once(':') {
        Some((before, _)) => (before.to_lowercase(), true),
        None => (trimmed.to_lowercase(), false),
    };
    let canonical = ALIASES
        .iter()
        .find(|(alias, _)| *alias == lowered)
        .map_or(lowered.as_str(), |(_, canonical)| canonical);
    let canonical = if !has_parameter && canonical.contains('.') {
        "octal"
    } else {
        canonical
    };
    all_entries()
        .find(|entry| entry.name == canonical)
        .ok_or_else(|| GameError::UnknownGame {
            name: name.to_string(),
            suggestions: close_names(canonical),
        })
}

/// The other spellings accepted for the catalogue name `name` (none for most games).
///
/// ```
/// use sprague_games::catalogue::aliases_of;
/// assert_eq!(aliases_of("grundy"), ["grundys-game", "grundys"]);
/// assert!(aliases_of("nim").is_empty());
/// ```
pub fn aliases_of(name: &str) -> Vec<&'static str> {
    ALIASES
        .iter()
        .filter(|(_, canonical)| *canonical == name)
        .map(|(alias, _)| *alias)
        .collect()
}

/// Catalogue names close to `name`, closest first.
fn close_names(name: &str) -> Vec<String> {
    let mut scored: Vec<(usize, &str)> = all_entries()
        .map(|entry| entry.name)
        .chain(ALIASES.iter().map(|(alias, _)| *alias))
        .map(|candidate| (strsim::levenshtein(name, candidate), candidate))
        .filter(|(distance, candidate)| {
            *distance <= 2 || (name.len() >= 3 && candidate.starts_with(name))
        })
        .collect();
    scored.sort();
    let mut names: Vec<String> = Vec::new();
    for (_, candidate) in scored {
        let canonical = ALIASES
            .iter()
            .find(|(alias, _)| *alias == candidate)
            .map_or(candidate, |(_, canonical)| canonical);
        if !names.iter().any(|known| known == canonical) {
            names.push(canonical.to_string());
        }
    }
    names.truncate(3);
    names
}
