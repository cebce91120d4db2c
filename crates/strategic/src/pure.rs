//! Pure-strategy Nash equilibria of n-player games, by checking every profile
//! for profitable unilateral deviations (Nash, "Non-cooperative games", 1951:
//! a profile is an equilibrium iff every strategy is a best response).
//!
//! ```
//! use sprague_strategic::{examples::example, pure::pure_equilibria};
//! let pd = example("prisoners-dilemma").unwrap();
//! assert_eq!(pure_equilibria(&pd), vec![vec![0, 0]]); // both confess
//! ```

use crate::game::NormalFormGame;

/// All pure-strategy Nash equilibria, each a profile of strategy indices, in
/// Gambit profile order.
pub fn pure_equilibria(game: &NormalFormGame) -> Vec<Vec<usize>> {
    let counts = game.strategy_counts();
    let n = game.num_players();
    // best[i][k]: the best payoff of player i against the opponents' part of
    // profile k (computed per profile by scanning player i's strategies).
    let mut result = Vec::new();
    'profiles: for k in 0..game.num_profiles() {
        let profile = game.profile_at(k);
        for i in 0..n {
            let mine = game.payoff(&profile, i);
            let mut other = profile.clone();
            for s in 0..counts[i] {
                if s == profile[i] {
                    continue;
                }
                other[i] = s;
                if game.payoff(&other, i) > mine {
                    continue 'profiles;
                }
            }
        }
        result.push(profile);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::examples::example;

    #[test]
    fn classics() {
        let bos = example("battle-of-the-sexes").unwrap();
        assert_eq!(pure_equilibria(&bos), vec![vec![0, 0], vec![1, 1]]);
        assert!(pure_equilibria(&example("matching-pennies").unwrap()).is_empty());
        let pigs = example("boxed-pigs").unwrap();
        // (Press, Wait) and (Wait, Press).
        assert_eq!(pure_equilibria(&pigs), vec![vec![1, 0], vec![0, 1]]);
    }

    #[test]
    fn three_players() {
        let text = r#"NFG 1 R "Selten (IJGT, 75), Figure 1, normal form" { "Player 1" "Player 2" "Player 3" }
{ { "1" "2" } { "1" "2" } { "1" "2" } }
1 1 1 3 2 2 4 4 0 3 2 2 1 1 1 0 0 0 0 0 1 0 0 0"#;
        let g = crate::nfg::read_nfg(text).unwrap();
        for p in pure_equilibria(&g) {
            assert!(g.is_nash(&g.pure_as_mixed(&p)));
        }
    }
}
