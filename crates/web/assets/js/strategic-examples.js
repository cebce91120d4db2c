// The built-in examples of `sprague nash GAME` (crates/strategic/src/examples.rs), as the
// grid shows them. The API has no endpoint that returns an example's payoffs, so they are
// written here; the browser tests check, for every example, that the server's answer for
// the name equals its answer for these matrices.
export const EXAMPLES = [
  {
    name: 'prisoners-dilemma', title: "Prisoner's dilemma (payoffs: minus years in prison)",
    players: ['Prisoner 1', 'Prisoner 2'], strategies: [['Confess', 'Deny'], ['Confess', 'Deny']],
    a: [['-8', '0'], ['-15', '-1']], b: [['-8', '-15'], ['0', '-1']],
  },
  {
    name: 'boxed-pigs', title: 'Boxed pigs (seed 004)',
    players: ['Big pig', 'Small pig'], strategies: [['Press', 'Wait'], ['Press', 'Wait']],
    a: [['1', '1/2'], ['1', '0']], b: [['0', '1/2'], ['0', '0']],
  },
  {
    name: 'boxed-pigs-modified', title: 'Boxed pigs, modified (seed 004)',
    players: ['Big pig', 'Small pig'], strategies: [['Press', 'Wait'], ['Press', 'Wait']],
    a: [['1/2', '3/4'], ['1/2', '0']], b: [['1/2', '1/4'], ['1/2', '0']],
  },
  {
    name: 'battle-of-the-sexes', title: 'Battle of the sexes',
    players: ['Player 1', 'Player 2'], strategies: [['Opera', 'Football'], ['Opera', 'Football']],
    a: [['2', '0'], ['0', '1']], b: [['1', '0'], ['0', '2']],
  },
  {
    name: 'matching-pennies', title: 'Matching pennies',
    players: ['Player 1', 'Player 2'], strategies: [['Heads', 'Tails'], ['Heads', 'Tails']],
    a: [['1', '-1'], ['-1', '1']], b: [['-1', '1'], ['1', '-1']],
  },
  {
    name: 'rock-paper-scissors', title: 'Rock-paper-scissors',
    players: ['Player 1', 'Player 2'], strategies: [['Rock', 'Paper', 'Scissors'], ['Rock', 'Paper', 'Scissors']],
    a: [['0', '-1', '1'], ['1', '0', '-1'], ['-1', '1', '0']], b: [['0', '1', '-1'], ['-1', '0', '1'], ['1', '-1', '0']],
  },
  {
    name: 'stag-hunt', title: 'Stag hunt',
    players: ['Player 1', 'Player 2'], strategies: [['Stag', 'Hare'], ['Stag', 'Hare']],
    a: [['4', '0'], ['3', '3']], b: [['4', '3'], ['0', '3']],
  },
  {
    name: 'von-stengel-degenerate', title: "Von Stengel's degenerate 3x2 game (Handbook of Game Theory 3, ch. 45)",
    players: ['Player 1', 'Player 2'], strategies: [['T', 'M', 'B'], ['l', 'r']],
    a: [['3', '3'], ['2', '5'], ['0', '6']], b: [['3', '3'], ['2', '6'], ['3', '1']],
  },
];
