//! Text helpers shared by the strategic-form subcommands (`nash`, `zerosum`,
//! `dominance`): game headers, mixed strategies and aligned tables.

use num_rational::BigRational;
use sprague_strategic::rational::format_rational;
use sprague_strategic::NormalFormGame;

/// An exact rational as `p/q` or `p`.
pub fn rat(x: &BigRational) -> String {
    format_rational(x)
}

/// A list of exact rationals as JSON strings.
pub fn rats(v: &[BigRational]) -> Vec<String> {
    v.iter().map(rat).collect()
}

/// A mixed strategy in words: the strategies with positive probability,
/// e.g. `Opera 2/3, Football 1/3`, or just `Confess` for a pure strategy.
pub fn mixed(names: &[String], probabilities: &[BigRational]) -> String {
    let positive: Vec<(usize, &BigRational)> = probabilities
        .iter()
        .enumerate()
        .filter(|(_, p)| **p != BigRational::default())
        .collect();
    if positive.len() == 1 && *positive[0].1 == BigRational::from_integer(1.into()) {
        return names[positive[0].0].clone();
    }
    positive
        .iter()
        .map(|(k, p)| format!("{} ({})", names[*k], rat(p)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The title and the players with their strategies.
pub fn header(game: &NormalFormGame) -> String {
    let mut out = String::new();
    if !game.title().is_empty() {
        out.push_str(game.title());
        out.push('\n');
    }
    let counts = game.strategy_counts();
    let shape: Vec<String> = counts.iter().map(|c| c.to_string()).collect();
    out.push_str(&format!(
        "{}-player game, {}\n",
        game.num_players(),
        shape.join("x")
    ));
    for (player, names) in game.players().iter().zip(game.strategies()) {
        out.push_str(&format!("  {player}: {}\n", names.join(", ")));
    }
    out
}

/// Rows of cells padded to aligned columns (two spaces apart).
pub fn table(rows: &[Vec<String>]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in rows {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            if c + 1 == row.len() {
                line.push_str(cell);
            } else {
                line.push_str(cell);
                line.push_str(&" ".repeat(widths[c] - cell.chars().count() + 2));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
