// Repeated and cooperative games: a seeded IPD tournament (`POST /api/ipd/tournament`), one
// match (`POST /api/ipd/match`), and the Shapley value, Banzhaf index and nucleolus of a
// weighted voting game (`POST /api/coop/...`, exact fractions).
import { call, attempt } from './api.js';
import { el, svg, byId, replace } from './dom.js';
import { lineChart, tickStep } from './chart.js';
import { parse } from './rational.js';

/** The entries of Axelrod's first tournament (1980) that the library has. */
const FIRST_TOURNAMENT = ['TitForTat', 'TidemanAndChieruzzi', 'Nydegger', 'Grofman', 'Shubik', 'SteinAndRapoport',
  'Grudger', 'Davis', 'Graaskamp', 'Downing', 'Feld', 'Joss', 'Tullock', 'Anonymous', 'Random'];
const DEFAULT_CHOICE = ['TitForTat', 'Defector', 'Cooperator', 'Grudger', 'TitFor2Tats', 'Random'];
const VOTING_EXAMPLES = [['51', '40, 30, 20, 10'], ['4', '3, 2, 1, 1'], ['12', '4, 4, 4, 2, 2, 1, 1'], ['6', '5, 1, 1, 1, 1, 1']];

/** Scores per turn are floating-point averages in the API's answer; shown to 3 decimals. */
function score(value) {
  return Number(value).toFixed(3);
}

function checkedStrategies() {
  return [...byId('strategies').querySelectorAll('input:checked')].map((box) => box.value);
}

function wholeNumber(id, name, low, high) {
  const value = Number(byId(id).value);
  if (!Number.isInteger(value) || value < low || value > high) {
    throw new Error(`${name} must be a whole number from ${low} to ${high}.`);
  }
  return value;
}

/** Each player's score per repetition as dots and its median as a bar, players in rank order. */
function scoresChart(answer) {
  const order = answer.ranking.map((entry) => answer.players.indexOf(entry.strategy));
  const width = 900;
  const rowHeight = 26;
  const left = 200;
  const right = 20;
  const labelHeight = 20; // the x-axis label under the tick numbers
  const height = 40 + labelHeight + rowHeight * order.length;
  const all = answer.scores.flat();
  const top = Math.max(...all, 0.001);
  const x = (value) => left + ((width - left - right) * value) / top;
  const chart = svg('svg', { class: 'chart', viewBox: `0 0 ${width} ${height}`, role: 'img',
    'aria-label': 'Scores per turn of each player in each repetition, players in rank order; the bar is the median' });
  const step = tickStep(top, 8) || 1;
  for (let value = 0; value <= top + 1e-9; value += step) {
    chart.append(svg('line', { class: 'axis', x1: x(value), x2: x(value), y1: 10, y2: height - labelHeight - 24, 'stroke-dasharray': '2 4' }),
      svg('text', { x: x(value), y: height - labelHeight - 8, 'text-anchor': 'middle', text: +value.toFixed(3) }));
  }
  chart.append(svg('text', { class: 'x-label', x: left + (width - left - right) / 2, y: height - 4, 'text-anchor': 'middle',
    text: 'score per turn (a dot per repetition, the bar the median)' }));
  order.forEach((player, rank) => {
    const y = 14 + rank * rowHeight;
    const entry = answer.ranking[rank];
    chart.append(
      svg('text', { x: left - 8, y: y + 12, 'text-anchor': 'end', text: `${rank + 1}. ${entry.name}` }),
      svg('rect', { x: left, y: y + 3, width: Math.max(0, x(entry.median_score) - left), height: rowHeight - 10, fill: '#c9d6f0' },
        svg('title', { text: `${entry.name}: median ${score(entry.median_score)}` })),
      ...answer.scores[player].map((value) => svg('circle', { cx: x(value), cy: y + rowHeight / 2 - 1, r: 3.5, fill: '#1f5fbf', 'fill-opacity': 0.7 },
        svg('title', { text: `${entry.name}: ${score(value)}` }))));
  });
  return chart;
}

function showTournament(answer) {
  const head = el('tr', {}, ...['rank', 'strategy', 'median score per turn', 'wins', 'cooperation rate'].map((name) => el('th', { scope: 'col', text: name })));
  const rows = answer.ranking.map((entry) => el('tr', { 'data-rank': entry.rank, 'data-strategy': entry.strategy },
    el('td', { class: 'num', text: entry.rank }), el('td', { style: 'text-align:left', text: entry.name }),
    el('td', { class: 'num', text: score(entry.median_score) }), el('td', { class: 'num', text: entry.wins }),
    el('td', { class: 'num', text: score(entry.cooperation_rate) })));
  replace(byId('tournament-result'),
    el('p', { class: 'small muted', text: `${answer.players.length} players, ${answer.turns} turns per match, ${answer.repetitions} repetition${answer.repetitions === 1 ? '' : 's'}, noise ${answer.noise}, seed ${answer.seed}: the same seed gives the same tournament on every machine.` }),
    el('div', { class: 'table-wrap' }, el('table', { class: 'data', id: 'ranking' }, el('thead', {}, head), el('tbody', {}, ...rows))),
    el('h3', { text: 'Scores per repetition' }),
    scoresChart(answer));
}

async function runTournament(event) {
  event.preventDefault();
  const errorBox = byId('tournament-error');
  await attempt(errorBox, async () => {
    const strategies = checkedStrategies();
    if (strategies.length < 2) throw new Error('Choose at least two strategies.');
    const noise = Number(byId('noise').value);
    if (!(noise >= 0 && noise <= 1)) throw new Error('The noise must be a probability from 0 to 1.');
    const body = {
      strategies, noise,
      turns: wholeNumber('turns', 'Turns', 1, 10000),
      repetitions: wholeNumber('repetitions', 'Repetitions', 1, 1000),
      seed: wholeNumber('seed', 'The seed', 0, Number.MAX_SAFE_INTEGER),
    };
    showTournament(await call('ipd/tournament', body));
  }, byId('tournament-result'));
}

function showMatch(answer) {
  const payoffs = { CC: [3, 3], CD: [0, 5], DC: [5, 0], DD: [1, 1] };
  const totals = [[0], [0]];
  for (const [first, second] of answer.actions) {
    const [p, q] = payoffs[first + second];
    totals[0].push(totals[0].at(-1) + p);
    totals[1].push(totals[1].at(-1) + q);
  }
  const row = (k) => el('div', {}, el('b', { text: answer.players[k] }),
    el('div', { class: 'actions', role: 'img', 'aria-label': `${answer.players[k]}'s actions: ${answer.actions.map((pair) => pair[k]).join('')}` },
      answer.actions.map((pair) => el('span', { class: `action ${pair[k]}`, text: pair[k] }))));
  // The running totals are recomputed from the actions with the standard payoffs the match
  // was played with; they must end at the API's scores.
  const consistent = totals.every((line, k) => line.at(-1) === answer.scores[k]);
  replace(byId('match-result'),
    el('p', {}, `Scores: ${answer.players[0]} ${answer.scores[0]}, ${answer.players[1]} ${answer.scores[1]}; cooperations ${answer.cooperations.join(' and ')} in ${answer.turns} turns.`),
    row(0), row(1),
    el('h3', { text: 'Running totals (standard payoffs 3, 0, 5, 1)' }),
    consistent ? null : el('p', { class: 'error', text: 'The running totals do not end at the scores the server gave; the chart is left out.' }),
    consistent && lineChart([
      { name: answer.players[0], color: '#1f5fbf', points: totals[0] },
      { name: answer.players[1], color: '#e8720c', points: totals[1] },
    ], { xLabel: 'turn', yLabel: 'total payoff' }),
    el('div', { class: 'legend' },
      el('span', {}, el('span', { class: 'swatch', style: 'background:#1f5fbf' }), answer.players[0]),
      el('span', {}, el('span', { class: 'swatch', style: 'background:#e8720c' }), answer.players[1])));
}

async function runMatch(event) {
  event.preventDefault();
  await attempt(byId('match-error'), async () => {
    showMatch(await call('ipd/match', {
      first: byId('first').value, second: byId('second').value,
      turns: wholeNumber('match-turns', 'Turns', 1, 1000), seed: wholeNumber('match-seed', 'The seed', 0, Number.MAX_SAFE_INTEGER),
    }));
  }, byId('match-result'));
}

/** A bar for an exact share p/q in [0, 1] (the drawing is approximate, the label exact). */
function shareBar(value) {
  const share = parse(value);
  const permille = share && share.d > 0n ? Number((share.n * 1000n) / share.d) : 0;
  return el('span', { class: 'share', style: `width:${Math.max(0, Math.min(1000, permille)) / 100}rem`, 'aria-hidden': 'true' });
}

async function runVoting(event) {
  event?.preventDefault();
  await attempt(byId('voting-error'), async () => {
    const quota = byId('quota').value.trim();
    const weights = byId('weights').value.split(/[\s,]+/).filter(Boolean);
    if (!quota || weights.length === 0) throw new Error('Give a quota and at least one weight.');
    const game = `[${quota}; ${weights.join(', ')}]`;
    const [shapley, banzhaf, nucleolus] = await Promise.all(['shapley', 'banzhaf', 'nucleolus'].map((concept) => call(`coop/${concept}`, { game })));
    const head = el('tr', {}, ...['voter', 'weight', 'Shapley–Shubik', 'Banzhaf', 'nucleolus'].map((name) => el('th', { scope: 'col', text: name })));
    const rows = shapley.players.map((player, k) => el('tr', { 'data-voter': player },
      el('td', { text: player }), el('td', { class: 'num', text: weights[k] }),
      el('td', { class: 'prob', style: 'text-align:left', 'data-shapley': shapley.shapley[k] }, shareBar(shapley.shapley[k]), ` ${shapley.shapley[k]}`),
      el('td', { class: 'prob', style: 'text-align:left', 'data-banzhaf': banzhaf.banzhaf[k] }, shareBar(banzhaf.banzhaf[k]), ` ${banzhaf.banzhaf[k]}`),
      el('td', { class: 'prob', style: 'text-align:left', 'data-nucleolus': nucleolus.nucleolus[k] }, shareBar(nucleolus.nucleolus[k]), ` ${nucleolus.nucleolus[k]}`)));
    replace(byId('voting-result'),
      el('p', { class: 'small muted' }, 'The game ', el('code', { text: game }), '; Banzhaf normalized to sum 1 (swings: ', banzhaf.swings.join(', '), ').'),
      el('div', { class: 'table-wrap' }, el('table', { class: 'data', id: 'voting' }, el('thead', {}, head), el('tbody', {}, ...rows))));
  }, byId('voting-result'));
}

async function loadStrategies() {
  const strategies = await call('ipd/strategies', {});
  replace(byId('strategies'), ...strategies.map((strategy) => el('label', { class: 'check', title: strategy.description },
    el('input', { type: 'checkbox', value: strategy.id, checked: DEFAULT_CHOICE.includes(strategy.id) }),
    `${strategy.name}${strategy.stochastic ? ' (random)' : ''}`)));
  for (const [id, chosen] of [['first', 'TitForTat'], ['second', 'Random']]) {
    replace(byId(id), ...strategies.map((strategy) => el('option', { value: strategy.id, text: strategy.name })));
    byId(id).value = chosen;
  }
}

function select(ids) {
  for (const box of byId('strategies').querySelectorAll('input')) box.checked = ids.includes(box.value);
}

byId('tournament-form').addEventListener('submit', runTournament);
byId('match-form').addEventListener('submit', runMatch);
byId('voting-form').addEventListener('submit', runVoting);
byId('select-classic').addEventListener('click', () => select(FIRST_TOURNAMENT));
byId('select-none').addEventListener('click', () => select([]));
replace(byId('voting-examples'), ...VOTING_EXAMPLES.map(([quota, weights]) => el('button', {
  type: 'button', class: 'chip', onclick: () => { byId('quota').value = quota; byId('weights').value = weights; runVoting(); },
  text: `[${quota}; ${weights}]`,
})));
attempt(byId('tournament-error'), loadStrategies).then(() => {
  byId('tournament-form').requestSubmit();
  byId('match-form').requestSubmit();
});
runVoting();
