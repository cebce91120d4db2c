// Explore a game: g(0..N) of a one-heap game from `POST /api/values`, as a chart and a
// table, with the period and the theorem that proves it.
import { call, attempt, parameter } from './api.js';
import { el, byId, replace } from './dom.js';
import { valuesChart } from './chart.js';

const EXAMPLES = ['kayles', 'dawson', 'subtraction:1,3,4', '0.137', 'grundy', 'lasker', 'bash:3', 'allbut:1,2', 'mock-turtles'];

const form = byId('explore-form');
const gameInput = byId('game');
const toInput = byId('to');
const errorBox = byId('error');
const rowLength = byId('row-length');
let shown = null;

/** The facts of a values record: period, proof, closed form. */
function facts(record) {
  const rows = [['Values', `g(0), …, g(${record.values.length - 1})`]];
  const period = record.period;
  if (period) {
    const saltus = period.saltus ? `, saltus ${period.saltus} (g(n + ${period.period}) = g(n) + ${period.saltus})` : '';
    rows.push(['Period', `${period.period}, from n = ${period.preperiod} on (preperiod ${period.preperiod})${saltus}`]);
    rows.push(['Proof', period.proven
      ? el('span', {}, el('span', { class: 'proven', text: 'proven' }), ` by ${period.theorem}`)
      : el('span', {}, el('span', { class: 'unproven', text: 'not proven' }),
        ` — observed in the ${period.examined} values computed`)]);
  } else {
    rows.push(['Period', 'none found in the values computed']);
  }
  if (record.closed_form) rows.push(['Closed form', record.closed_form]);
  if (record.computed !== undefined) rows.push(['Computed', `${record.computed} values (${record.method} method)`]);
  const pPositions = record.values.flatMap((value, n) => (value === 0 ? [n] : []));
  const listed = pPositions.slice(0, 24).join(', ') + (pPositions.length > 24 ? ', …' : '');
  rows.push(['P-positions', pPositions.length
    ? `${listed} (${pPositions.length} of the ${record.values.length} shown)`
    : `none among the ${record.values.length} shown`]);
  return rows.flatMap(([name, value]) => [el('dt', { text: name }), el('dd', {}, value)]);
}

/** The values in rows of `width`: row label n, then g(n), …, g(n + width − 1). */
function valuesTable(values, width) {
  const head = el('tr', {}, el('th', { scope: 'col', text: 'n' }),
    ...Array.from({ length: width }, (_, c) => el('th', { scope: 'col', text: `+${c}` })));
  const rows = [];
  for (let start = 0; start < values.length; start += width) {
    const cells = [];
    for (let n = start; n < start + width; n += 1) {
      if (n >= values.length) { cells.push(el('td')); continue; }
      cells.push(el('td', {
        class: values[n] === 0 ? 'p' : null, 'data-n': n,
        title: values[n] === 0 ? `g(${n}) = 0: a P-position` : `g(${n}) = ${values[n]}`,
        text: values[n],
      }));
    }
    rows.push(el('tr', {}, el('th', { scope: 'row', text: start }), ...cells));
  }
  return [el('thead', {}, head), el('tbody', {}, ...rows)];
}

function rowLengths(record) {
  const lengths = [10, 12, 16, 20];
  const period = record.period?.period;
  if (period && period > 1 && period <= 60 && !lengths.includes(period)) lengths.push(period);
  return lengths.sort((a, b) => a - b);
}

function showTable() {
  if (!shown) return;
  replace(byId('table'), ...valuesTable(shown.values, Number(rowLength.value)));
}

function show(record) {
  shown = record;
  byId('result').hidden = false;
  byId('title').textContent = `${record.title} — ${record.game}`;
  replace(byId('facts'), ...facts(record));
  replace(byId('chart'), valuesChart(record.values));
  const period = record.period?.period;
  replace(rowLength, ...rowLengths(record).map((length) => el('option', {
    value: length, text: length === period ? `${length} (the period)` : String(length),
  })));
  rowLength.value = period && period > 1 && period <= 60 ? String(period) : '10';
  showTable();
  showPlayLink(record.game, Math.min(record.values.length - 1, 12));
}

/**
 * A position to play from: the catalogue example's position when it has one (coin games
 * take rows of coins, not heap sizes), else a heap of `heap`.
 */
async function playPosition(game, heap) {
  const entry = await call('games', { game });
  const words = entry.example.split(/\s+/);
  return words[1] === 'analyze' && words.length > 3 ? words.slice(3) : [String(heap)];
}

async function showPlayLink(game, heap) {
  const link = byId('play-link');
  link.hidden = true;
  const position = await playPosition(game, heap).catch(() => null);
  if (!position || shown?.game !== game) return;
  link.href = `/play?${new URLSearchParams({ game, position: position.join(' ') })}`;
  link.textContent = `Play ${game} from ${position.join(' ')}`;
  link.hidden = false;
}

/** Hides the previous game's result, so that an error is not shown above an answer it does not belong to. */
function clearResult() {
  shown = null;
  byId('result').hidden = true;
  byId('play-link').hidden = true;
}

async function explore() {
  const game = gameInput.value.trim();
  const to = Number(toInput.value);
  if (!game) { clearResult(); errorBox.textContent = 'Type a game description, for example kayles.'; return; }
  if (!Number.isInteger(to) || to < 0 || to > 5000) {
    clearResult();
    errorBox.textContent = 'N must be a whole number from 0 to 5000 on this page.';
    return;
  }
  const record = await attempt(errorBox, () => call('values', { game, to }), byId('result'));
  if (!record) clearResult();
  if (record) {
    show(record);
    history.replaceState(null, '', `?game=${encodeURIComponent(game)}&to=${to}`);
  }
}

form.addEventListener('submit', (event) => { event.preventDefault(); explore(); });
rowLength.addEventListener('change', showTable);
replace(byId('examples'), ...EXAMPLES.map((name) => el('button', {
  type: 'button', class: 'chip',
  onclick: () => { gameInput.value = name; explore(); },
  text: name,
})));
gameInput.value = parameter('game', 'kayles');
toInput.value = parameter('to', '100');
explore();
