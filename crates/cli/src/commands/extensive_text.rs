//! Text output shared by the extensive-form branches of `nash`, `zerosum`
//! and `tree spe`: behaviour strategies, one line per information set, with
//! the payoffs and the best-response check.

use sprague_strategic::extensive::report::BehaviourRecord;
use sprague_strategic::extensive::ExtensiveGame;

use crate::error::CliError;

/// The refusal of `--format csv` for an extensive game (exit 2).
pub fn no_csv() -> CliError {
    CliError::Usage("extensive games print text or JSON (--format text|json), not CSV".into())
}

/// The title and the size of the game.
pub fn header(game: &ExtensiveGame) -> String {
    let sets = game.infosets.iter().filter(|h| h.player.is_some()).count();
    let title = if game.title.is_empty() {
        "Extensive game"
    } else {
        &game.title
    };
    format!(
        "{title}\nPlayers: {}; {} nodes, {} information sets\n",
        game.players.join(", "),
        game.nodes.len(),
        sets
    )
}

/// A behaviour profile: per player, per information set, the actions
/// played with their probabilities (pure choices without a number).
pub fn behaviour(record: &BehaviourRecord) -> String {
    let mut out = String::new();
    for player in &record.strategies {
        out.push_str(&format!("  {}\n", player.player));
        let width = player
            .information_sets
            .iter()
            .map(|h| h.label.chars().count())
            .max()
            .unwrap_or(0);
        for h in &player.information_sets {
            let played: Vec<String> = h
                .actions
                .iter()
                .zip(&h.probabilities)
                .filter(|(_, p)| p.as_str() != "0")
                .map(|(a, p)| {
                    if p == "1" {
                        a.clone()
                    } else {
                        format!("{a} {p}")
                    }
                })
                .collect();
            out.push_str(&format!(
                "    {:width$}  {}\n",
                h.label,
                played.join(", "),
                width = width
            ));
        }
    }
    out.push_str(&format!("  Payoffs: {}\n", record.payoffs.join(", ")));
    let check: Vec<String> = record
        .check
        .iter()
        .map(|c| format!("{} vs {}", c.payoff, c.best_response))
        .collect();
    out.push_str(&format!(
        "  Check (each player's payoff vs its best-response value): {} — {}\n",
        check.join("; "),
        if record.verified {
            "an equilibrium"
        } else {
            "NOT an equilibrium"
        }
    ));
    out
}
