//! `sprague analyze GAME POSITION...`: the value of each component, the
//! total, the outcome and every winning move.

use sprague_engine::Outcome;
use sprague_games::record::{analysis_observed, AnalysisRecord};
use sprague_games::{parse_game, Report};

use crate::error::CliError;
use crate::output::{print_json, print_text, Style};
use crate::progress::Progress;

/// Arguments of `sprague analyze`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game, e.g. nim, kayles, grundy, bash:3, or a partizan ruleset: domineering,
    /// blue-red-hackenbush, toads-and-frogs, clobber, konane, cutcake, col, snort (see `sprague games`).
    pub game: String,
    /// The components of the position, e.g. heap sizes: 3 4 5.
    #[arg(allow_negative_numbers = true)]
    pub position: Vec<String>,
    /// Show progress on stderr (positions solved, of at most how many) even when it is not
    /// a terminal (long searches: Chomp, SOS).
    #[arg(long)]
    pub progress: bool,
    /// Misère sums of heap games: search exactly past the interactive budget (1.5 s), bounded
    /// only by the memory the positions take; progress on stderr, Ctrl-C stops it.
    #[arg(long)]
    pub exhaustive: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Style::Text)]
    pub format: Style,
}

/// Analyses the position and prints the answer.
pub fn run(args: &Args) -> Result<(), CliError> {
    // Partizan rulesets (Domineering, Blue-Red Hackenbush, ...) by name, before the impartial
    // catalogue, whose games keep their meaning.
    if let Some(entry) = super::partizan::requested(&args.game, &args.position) {
        return super::partizan::run_analyze(entry, &args.position, args.format, args.progress);
    }
    // Misère take-and-break sums go through the game's misère quotient when it is known.
    if let Some(answered) =
        super::quotient::misere_analysis(&args.game, &args.position, args.format)
    {
        return answered;
    }
    let game = parse_game(&args.game)?;
    let position = game.position(&args.position)?;
    if args.exhaustive {
        return run_exhaustive(args, game.as_ref(), &position);
    }
    let disk = crate::quotient_disk::DiskQuotient::attach(game.as_ref());
    let bar = Progress::new(args.progress, None, "positions");
    let analysis = analysis_observed(game.as_ref(), &position, &mut |solved, total| {
        bar.update(
            solved,
            total.and_then(|t| u64::try_from(t).ok()),
            &String::new,
        );
        std::ops::ControlFlow::Continue(())
    });
    bar.finish();
    // Kept even when the answer failed: the quotient's heaps computed are not lost.
    if let Some(disk) = disk {
        disk.save();
    }
    let (report, rules) = analysis?;
    let formula = game
        .heap_family()
        .and_then(|family| family.closed_form_formula());
    match args.format {
        Style::Json => print_json(&AnalysisRecord::new(game.as_ref(), &report, &rules)),
        Style::Text => print_text(&render_text(
            &game.title(),
            &report,
            &rules,
            formula.as_deref(),
        )),
    }
}

/// `--exhaustive`: the exact misère search of a sum of heaps without the time budget.
fn run_exhaustive(
    args: &Args,
    game: &dyn sprague_games::PlayableGame,
    position: &sprague_games::Position,
) -> Result<(), CliError> {
    let family = game
        .heap_rules()
        .filter(|_| game.ending() == sprague_games::playable::Ending::Misere)
        .ok_or_else(|| {
            CliError::Usage(format!(
                "--exhaustive is for misère sums of heap games (e.g. misere:0.07 25 26 27), not {}",
                game.description()
            ))
        })?;
    let heaps = position
        .components
        .iter()
        .map(|word| sprague_games::playable::parse_heap(word))
        .collect::<Result<Vec<u64>, _>>()?;
    let bar = Progress::new(args.progress, None, "positions");
    let report =
        sprague_games::misere::heap_misere_report_exhaustive(family, &heaps, &mut |decided| {
            bar.update(decided as u64, None, &String::new);
            std::ops::ControlFlow::Continue(())
        })?;
    bar.finish();
    let rules = vec![None; report.components.len()];
    match args.format {
        Style::Json => print_json(&AnalysisRecord::new(game, &report, &rules)),
        Style::Text => print_text(&render_text(&game.title(), &report, &rules, None)),
    }
}

fn value_text(grundy: Option<u64>) -> String {
    grundy.map_or_else(|| "–".to_string(), |value| value.to_string())
}

fn render_text(
    title: &str,
    report: &Report,
    rules: &[Option<String>],
    formula: Option<&str>,
) -> String {
    let positions: Vec<&str> = report
        .components
        .iter()
        .map(|c| c.position.as_str())
        .collect();
    let mut text = format!("{title}, position {}\n\n", positions.join(" "));
    let width = positions
        .iter()
        .map(|p| p.chars().count())
        .max()
        .unwrap_or(1)
        .max("component".len());
    text.push_str(&format!("  {:<width$}  grundy\n", "component"));
    for component in &report.components {
        let pad = width - component.position.chars().count();
        text.push_str(&format!(
            "  {}{}  {}\n",
            component.position,
            " ".repeat(pad),
            value_text(component.grundy)
        ));
    }
    if report.components.len() > 1 || report.grundy.is_some() {
        let values: Vec<String> = report
            .components
            .iter()
            .map(|c| value_text(c.grundy))
            .collect();
        text.push_str(&format!(
            "  {:<width$}  {}{}\n",
            "total",
            value_text(report.grundy),
            if values.len() > 1 && report.grundy.is_some() {
                format!("  (= {})", values.join(" ⊕ "))
            } else {
                String::new()
            }
        ));
    }
    text.push_str(&format!(
        "\nOutcome: {} — {}",
        report.outcome,
        report.outcome.explanation()
    ));
    if let Some(remoteness) = report.remoteness {
        let plural = if remoteness == 1 { "move" } else { "moves" };
        text.push_str(&format!(
            ", {remoteness} {plural} to the end with perfect play"
        ));
    }
    text.push_str(&format!(".\nBy: {}.\n", report.method));
    let mut named: Vec<&String> = rules.iter().flatten().collect();
    named.dedup();
    if report.components.len() == 1 {
        // The method line already names the rule.
    } else if let Some(formula) = formula {
        text.push_str(&format!("Values by the closed form {formula}.\n"));
    } else if !named.is_empty() {
        text.push_str("Values:\n");
        for rule in named {
            text.push_str(&format!("  {rule}\n"));
        }
    }
    if report.winning_moves.is_empty() {
        match report.outcome {
            Outcome::P => text.push_str(
                "No winning move: every move leads to an N-position, from which the opponent wins \
                 (`sprague moves` lists each move with a winning reply).\n",
            ),
            Outcome::N | Outcome::W => {}
            _ => text.push_str("No winning move.\n"),
        }
        return text;
    }
    text.push_str(&format!(
        "Winning moves ({}):\n",
        report.winning_moves.len()
    ));
    let width = report
        .winning_moves
        .iter()
        .map(|winning| winning.description.chars().count())
        .max()
        .unwrap_or(0);
    for winning in &report.winning_moves {
        let pad = width - winning.description.chars().count();
        text.push_str(&format!(
            "  {}{}  →  {}\n",
            winning.description,
            " ".repeat(pad),
            winning.to
        ));
    }
    text
}
