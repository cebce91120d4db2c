// Partizan games: the calculator (`POST /api/cgt`: canonical form and facts, or a
// comparison), the thermograph drawn from the record's exact walls, and a ruleset position
// analysed (`POST /api/analyze`: value, outcome, each player's winning moves).
import { call, attempt } from './api.js';
import { el, svg, svgButton, byId, replace } from './dom.js';

const EXAMPLES = ['{2|-1}', '{1|-1} + ^', '{2||1|0}', '^*', '±1 + ±1', '{3|1} + {1|-1}', 'v3*2', '{0|*}'];
const RULESETS = {
  domineering: '...|...|...', 'blue-red-hackenbush': 'BRB RR', 'toads-and-frogs': 'TT..FF',
  clobber: 'xox|oxo', konane: 'xo.|.ox|..x', cutcake: '3x4', 'northcott-partizan': 'B...W. .W..B',
};

/** An exact dyadic text ("-3/4", "2") as a number, for drawing only. */
function number(text) {
  const [top, bottom] = text.split('/');
  return Number(top) / (bottom ? Number(bottom) : 1);
}

/** The thermograph: temperature up, values growing to the left. */
function thermograph(record) {
  const th = record.thermograph;
  const points = [...th.left_wall, ...th.right_wall].map((p) => [number(p.value), number(p.t)]);
  const mean = number(th.mast.value);
  const top = Math.max(1, ...points.map(([, t]) => t)) + 1;
  const values = points.map(([v]) => v).concat([mean]);
  const [lo, hi] = [Math.min(...values) - 1, Math.max(...values) + 1];
  const width = 520;
  const height = 300;
  const margin = 36;
  const x = (v) => margin + ((hi - v) / (hi - lo)) * (width - 2 * margin);
  const y = (t) => height - margin - ((t + 1) / (top + 1)) * (height - 2 * margin);
  const wall = (list, cls) => svg('polyline', {
    class: cls, fill: 'none',
    points: list.map((p) => `${x(number(p.value))},${y(number(p.t))}`).join(' '),
  });
  const ticks = [];
  for (let v = Math.ceil(lo); v <= Math.floor(hi); v += 1) {
    ticks.push(svg('line', { class: 'axis', x1: x(v), x2: x(v), y1: y(-1), y2: y(-1) + 4 }));
    ticks.push(svg('text', { x: x(v), y: y(-1) + 16, 'text-anchor': 'middle', text: v }));
  }
  const from = number(th.mast.from_temperature);
  return svg('svg', {
    viewBox: `0 0 ${width} ${height}`, role: 'img', class: 'thermograph',
    'aria-label': `Thermograph of ${record.canonical_form}: mast at ${th.mast.value} from temperature ${th.mast.from_temperature}`,
  },
  svg('line', { class: 'axis', x1: margin, x2: width - margin, y1: y(-1), y2: y(-1) }),
  svg('line', { class: 'axis', x1: x(0), x2: x(0), y1: y(-1), y2: y(top), 'stroke-dasharray': '3 3' }),
  ...ticks,
  wall(th.left_wall, 'left-wall'), wall(th.right_wall, 'right-wall'),
  svg('line', { class: 'mast', x1: x(mean), x2: x(mean), y1: y(Math.max(from, -1)), y2: y(top) }),
  svg('text', { x: width - margin, y: margin - 10, 'text-anchor': 'end', text: 't ↑   values ← larger' }));
}

function fact(label, value, id) {
  return [el('dt', { text: label }), el('dd', {}, el('code', { id, text: value }))];
}

async function compute() {
  const expression = byId('expression').value.trim();
  const compare = byId('compare').value.trim();
  const body = compare ? { expression, compare } : { expression };
  const answer = await attempt(byId('error'), () => call('cgt', body), byId('answer'));
  if (!answer) { replace(byId('answer')); return; }
  if (compare) {
    replace(byId('answer'),
      ...fact('G', answer.game), ...fact('H', answer.other),
      ...fact('G ? H', answer.relation, 'relation'),
      ...fact('G − H', `${answer.difference} (outcome ${answer.difference_outcome})`));
    return;
  }
  replace(byId('answer'),
    ...fact('Canonical form', answer.canonical_form, 'canonical'),
    ...fact('Outcome', `${answer.outcome} — ${answer.outcome_explanation}`, 'outcome'),
    ...fact('Birthday', String(answer.birthday)),
    ...fact('Stops', `left ${answer.left_stop}, right ${answer.right_stop}`),
    ...fact('Mean', answer.mean, 'mean'),
    ...fact('Temperature', answer.temperature, 'temperature'),
    ...fact('Atomic weight', answer.atomic_weight ?? `none: ${answer.atomic_weight_reason}`),
    ...fact('Reduced form', answer.reduced_canonical_form));
  replace(byId('thermograph'), thermograph(answer));
}

async function analyse() {
  const game = byId('rule').value;
  const position = byId('position').value.trim();
  const answer = await attempt(byId('position-error'),
    () => call('analyze', { game, position: position.split(/\s+/).filter(Boolean) }), byId('position-answer'));
  if (!answer) { replace(byId('position-answer')); return; }
  const moves = (list) => (list.length ? list.map((m) => `${m.move} → ${m.to || '(empty)'} (${m.value})`).join('; ') : 'none');
  replace(byId('position-answer'),
    ...fact('Value', answer.canonical_form, 'position-value'),
    ...fact('Outcome', `${answer.outcome} — ${answer.outcome_explanation}`),
    ...fact('Mean, temperature', `${answer.mean}, ${answer.temperature}`),
    ...fact(`Left's winning moves (of ${answer.left_moves})`, moves(answer.left_winning_moves), 'left-moves'),
    ...fact(`Right's winning moves (of ${answer.right_moves})`, moves(answer.right_winning_moves), 'right-moves'));
}

byId('calc').addEventListener('submit', (event) => { event.preventDefault(); compute(); });
byId('ruleset').addEventListener('submit', (event) => { event.preventDefault(); analyse(); });
byId('rule').addEventListener('change', () => { byId('position').value = RULESETS[byId('rule').value]; });
replace(byId('examples'), ...EXAMPLES.map((text) => el('button', {
  type: 'button', class: 'chip', text,
  onclick: () => { byId('expression').value = text; byId('compare').value = ''; compute(); },
})));
compute();
analyse();

// Play: one stateless turn per request (`POST /api/play` on a ruleset: your move, then the
// computer's reply); the page keeps the position. Domineering and Toads-and-Frogs boards are
// drawn as cells to click, Blue-Red Hackenbush as a picture whose edges are cut by clicking;
// other rulesets as text, with a button per legal move.
const PLAY_EXAMPLES = {
  domineering: '....|....|....', 'toads-and-frogs': 'TT...FF', 'blue-red-hackenbush': 'BRB RR',
  clobber: 'xox|oxo', konane: 'xo.|.ox|..x', cutcake: '3x4', 'northcott-partizan': 'B...W. .W..B',
};
const game = { rule: 'domineering', side: 'left', position: '', moves: [], over: null, turn: 0, log: [] };

function words(position) {
  if (game.rule === 'cutcake') return position.split('+').map((w) => w.trim()).filter(Boolean);
  if (game.rule === 'blue-red-hackenbush' || game.rule === 'northcott-partizan') {
    return position.split(/\s+/).filter(Boolean);
  }
  return [position];
}

/** The cells of a board ruleset, each a button when a legal move starts there. */
function board() {
  const rows = game.position.split('|');
  const byNotation = new Map(game.moves.map((m) => [m.move, m]));
  const cell = (text, notation, label) => {
    const move = notation && byNotation.get(notation);
    return move
      ? el('button', { type: 'button', class: 'cell', 'data-notation': notation, title: move.description, 'aria-label': label, text, onclick: () => playMove(notation) })
      : el('span', { class: 'cell', text });
  };
  if (game.rule === 'domineering') {
    return el('div', { class: 'grid', style: `grid-template-columns: repeat(${rows[0].length}, 2.2rem)` },
      ...rows.flatMap((row, r) => [...row].map((ch, c) => cell(ch === '#' ? '■' : '', `${r + 1},${c + 1}`, `square ${r + 1},${c + 1}`))));
  }
  if (game.rule === 'toads-and-frogs') {
    const strip = rows[0];
    return el('div', { class: 'grid', style: `grid-template-columns: repeat(${strip.length}, 2.2rem)` },
      ...[...strip].map((ch, i) => cell(ch === '.' ? '' : ch, ch === '.' ? null : `${i + 1}`, `square ${i + 1}`)));
  }
  if (game.rule === 'blue-red-hackenbush') return hackenbush(game.position, byNotation);
  return el('pre', { class: 'text-board', text: game.position || '(empty)' });
}

const COLOURS = { b: 'blue', l: 'blue', r: 'red', g: 'green' };

/**
 * The edges of a Blue-Red(-Green) Hackenbush position with the points they join, laid out
 * for drawing: strings (`BRB RR`) as stalks standing on the ground, edge e of string s
 * (from 1 at the ground) cut by the move `s:e`; a graph (`0-1:b 1-2:r`, vertex 0 the ground)
 * by levels of distance from the ground, each edge `u-v` cut by the move `u-v`.
 */
function hackenbushLayout(position) {
  const words = position.split(/\s+/).filter(Boolean);
  const step = 46;
  if (words.every((w) => /^[BLRblr]+$/.test(w))) {
    const tallest = Math.max(1, ...words.map((w) => w.length));
    const ground = 24 + tallest * step;
    const edges = words.flatMap((word, s) => [...word].map((ch, e) => ({
      notation: `${s + 1}:${e + 1}`, colour: COLOURS[ch.toLowerCase()],
      from: [60 + s * 70, ground - e * step], to: [60 + s * 70, ground - (e + 1) * step],
    })));
    return { edges, ground, width: Math.max(240, 60 + words.length * 70) };
  }
  const list = words.map((w) => {
    const [, u, v, c] = /^(\d+)-(\d+):(\w)/.exec(w) ?? [];
    return { u: Number(u), v: Number(v), colour: COLOURS[(c ?? 'g').toLowerCase()] ?? 'green' };
  });
  // Levels: the distance from the ground (vertex 0) along edges; cut-off vertices on top.
  const level = new Map([[0, 0]]);
  for (let grown = true; grown;) {
    grown = false;
    for (const { u, v } of list) {
      for (const [a, b] of [[u, v], [v, u]]) {
        if (level.has(a) && !level.has(b)) { level.set(b, level.get(a) + 1); grown = true; }
      }
    }
  }
  const top = Math.max(0, ...level.values());
  for (const { u, v } of list) for (const x of [u, v]) if (!level.has(x)) level.set(x, top + 1);
  const height = Math.max(1, ...level.values());
  const ground = Math.round(24 + height * step * 1.3);
  const rows = new Map();
  for (const [vertex, l] of [...level.entries()].sort((a, b) => a[0] - b[0])) {
    if (vertex === 0) continue;
    rows.set(l, [...(rows.get(l) ?? []), vertex]);
  }
  const width = Math.max(240, 80 * Math.max(1, ...[...rows.values()].map((r) => r.length)));
  const point = new Map();
  for (const [l, vertices] of rows) {
    vertices.forEach((vertex, k) => point.set(vertex,
      [Math.round((width * (k + 1)) / (vertices.length + 1)), Math.round(ground - l * step * 1.3)]));
  }
  // Parallel edges bend apart; each edge to the ground gets its own foot.
  const seen = new Map();
  const edges = list.map(({ u, v, colour }) => {
    const key = `${u}-${v}`;
    const k = seen.get(key) ?? 0;
    seen.set(key, k + 1);
    const total = list.filter((e) => e.u === u && e.v === v).length;
    const bend = (k - (total - 1) / 2) * 26;
    const to = point.get(v);
    const from = u === 0 ? [to[0] + bend, ground] : point.get(u);
    return { notation: key, colour, from, to, bend: u === 0 ? 0 : bend, loop: u === v };
  });
  return { edges, ground, width, vertices: [...point.values()] };
}

/** The SVG path of an edge: straight, bent (parallel edges) or a loop. */
function edgePath({ from, to, bend, loop }) {
  if (loop) return `M ${from[0]} ${from[1]} c -24 -40, 24 -40, 0 0`;
  if (!bend) return `M ${from[0]} ${from[1]} L ${to[0]} ${to[1]}`;
  const [mx, my] = [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2];
  const [dx, dy] = [to[0] - from[0], to[1] - from[1]];
  const length = Math.hypot(dx, dy) || 1;
  return `M ${from[0]} ${from[1]} Q ${mx - (dy / length) * bend * 2} ${my + (dx / length) * bend * 2} ${to[0]} ${to[1]}`;
}

/** A band 18 units wide along an edge's chord: the area a click on the edge may land in. */
function edgeBand({ from, to, loop }) {
  if (loop) return svg('circle', { class: 'edge-hit', cx: from[0], cy: from[1] - 20, r: 18 });
  const [dx, dy] = [to[0] - from[0], to[1] - from[1]];
  const length = Math.hypot(dx, dy) || 1;
  const [nx, ny] = [(-dy / length) * 9, (dx / length) * 9];
  const corners = [[from[0] + nx, from[1] + ny], [to[0] + nx, to[1] + ny], [to[0] - nx, to[1] - ny], [from[0] - nx, from[1] - ny]];
  return svg('polygon', { class: 'edge-hit', points: corners.map(([x, y]) => `${Math.round(x)},${Math.round(y)}`).join(' ') });
}

/** The Hackenbush picture: the ground, the edges in their colours, legal cuts clickable. */
function hackenbush(position, byNotation) {
  const { edges, ground, width, vertices = [] } = hackenbushLayout(position);
  const used = new Set();
  const drawn = edges.map((edge) => {
    const line = svg('path', { class: `edge ${edge.colour}`, d: edgePath(edge) });
    const move = byNotation.get(edge.notation);
    // One clickable edge per move (parallel graph edges share a notation).
    if (!move || used.has(edge.notation)) return line;
    used.add(edge.notation);
    const cut = svgButton(move.description, () => playMove(edge.notation),
      edgeBand(edge), line);
    cut.setAttribute('class', 'cut');
    cut.setAttribute('data-notation', edge.notation);
    return cut;
  });
  const points = new Map([...edges.flatMap((e) => (e.loop ? [e.from] : [e.to])), ...vertices]
    .map(([x, y]) => [`${Math.round(x)},${Math.round(y)}`, [Math.round(x), Math.round(y)]]));
  const dots = [...points.values()].map(([cx, cy]) => svg('circle', { class: 'vertex', cx, cy, r: 4 }));
  return svg('svg', {
    class: 'hackenbush', role: 'img', viewBox: `0 -24 ${width} ${ground + 40}`, width, height: ground + 40,
    'aria-label': `Hackenbush position ${position || '(empty)'}`,
  }, svg('line', { class: 'ground', x1: 8, x2: width - 8, y1: ground, y2: ground }), ...drawn, ...dots);
}

function renderPlay() {
  replace(byId('play-board'), board());
  replace(byId('play-moves'), ...(game.over ? [] : game.moves).map((m) => el('button', {
    type: 'button', class: 'chip', title: m.description, 'data-notation': m.move,
    text: m.move, onclick: () => playMove(m.move),
  })));
  replace(byId('play-log'), ...game.log.map((t) => el('li', { text: `${t.player === 'you' ? 'You' : 'Computer'} (${t.side}): ${t.move} — ${t.description}${t.reason ? ` (${t.reason})` : ''}` })));
  byId('play-status').textContent = game.over
    ? `Game over: ${game.over.winner === 'you' ? 'you won' : 'the computer won'} (${game.over.reason}).`
    : `Your move (${game.moves.length} legal) — position ${game.position || '(empty)'}, value ${game.value}`;
  byId('play-status').dataset.winner = game.over?.winner ?? '';
}

function apply(answer) {
  Object.assign(game, { position: answer.position, moves: answer.moves, over: answer.over, value: answer.canonical_form });
  game.log.push(...answer.turns);
  game.turn += answer.turns.length;
  renderPlay();
}

async function playMove(notation) {
  const body = { game: game.rule, position: words(game.position), side: game.side, move: notation, turn: game.turn };
  const answer = await attempt(byId('play-error'), () => call('play', body), byId('play-board'));
  if (answer) apply(answer);
}

async function newGame() {
  Object.assign(game, { rule: byId('play-rule').value, side: byId('play-side').value, turn: 0, log: [], over: null });
  const position = byId('play-position').value.trim();
  const first = byId('play-first').value;
  // An opening turn: the computer's first move, or (you first) just your legal moves.
  const answer = await attempt(byId('play-error'),
    () => call('play', { game: game.rule, position: words(position), side: game.side, first }), byId('play-board'));
  if (answer) apply(answer);
}

byId('play-setup').addEventListener('submit', (event) => { event.preventDefault(); newGame(); });
byId('play-rule').addEventListener('change', () => { byId('play-position').value = PLAY_EXAMPLES[byId('play-rule').value]; });
newGame();
