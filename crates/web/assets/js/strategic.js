// Strategic games: a bimatrix grid → `POST /api/nash` (every equilibrium, exact),
// `POST /api/zerosum` (the value of (A, −A)) and `POST /api/dominance` (step by step).
// Best responses to pure strategies are marked in the grid with exact rationals.
import { call, attempt } from './api.js';
import { el, byId, replace } from './dom.js';
import { parse, compare, add, negate, text as rationalText } from './rational.js';
import { EXAMPLES } from './strategic-examples.js';
import { readNfg, writeNfg } from './nfg.js';

const MAX = 12;
const errorBox = byId('error');
/** The game in the grid: exact numbers as text, as typed. */
const game = { title: '', players: [], strategies: [[], []], a: [[]], b: [[]] };
/** An uploaded .nfg the grid cannot show, sent to the API as it is; `null` when the grid is the game. */
let uploaded = null;
/** The built-in example the grid holds, while its shape is the example's; `null` otherwise. */
let example = null;
/** The title this page gave a resized example (`3×3 game`), renewed with the shape until edited. */
let genericTitle = null;

/**
 * A game resized from a built-in example is no longer that example: the labels it still has
 * from the example (not typed over) become generic, and so does its title.
 */
function forgetExample(rows, columns, always = false) {
  if (!example || (!always && rows === example.a.length && columns === example.a[0].length)) return;
  const generic = [(k) => `r${k + 1}`, (k) => `c${k + 1}`];
  game.strategies = game.strategies.map((names, player) => names.map((name, k) => (
    name === example.strategies[player][k] ? generic[player](k) : name)));
  game.players = game.players.map((name, k) => (name === example.players[k] ? ['Row', 'Column'][k] : name));
  if (game.title === example.title) genericTitle = game.title = `${rows}×${columns} game`;
  example = null;
}

function resize(rows, columns) {
  forgetExample(rows, columns);
  if (genericTitle !== null && game.title === genericTitle) genericTitle = game.title = `${rows}×${columns} game`;
  const fit = (list, length, make) => Array.from({ length }, (_, k) => list[k] ?? make(k));
  game.strategies = [fit(game.strategies[0], rows, (k) => `r${k + 1}`), fit(game.strategies[1], columns, (k) => `c${k + 1}`)];
  game.a = fit(game.a, rows, () => []).map((row) => fit(row, columns, () => '0'));
  game.b = fit(game.b, rows, () => []).map((row) => fit(row, columns, () => '0'));
}

function cellInput(matrix, i, j, player) {
  return el('input', {
    type: 'text', inputmode: 'text', class: player === 0 ? 'row-player' : 'col-player',
    value: game[matrix][i][j], 'data-cell': `${matrix}${i},${j}`,
    'aria-label': `${player === 0 ? 'row' : 'column'} player's payoff at row ${i + 1}, column ${j + 1}`,
    oninput: (event) => { game[matrix][i][j] = event.target.value; edited(); },
  });
}

function nameInput(player, k) {
  return el('input', {
    type: 'text', value: game.strategies[player][k],
    'aria-label': `${player === 0 ? 'row' : 'column'} strategy ${k + 1}'s name`,
    oninput: (event) => { game.strategies[player][k] = event.target.value; edited(); },
  });
}

function drawGrid() {
  const [rows, columns] = [game.a.length, game.a[0].length];
  const head = el('tr', {}, el('th', { scope: 'col', class: 'small muted', text: `${game.players[0]} \\ ${game.players[1]}` }),
    ...Array.from({ length: columns }, (_, j) => el('th', { scope: 'col' }, nameInput(1, j))));
  const body = Array.from({ length: rows }, (_, i) => el('tr', {}, el('th', { scope: 'row' }, nameInput(0, i)),
    ...Array.from({ length: columns }, (_, j) => el('td', {}, el('div', { class: 'pair' }, cellInput('a', i, j, 0), cellInput('b', i, j, 1))))));
  replace(byId('grid'), el('thead', {}, head), el('tbody', {}, ...body));
  byId('rows').value = rows;
  byId('columns').value = columns;
  byId('title').value = game.title;
  byId('player-1').value = game.players[0];
  byId('player-2').value = game.players[1];
  markBestResponses();
}

/** The grid's numbers as exact rationals, or a sentence naming the first bad entry. */
function exactMatrices() {
  const read = (matrix, who) => game[matrix].map((row, i) => row.map((entry, j) => {
    const value = parse(entry);
    if (value === null) {
      throw new Error(`Row ${i + 1}, column ${j + 1}: the ${who} player's payoff '${entry}' is not an exact number (write an integer, a decimal or a fraction such as 3/4).`);
    }
    return value;
  }));
  return [read('a', 'row'), read('b', 'column')];
}

/** Marks the row player's best replies to each column and the column player's to each row. */
function markBestResponses() {
  let a;
  let b;
  try { [a, b] = exactMatrices(); } catch { return; }
  const inputs = byId('grid');
  a.forEach((row, i) => row.forEach((_, j) => {
    const rowBest = a.every((other) => compare(other[j], a[i][j]) <= 0);
    const columnBest = b[i].every((other) => compare(other, b[i][j]) <= 0);
    const aInput = inputs.querySelector(`[data-cell="a${i},${j}"]`);
    const bInput = inputs.querySelector(`[data-cell="b${i},${j}"]`);
    if (!aInput || !bInput) return;
    aInput.classList.toggle('best', rowBest);
    bInput.classList.toggle('best', columnBest);
    aInput.title = rowBest ? 'a best response of the row player to this column' : '';
    bInput.title = columnBest ? 'a best response of the column player to this row' : '';
    aInput.closest('td').dataset.pureEquilibrium = String(rowBest && columnBest);
  }));
}

/** Whether A + B is the same in every cell (a constant-sum game: zero-sum up to a constant). */
function isConstantSum() {
  const [a, b] = exactMatrices();
  const sums = a.flatMap((row, i) => row.map((value, j) => add(value, b[i][j])));
  return sums.every((sum) => compare(sum, sums[0]) === 0);
}

function edited() {
  uploaded = null;
  byId('source').textContent = '';
  markBestResponses();
}

/** The body's game: the grid as JSON matrices (exact text), or the uploaded file. */
function gameField() {
  if (uploaded) return { nfg: uploaded.text };
  exactMatrices();
  return {
    matrices: {
      title: game.title, players: game.players, strategies: game.strategies,
      matrices: [game.a, game.b].map((matrix) => matrix.map((row) => row.map((entry) => rationalText(parse(entry))))),
    },
  };
}

function mixture(probabilities, names) {
  const parts = probabilities.map((p, k) => [p, names[k]]).filter(([p]) => p !== '0');
  return parts.map(([p, name]) => (p === '1' ? name : `${p} ${name}`)).join(' + ');
}

function showNash(answer) {
  const names = answer.strategy_names;
  byId('nash-card').hidden = false;
  replace(byId('nash-facts'),
    `${answer.equilibria.length} equilibri${answer.equilibria.length === 1 ? 'um' : 'a'} — ${answer.method}. `,
    answer.complete ? 'Every extreme equilibrium is listed. ' : 'Not necessarily every equilibrium. ',
    answer.degenerate === true ? el('b', { text: 'The game is degenerate' }) : answer.degenerate === false ? 'The game is nondegenerate' : '',
    answer.degenerate === true ? ' (a mixed strategy with k strategies has more than k pure best replies): equilibria may form segments, see the components below.' : '.');
  const head = el('tr', {}, ...['#', `${answer.players[0]} plays`, `${answer.players[1]} plays`, 'payoffs'].map((name) => el('th', { scope: 'col', text: name })));
  const rows = answer.equilibria.map((equilibrium, k) => el('tr', { 'data-equilibrium': k + 1 },
    el('td', { text: k + 1 }),
    el('td', { class: 'prob', 'data-probabilities': equilibrium.strategies[0].join(','), text: mixture(equilibrium.strategies[0], names[0]) }),
    el('td', { class: 'prob', 'data-probabilities': equilibrium.strategies[1].join(','), text: mixture(equilibrium.strategies[1], names[1]) }),
    el('td', { class: 'prob', 'data-payoffs': equilibrium.payoffs.join(','), text: `(${equilibrium.payoffs.join(', ')})` })));
  replace(byId('equilibria'), el('thead', {}, head), el('tbody', {}, ...rows));
  replace(byId('components'), componentList(answer));
}

/** The equilibria (numbered from 1) that lie in a clique: both strategies among its extreme ones. */
function equilibriaOf(clique, equilibria) {
  const key = (strategy) => strategy.join(',');
  const rows = new Set(clique.row_strategies.map(key));
  const columns = new Set(clique.column_strategies.map(key));
  return equilibria.flatMap((equilibrium, k) => (rows.has(key(equilibrium.strategies[0]))
    && columns.has(key(equilibrium.strategies[1])) ? [k + 1] : []));
}

/** The connected components of equilibria, each the union of its cliques (maximal convex sets). */
function componentList(answer) {
  const names = answer.strategy_names;
  const cliques = answer.cliques ?? [];
  const components = answer.components ?? [];
  if (!components.length) return [];
  return [
    el('h3', { text: 'Components of equilibria' }),
    el('ul', {}, components.map((members, k) => {
      const numbers = [...new Set(members.flatMap((c) => equilibriaOf(cliques[c], answer.equilibria)))].sort((a, b) => a - b);
      const single = members.length === 1 && numbers.length === 1;
      return el('li', { 'data-component': k + 1, 'data-equilibria': numbers.join(',') },
        el('b', { text: `Component ${k + 1}` }),
        single ? `: the isolated equilibrium ${numbers[0]}.` : `: equilibria ${numbers.join(', ')} and every mixture in `,
        single ? null : el('ul', {}, members.map((c) => el('li', {},
          'every mixture of {', cliques[c].row_strategies.map((s) => mixture(s, names[0])).join('; '),
          '} with every mixture of {', cliques[c].column_strategies.map((s) => mixture(s, names[1])).join('; '), '}'))));
    })),
  ];
}

function showZeroSum(answer, constantSum) {
  byId('zero-card').hidden = false;
  const names = game.strategies;
  byId('zero-note').textContent = constantSum
    ? 'The game is zero-sum (or constant-sum): its value for the row player and the optimal strategies.'
    : 'The game is not zero-sum; this is the zero-sum game (A, −A) of the row player\'s payoffs: the row player\'s security level.';
  const saddles = answer.saddle_points.map((point) => `(${point.row}, ${point.column})`).join(', ') || 'none';
  const rows = uploaded ? null : names;
  replace(byId('zero'),
    el('dt', { text: 'Value' }), el('dd', {}, el('b', { id: 'zero-value', text: answer.value })),
    el('dt', { text: 'Row player' }), el('dd', { class: 'prob', text: rows ? mixture(answer.row_strategy, rows[0]) : answer.row_strategy.join(', ') }),
    el('dt', { text: 'Column player' }), el('dd', { class: 'prob', text: rows ? mixture(answer.column_strategy, rows[1]) : answer.column_strategy.join(', ') }),
    el('dt', { text: 'Pure maximin' }), el('dd', { text: `${answer.pure_maximin} (rows ${answer.maximin_rows.join(', ')})` }),
    el('dt', { text: 'Pure minimax' }), el('dd', { text: `${answer.pure_minimax} (columns ${answer.minimax_columns.join(', ')})` }),
    el('dt', { text: 'Saddle points' }), el('dd', { text: saddles }));
}

function dominator(step) {
  if (step.dominated_by.strategy !== undefined) return step.dominated_by.strategy;
  return step.dominated_by.mixture.map((part) => `${part.probability} ${part.strategy}`).join(' + ');
}

function showDominance(answer) {
  byId('dominance-card').hidden = false;
  replace(byId('steps'), answer.steps.map((step) => el('li', {}, `Round ${step.round}: ${step.player}'s `,
    el('b', { text: step.strategy }), ` is ${answer.strength}ly dominated by ${dominator(step)}`)));
  const none = answer.steps.length ? '' : `No strategy is ${answer.strength}ly dominated${answer.mixed ? ' (by pure or mixed strategies)' : ' by a pure strategy'}. `;
  replace(byId('remaining'), none, 'Remaining: ', answer.remaining.map((names, k) => `${k ? '; ' : ''}${uploaded ? `player ${k + 1}` : game.players[k]}: ${names.join(', ')}`).join(''));
}

/** The zero-sum answer, or the server's sentence in the zero-sum card (an uploaded game may not be zero-sum). */
async function solveZeroSum(body, constantSum) {
  const zeroBody = uploaded || constantSum ? body : { matrices: { ...body.matrices, matrices: [body.matrices.matrices[0]] } };
  try {
    showZeroSum(await call('zerosum', zeroBody), constantSum);
  } catch (error) {
    byId('zero-card').hidden = false;
    byId('zero-note').textContent = error.message;
    replace(byId('zero'));
  }
}

async function solve() {
  await attempt(errorBox, async () => {
    let body;
    try { body = gameField(); } catch (error) { errorBox.textContent = error.message; return; }
    const constantSum = uploaded ? true : isConstantSum();
    const dominanceBody = { ...body, weak: byId('weak').checked, mixed: byId('mixed').checked };
    const [nash, dominance] = await Promise.all([call('nash', body), call('dominance', dominanceBody), solveZeroSum(body, constantSum)]);
    showNash(nash);
    showDominance(dominance);
  }, byId('nash-card'));
}

function load(source, isExample = false) {
  Object.assign(game, structuredClone({ title: source.title, players: source.players, strategies: source.strategies, a: source.a, b: source.b }));
  example = isExample ? source : null;
  genericTitle = null;
  uploaded = null;
  drawGrid();
}

/** Rows of numbers from pasted text: blocks separated by empty lines. */
function pasted(text) {
  const blocks = text.replace(/#.*$/gm, '').split(/\n\s*\n/).map((block) => block.trim()).filter(Boolean)
    .map((block) => block.split('\n').map((line) => line.trim().split(/[\s,;]+/).filter(Boolean)));
  if (blocks.length < 1 || blocks.length > 2) throw new Error('Paste one matrix (a zero-sum game) or two matrices separated by an empty line.');
  const [a] = blocks;
  const width = a[0].length;
  for (const block of blocks) {
    if (block.length !== a.length || block.some((row) => row.length !== width)) {
      throw new Error(`Every row must have ${width} numbers and both matrices ${a.length} rows.`);
    }
  }
  if (a.length > MAX || width > MAX) throw new Error(`This page edits games of at most ${MAX}×${MAX} strategies.`);
  for (const block of blocks) {
    for (const entry of block.flat()) {
      if (parse(entry) === null) throw new Error(`'${entry}' is not an exact number (write an integer, a decimal or a fraction such as 3/4).`);
    }
  }
  const b = blocks[1] ?? a.map((row) => row.map((entry) => rationalText(negate(parse(entry)))));
  return { a, b };
}

function fill() {
  errorBox.textContent = '';
  try {
    const { a, b } = pasted(byId('paste').value);
    forgetExample(a.length, a[0].length, true);
    game.a = a;
    game.b = b;
    resize(a.length, a[0].length);
    uploaded = null;
    drawGrid();
    solve();
  } catch (error) {
    errorBox.textContent = error.message;
  }
}

function download() {
  const blob = new Blob([writeNfg(game)], { type: 'text/plain' });
  const link = el('a', { href: URL.createObjectURL(blob), download: `${(game.title || 'game').replace(/[^\w.-]+/g, '-')}.nfg` });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(link.href);
}

async function upload(event) {
  const [file] = event.target.files;
  if (!file) return;
  const text = await file.text();
  event.target.value = '';
  const read = readNfg(text);
  if (read) {
    load(read);
    byId('source').textContent = `Read ${file.name} into the grid.`;
  } else {
    uploaded = { name: file.name, text };
    byId('source').textContent = `${file.name} is solved as uploaded (the grid shows two-player games in the payoff version only).`;
  }
  solve();
}

byId('examples').append(...EXAMPLES.map((example) => el('button', {
  type: 'button', class: 'chip', 'data-example': example.name,
  onclick: () => { load(example, true); solve(); }, text: example.name,
})));
byId('rows').addEventListener('change', () => { resize(Math.min(MAX, Math.max(1, Number(byId('rows').value) || 1)), game.a[0].length); drawGrid(); edited(); });
byId('columns').addEventListener('change', () => { resize(game.a.length, Math.min(MAX, Math.max(1, Number(byId('columns').value) || 1))); drawGrid(); edited(); });
byId('title').addEventListener('input', (event) => { game.title = event.target.value; });
byId('player-1').addEventListener('input', (event) => { game.players[0] = event.target.value; });
byId('player-2').addEventListener('input', (event) => { game.players[1] = event.target.value; });
byId('shape').addEventListener('submit', (event) => { event.preventDefault(); solve(); });
byId('solve').addEventListener('click', solve);
byId('download').addEventListener('click', download);
byId('upload').addEventListener('change', upload);
byId('fill').addEventListener('click', fill);
byId('weak').addEventListener('change', solve);
byId('mixed').addEventListener('change', solve);
load(EXAMPLES[0], true);
solve();
