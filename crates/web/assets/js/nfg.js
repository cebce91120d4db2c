// Gambit .nfg text for two-player games (payoff version): written from the grid and read
// back into it. Files the grid cannot show (other numbers of players, the outcome version)
// are sent to the API as they are.

function quote(name) {
  return `"${String(name).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The .nfg text (version 1, payoff version) of a bimatrix game; entries as exact text. */
export function writeNfg(game) {
  const lines = [
    `NFG 1 R ${quote(game.title)} { ${game.players.map(quote).join(' ')} }`,
    `{ ${game.strategies.map((names) => `{ ${names.map(quote).join(' ')} }`).join(' ')} }`,
    '""',
    '',
  ];
  const payoffs = [];
  // Profiles with the first player's strategy changing fastest.
  for (let j = 0; j < game.strategies[1].length; j += 1) {
    for (let i = 0; i < game.strategies[0].length; i += 1) payoffs.push(game.a[i][j], game.b[i][j]);
  }
  lines.push(payoffs.join(' '));
  return `${lines.join('\n')}\n`;
}

function tokens(text) {
  const found = [];
  const pattern = /"((?:[^"\\]|\\.)*)"|([{}])|([^\s{}"]+)/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match[1] !== undefined) found.push({ string: match[1].replace(/\\(.)/g, '$1') });
    else found.push({ word: match[2] ?? match[3] });
  }
  return found;
}

/**
 * The two-player game of a payoff-version .nfg text, or `null` when the grid cannot show
 * the file (the API then reads it itself and says what is wrong with it, if anything).
 */
export function readNfg(text) {
  const list = tokens(text);
  let at = 0;
  const next = () => list[at++];
  const word = (expected) => next()?.word === expected;
  if (!word('NFG') || !['1', '2'].includes(next()?.word)) return null;
  if (!['R', 'D'].includes(next()?.word)) return null;
  const title = next()?.string;
  if (title === undefined || !word('{')) return null;
  const players = [];
  while (list[at]?.string !== undefined) players.push(next().string);
  if (!word('}') || players.length !== 2 || !word('{')) return null;
  const strategies = [];
  if (list[at]?.word === '{') {
    for (let player = 0; player < 2; player += 1) {
      if (!word('{')) return null;
      const names = [];
      while (list[at]?.string !== undefined) names.push(next().string);
      if (!word('}')) return null;
      strategies.push(names);
    }
  } else {
    for (let player = 0; player < 2; player += 1) {
      const count = Number(next()?.word);
      if (!Number.isInteger(count) || count < 1 || count > 12) return null;
      strategies.push(Array.from({ length: count }, (_, k) => String(k + 1)));
    }
  }
  if (!word('}')) return null;
  if (list[at]?.string !== undefined) at += 1;
  const numbers = list.slice(at).map((token) => token.word);
  const [m, n] = [strategies[0].length, strategies[1].length];
  if (m > 12 || n > 12 || numbers.length !== 2 * m * n || numbers.some((number) => number === undefined || number === '{' || number === '}')) return null;
  const a = Array.from({ length: m }, () => new Array(n));
  const b = Array.from({ length: m }, () => new Array(n));
  numbers.forEach((number, k) => {
    const profile = Math.floor(k / 2);
    const [i, j] = [profile % m, Math.floor(profile / m)];
    (k % 2 ? b : a)[i][j] = number;
  });
  return { title, players, strategies, a, b };
}
