//! Built-in extensive-form games, written out here as test data and examples:
//! - Kuhn poker (Kuhn, "A simplified two-person poker", Contributions to the
//!   Theory of Games I, 1950): three cards J < Q < K, one dealt to each
//!   player, ante 1, one bet of 1; the value to the first player is −1/18.
//! - The beer–quiche signalling game (Cho and Kreps, "Signaling games and
//!   stable equilibria", QJE 102, 1987): a sender, strong with probability
//!   9/10, has beer or quiche for breakfast; a receiver who sees the
//!   breakfast (not the type) duels or not.
//!
//! [`builtin`] finds a game by name (`kuhn-poker`, `beer-quiche`).

use num_rational::BigRational;

use super::game::{ExtensiveGame, InfoSet, Node, Outcome};

/// The names of the built-in games.
pub const BUILTIN_NAMES: [&str; 2] = ["kuhn-poker", "beer-quiche"];

/// The built-in game of that name, if any.
///
/// ```
/// use sprague_strategic::extensive::builtin::builtin;
/// assert!(builtin("kuhn-poker").is_some());
/// assert!(builtin("chess").is_none());
/// ```
pub fn builtin(name: &str) -> Option<ExtensiveGame> {
    match name {
        "kuhn-poker" | "kuhn" => Some(kuhn_poker()),
        "beer-quiche" => Some(beer_quiche()),
        _ => None,
    }
}

/// Builds a game node by node in preorder.
struct Builder {
    game: ExtensiveGame,
}

impl Builder {
    fn new(title: &str, players: &[&str]) -> Self {
        Builder {
            game: ExtensiveGame {
                title: title.into(),
                comment: String::new(),
                players: players.iter().map(|p| p.to_string()).collect(),
                outcomes: Vec::new(),
                infosets: Vec::new(),
                nodes: Vec::new(),
            },
        }
    }

    fn player_set(&mut self, player: usize, label: &str, actions: &[&str]) -> usize {
        let number = 1 + self
            .game
            .infosets
            .iter()
            .filter(|h| h.player == Some(player))
            .count();
        self.set(Some(player), number as u64, label, actions, Vec::new())
    }

    fn chance_set(
        &mut self,
        label: &str,
        actions: &[&str],
        probabilities: Vec<BigRational>,
    ) -> usize {
        let number = 1 + self
            .game
            .infosets
            .iter()
            .filter(|h| h.player.is_none())
            .count();
        self.set(None, number as u64, label, actions, probabilities)
    }

    fn set(
        &mut self,
        player: Option<usize>,
        number: u64,
        label: &str,
        actions: &[&str],
        probabilities: Vec<BigRational>,
    ) -> usize {
        self.game.infosets.push(InfoSet {
            player,
            number,
            label: label.into(),
            actions: actions.iter().map(|a| a.to_string()).collect(),
            probabilities,
        });
        self.game.infosets.len() - 1
    }

    /// Adds a node below `parent` (its next child) and returns it.
    fn node(&mut self, parent: Option<usize>, infoset: Option<usize>) -> usize {
        let v = self.game.nodes.len();
        self.game.nodes.push(Node {
            label: String::new(),
            infoset,
            children: Vec::new(),
            outcome: None,
        });
        if let Some(p) = parent {
            self.game.nodes[p].children.push(v);
        }
        v
    }

    /// Adds a leaf paying `payoffs`.
    fn leaf(&mut self, parent: usize, label: &str, payoffs: &[i64]) {
        self.game.outcomes.push(Outcome {
            label: label.into(),
            payoffs: payoffs
                .iter()
                .map(|&x| BigRational::from_integer(x.into()))
                .collect(),
        });
        let v = self.node(Some(parent), None);
        self.game.nodes[v].outcome = Some(self.game.outcomes.len() - 1);
    }
}

fn ratio(p: i64, q: i64) -> BigRational {
    BigRational::new(p.into(), q.into())
}

/// Kuhn poker: 3 cards, ante 1, bet 1; the players are "Player 1" (who acts
/// first) and "Player 2". Player 1's information sets are labelled by its
/// card and the history (`J`, `Q`, `K`, then `J:check-bet`, …), player 2's
/// by its card and player 1's action (`J:check`, `J:bet`, …).
///
/// ```
/// use sprague_strategic::extensive::builtin::kuhn_poker;
/// let kuhn = kuhn_poker();
/// assert_eq!(kuhn.nodes.len(), 55); // 1 deal, 6 × 9 below it
/// ```
pub fn kuhn_poker() -> ExtensiveGame {
    const CARDS: [&str; 3] = ["J", "Q", "K"];
    let mut b = Builder::new(
        "Kuhn poker (3 cards, ante 1, bet 1)",
        &["Player 1", "Player 2"],
    );
    let deals: Vec<(usize, usize)> = (0..3)
        .flat_map(|i| (0..3).filter(move |&j| j != i).map(move |j| (i, j)))
        .collect();
    let labels: Vec<String> = deals
        .iter()
        .map(|&(i, j)| format!("{}{}", CARDS[i], CARDS[j]))
        .collect();
    let label_refs: Vec<&str> = labels.iter().map(String::as_str).collect();
    let deal = b.chance_set("deal", &label_refs, vec![ratio(1, 6); 6]);
    let first: Vec<usize> = CARDS
        .iter()
        .map(|c| b.player_set(0, c, &["check", "bet"]))
        .collect();
    let after_check: Vec<usize> = CARDS
        .iter()
        .map(|c| b.player_set(1, &format!("{c}:check"), &["check", "bet"]))
        .collect();
    let after_bet: Vec<usize> = CARDS
        .iter()
        .map(|c| b.player_set(1, &format!("{c}:bet"), &["fold", "call"]))
        .collect();
    let after_check_bet: Vec<usize> = CARDS
        .iter()
        .map(|c| b.player_set(0, &format!("{c}:check-bet"), &["fold", "call"]))
        .collect();
    let root = b.node(None, Some(deal));
    for &(i, j) in &deals {
        let win = if i > j { 1 } else { -1 };
        let p1 = b.node(Some(root), Some(first[i]));
        let p2 = b.node(Some(p1), Some(after_check[j]));
        b.leaf(p2, "showdown", &[win, -win]);
        let p1b = b.node(Some(p2), Some(after_check_bet[i]));
        b.leaf(p1b, "player 1 folds", &[-1, 1]);
        b.leaf(p1b, "showdown", &[2 * win, -2 * win]);
        let p2b = b.node(Some(p1), Some(after_bet[j]));
        b.leaf(p2b, "player 2 folds", &[1, -1]);
        b.leaf(p2b, "showdown", &[2 * win, -2 * win]);
    }
    b.game
}

/// The beer–quiche game: chance makes the sender strong (9/10) or weak
/// (1/10); the sender has beer or quiche; the receiver sees the breakfast and
/// duels or not. The sender gets 1 for its preferred breakfast (strong:
/// beer, weak: quiche) plus 2 if there is no duel; the receiver gets 1 for
/// dueling a weak sender or leaving a strong one alone, else 0.
///
/// ```
/// use sprague_strategic::extensive::builtin::beer_quiche;
/// assert_eq!(beer_quiche().infosets.len(), 5);
/// ```
pub fn beer_quiche() -> ExtensiveGame {
    let mut b = Builder::new("Beer-quiche (Cho and Kreps 1987)", &["Sender", "Receiver"]);
    let nature = b.chance_set(
        "type",
        &["strong", "weak"],
        vec![ratio(9, 10), ratio(1, 10)],
    );
    let strong = b.player_set(0, "strong", &["beer", "quiche"]);
    let weak = b.player_set(0, "weak", &["beer", "quiche"]);
    let saw_beer = b.player_set(1, "beer", &["duel", "no duel"]);
    let saw_quiche = b.player_set(1, "quiche", &["duel", "no duel"]);
    let root = b.node(None, Some(nature));
    for (sender, preferred) in [(strong, 0), (weak, 1)] {
        let is_weak = i64::from(sender == weak);
        let s = b.node(Some(root), Some(sender));
        for (breakfast, seen) in [(0, saw_beer), (1, saw_quiche)] {
            let taste = i64::from(breakfast == preferred);
            let r = b.node(Some(s), Some(seen));
            b.leaf(r, "duel", &[taste, is_weak]);
            b.leaf(r, "no duel", &[taste + 2, 1 - is_weak]);
        }
    }
    b.game
}
