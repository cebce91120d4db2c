// Drawing a position's `board` (docs/json.md, "Positions and moves") and turning clicks on
// it into moves. Each drawing calls `pick(label, predicate)` when something is clicked:
// `predicate(move)` says which of the position's legal moves (from `POST /api/moves`) the
// click means; the play page plays the one move that matches, or lets the player choose.
// Everything clickable is a <button> (HTML) or an SVG link, so the keyboard works.
import { el, svg, svgButton } from './dom.js';

/** The notation without a leading component number (`2:g-a` → `g-a`, `1:1,2` → `1,2`). */
export function bare(notation) {
  return notation.replace(/^\d+:(?=.)/, '');
}

const MAX_STONES = 24;
const MAX_SQUARES = 24;

function heapsBoard(board, pick) {
  return el('div', { class: 'board', role: 'group', 'aria-label': 'Heaps' }, board.heaps.map((size, index) => {
    const name = `heap ${index + 1}`;
    const pile = el('div', { class: 'heap', 'data-heap': index });
    pile.append(el('div', { class: 'label', text: `${name}: ${size}` }));
    if (size > MAX_STONES) {
      pile.append(el('button', {
        type: 'button', class: 'heap-many', 'aria-label': `${name}, ${size} stones: choose a move`,
        onclick: () => pick(`${name}`, (move) => move.component === index),
        text: `${size} ●`,
      }));
      return pile;
    }
    for (let stone = 0; stone < size; stone += 1) {
      pile.append(el('button', {
        type: 'button', class: 'stone', 'data-stone': stone,
        'aria-label': `${name}: take from stone ${stone + 1} up, leaving ${stone}`,
        title: `leave ${stone} in ${name}`,
        onclick: () => pick(`leave ${stone} in ${name}`, (move) => move.component === index
          && (move.notation === `${size}->${stone}` || move.notation === `${index + 1}:${size - stone}`)),
      }));
    }
    return pile;
  }));
}

function heapGroupsBoard(board) {
  return el('div', { class: 'board', role: 'group', 'aria-label': 'Components' }, board.groups.map((group, index) =>
    el('div', { class: 'card', style: 'margin:0' },
      el('div', { class: 'small muted', text: `component ${index + 1}` }),
      el('div', { class: 'board' }, group.map((size) => el('div', { class: 'heap' },
        el('div', { class: 'label', text: size }),
        ...Array.from({ length: Math.min(size, MAX_STONES) }, () => el('span', { class: 'stone', 'aria-hidden': 'true' }))))))));
}

function staircaseBoard(board, pick) {
  return el('div', { class: 'board', role: 'group', 'aria-label': 'Staircase' }, board.steps.map((coins, index) => {
    const step = index + 1;
    const column = el('div', { class: 'heap', style: `padding-bottom:${index * 0.9}rem;border-bottom:${(index + 1) * 0.9}rem solid #c9b48f` });
    column.append(el('div', { class: 'label', text: `step ${step}: ${coins}` }));
    for (let coin = 0; coin < Math.min(coins, MAX_STONES); coin += 1) {
      const moved = coins - coin;
      column.append(el('button', {
        type: 'button', class: 'stone',
        'aria-label': `step ${step}: move ${moved} coin${moved > 1 ? 's' : ''} down`,
        title: `move ${moved} down from step ${step}`,
        onclick: () => pick(`move ${moved} down from step ${step}`, (move) => move.notation === `${step}:${moved}`),
      }));
    }
    return column;
  }));
}

/** Wythoff: a board per queen, (0, 0) at the bottom left; squares the queen reaches are buttons. */
function pairsBoard(board, pick, moves) {
  return el('div', { class: 'board' }, board.pairs.map(([a, b], index) => {
    const reach = new Map();
    for (const move of moves) {
      if (move.component === index) reach.set(move.after.components[index], move);
    }
    const size = Math.max(a, b) + 1;
    if (size > MAX_SQUARES) {
      return el('p', { text: `Queen at (${a}, ${b}): too large to draw; choose a move from the list.` });
    }
    const grid = el('div', {
      class: 'cells', role: 'group', 'aria-label': `Wythoff board ${index + 1}: the queen at ${a},${b}`,
      style: `grid-template-columns: repeat(${size}, auto)`,
    });
    for (let y = size - 1; y >= 0; y -= 1) {
      for (let x = 0; x < size; x += 1) {
        const key = `${x},${y}`;
        const shade = (x + y) % 2 ? 'light' : 'dark';
        if (x === a && y === b) {
          grid.append(el('div', { class: 'cell queen', role: 'img', 'aria-label': `the queen at ${key}`, text: '♛' }));
        } else if (reach.has(key)) {
          grid.append(el('button', {
            type: 'button', class: `cell reach${x === 0 && y === 0 ? ' goal' : ''}`,
            'aria-label': `move the queen to ${key}`, title: `to ${key}`,
            onclick: () => pick(`queen to ${key}`, (move) => move.component === index && move.after.components[index] === key),
          }));
        } else {
          grid.append(el('div', { class: `cell ${shade}${x === 0 && y === 0 ? ' goal' : ''}` }));
        }
      }
    }
    return el('div', {}, grid, el('div', { class: 'small muted', text: `queen at (${a}, ${b}); the corner (0, 0) is the goal` }));
  }));
}

/** Chomp: rows from the poison row (bottom) up; every square but the poison is a bite. */
function diagramsBoard(board, pick) {
  return el('div', { class: 'board' }, board.diagrams.map((rows, index) => {
    const width = Math.max(1, ...rows);
    const grid = el('div', {
      class: 'cells', role: 'group', 'aria-label': `Chomp bar ${index + 1}`,
      style: `grid-template-columns: repeat(${width}, auto)`,
    });
    for (let r = rows.length; r >= 1; r -= 1) {
      for (let c = 1; c <= width; c += 1) {
        if (c > rows[r - 1]) { grid.append(el('div', { class: 'cell', style: 'visibility:hidden' })); continue; }
        if (r === 1 && c === 1) {
          grid.append(el('div', { class: 'cell poison', role: 'img', 'aria-label': 'the poisoned square', text: '☠' }));
          continue;
        }
        grid.append(el('button', {
          type: 'button', class: 'cell choc', 'data-square': `${r},${c}`,
          'aria-label': `bite row ${r}, column ${c}`, title: `bite ${r},${c}`,
          onclick: () => pick(`bite ${r},${c}`, (move) => move.component === index && bare(move.notation) === `${r},${c}`),
        }));
      }
    }
    if (rows.length === 0) grid.append(el('div', { class: 'small muted', text: 'empty' }));
    return el('div', {}, grid, el('div', { class: 'small muted', text: `bar ${index + 1}: rows ${rows.join(', ') || '—'} from the poison row up` }));
  }));
}

function coinsBoard(board, pick) {
  return el('div', { class: 'board', style: 'flex-direction:column;align-items:flex-start' }, board.rows.map((row, index) =>
    el('div', { class: 'row', role: 'group', 'aria-label': `coin row ${index + 1}` }, [...row].map((face, offset) => {
      const number = board.first + offset;
      return el('div', {},
        el('button', {
          type: 'button', class: `coin ${face}`, 'aria-label': `coin ${number}: ${face === 'H' ? 'heads' : 'tails'}`,
          onclick: () => pick(`turn coin ${number}`, (move) => move.component === index && bare(move.notation).split(',')[0] === String(number)),
          text: face,
        }),
        el('div', { class: 'coin-index', text: number }));
    }))));
}

function coinBoardsBoard(board, pick) {
  return el('div', { class: 'board' }, board.boards.map((rows, index) => {
    const width = Math.max(1, ...rows.map((row) => row.length));
    const grid = el('div', { class: 'cells', role: 'group', 'aria-label': `coin board ${index + 1}`, style: `grid-template-columns: repeat(${width}, auto)` });
    rows.forEach((row, r) => [...row].forEach((face, c) => {
      const key = `${r + board.first[0]},${c + board.first[1]}`;
      grid.append(el('button', {
        type: 'button', class: `coin ${face}`, 'aria-label': `coin ${key}: ${face === 'H' ? 'heads' : 'tails'}`, title: key,
        onclick: () => pick(`turn coin ${key}`, (move) => move.component === index && bare(move.notation).split(';')[0] === key),
        text: face,
      }));
    }));
    return el('div', {}, grid, el('div', { class: 'small muted', text: `coin x,y: row x from ${board.first[0]} at the top, column y from ${board.first[1]}` }));
  }));
}

/** Text in which `spans` are code (the library's legends mark symbols so): text and <code> nodes. */
export function withCode(text) {
  return String(text ?? '').split('`').map((part, k) => (k % 2 ? el('code', { text: part }) : part)).filter((part) => part !== '');
}

function stripsBoard(board, pick) {
  return el('div', {},
    el('p', { class: 'small muted', 'data-legend': '' }, ...withCode(board.legend)),
    ...board.strips.map((strip, index) => el('div', { class: 'row', role: 'group', 'aria-label': `strip ${index + 1}`, style: 'margin-bottom:0.5rem' },
      [...strip].map((symbol, offset) => {
        const number = board.first + offset;
        const empty = symbol === '.' || symbol === '_';
        return el('div', {},
          el('button', {
            type: 'button', class: `strip-cell${empty ? '' : ' full'}`, 'aria-label': `square ${number}: ${empty ? 'empty' : symbol}`,
            onclick: () => pick(`square ${number}`, (move) => move.component === index
              && (bare(move.notation).startsWith(`${number}->`) || move.notation.endsWith(`@${number}`))),
            text: empty ? '' : symbol,
          }),
          el('div', { class: 'coin-index', text: number }));
      }))));
}

/** Green Hackenbush: the ground at the bottom, vertices in layers by distance from it. */
function picturesBoard(board, pick) {
  return el('div', { class: 'board' }, board.pictures.map((picture, index) => {
    const width = 280;
    const height = 240;
    const groundY = height - 24;
    const depth = new Map([[picture.ground, 0]]);
    const queue = [picture.ground];
    while (queue.length) {
      const vertex = queue.shift();
      for (const [u, v] of picture.edges) {
        for (const [from, to] of [[u, v], [v, u]]) {
          if (from === vertex && !depth.has(to)) { depth.set(to, depth.get(vertex) + 1); queue.push(to); }
        }
      }
    }
    const layers = [];
    for (const vertex of picture.vertices) {
      if (vertex === picture.ground) continue;
      const level = depth.get(vertex) ?? 1;
      (layers[level] ??= []).push(vertex);
    }
    const deepest = Math.max(1, layers.length - 1);
    const place = new Map();
    layers.forEach((layer, level) => layer?.forEach((vertex, i) => {
      place.set(vertex, [(width * (i + 1)) / (layer.length + 1), groundY - ((groundY - 24) * level) / deepest]);
    }));
    const at = (vertex, other) => (vertex === picture.ground ? [place.get(other)?.[0] ?? width / 2, groundY] : place.get(vertex));
    const drawing = svg('svg', { class: 'graph picture', viewBox: `0 0 ${width} ${height}`, role: 'group', 'aria-label': `Hackenbush picture ${index + 1}` });
    drawing.append(svg('line', { class: 'ground', x1: 8, x2: width - 8, y1: groundY, y2: groundY }));
    const seen = new Map();
    for (const [u, v] of picture.edges) {
      const key = [u, v].sort().join('\u0000');
      const copy = seen.get(key) ?? 0;
      seen.set(key, copy + 1);
      const [x1, y1] = at(u, v);
      const [x2, y2] = u === v ? [x1 + 30, y1 - 40] : at(v, u);
      const bend = (copy % 2 ? 1 : -1) * Math.ceil(copy / 2) * 22;
      const mx = (x1 + x2) / 2 + bend;
      const my = (y1 + y2) / 2;
      const name = `${u}-${v}`;
      drawing.append(svgButton(`cut the edge ${name}`,
        () => pick(`cut ${name}`, (move) => move.component === index && [name, `${v}-${u}`].includes(bare(move.notation))),
        svg('path', { class: 'edge', d: `M${x1},${y1} Q${mx},${my} ${x2},${y2}`, fill: 'none' })));
    }
    for (const [vertex, [x, y]] of place) {
      drawing.append(svg('circle', { class: 'vertex', cx: x, cy: y, r: 6 }),
        svg('text', { x: x + 14, y: y - 10, text: vertex }));
    }
    return drawing;
  }));
}

/** Tokens on a digraph: vertices on a circle, arcs with arrows; click the vertex a token moves to. */
function digraphBoard(board, pick) {
  const size = 360;
  const radius = board.vertices.length > 1 ? 140 : 0;
  const place = new Map(board.vertices.map((vertex, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / board.vertices.length;
    return [vertex, [size / 2 + radius * Math.cos(angle), size / 2 + radius * Math.sin(angle)]];
  }));
  const tokens = new Map();
  for (const vertex of board.tokens) tokens.set(vertex, (tokens.get(vertex) ?? 0) + 1);
  const drawing = svg('svg', { class: 'graph', viewBox: `0 0 ${size} ${size}`, role: 'group', 'aria-label': 'Digraph with tokens' },
    svg('defs', {}, svg('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' },
      svg('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#5d6b82' }))));
  for (const [from, to] of board.arcs) {
    const [x1, y1] = place.get(from);
    const [x2, y2] = place.get(to);
    if (from === to) {
      drawing.append(svg('path', { class: 'arc', d: `M${x1 - 8},${y1 - 14} C${x1 - 30},${y1 - 60} ${x1 + 30},${y1 - 60} ${x1 + 8},${y1 - 14}`, 'marker-end': 'url(#arrow)' }));
      continue;
    }
    const length = Math.hypot(x2 - x1, y2 - y1) || 1;
    const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
    const [sx, sy, ex, ey] = [x1 + ux * 18, y1 + uy * 18, x2 - ux * 18, y2 - uy * 18];
    const [cx, cy] = [(sx + ex) / 2 - uy * 16, (sy + ey) / 2 + ux * 16];
    drawing.append(svg('path', { class: 'arc', d: `M${sx},${sy} Q${cx},${cy} ${ex},${ey}`, 'marker-end': 'url(#arrow)' }));
  }
  for (const [vertex, [x, y]] of place) {
    const count = tokens.get(vertex) ?? 0;
    const label = count ? `${vertex} (${count} token${count > 1 ? 's' : ''})` : vertex;
    drawing.append(svgButton(`move a token to ${label}`,
      () => pick(`to ${vertex}`, (move) => move.notation.split('->').pop() === vertex),
      svg('circle', { class: `vertex${count ? ' token' : ''}`, cx: x, cy: y, r: 15 }),
      svg('text', { x, y, text: count > 1 ? `${vertex}×${count}` : vertex })));
  }
  return drawing;
}

function countersBoard(board) {
  return el('div', { class: 'board' }, board.counters.map((counter) =>
    el('div', { class: 'counter' }, `${counter.name}: `, el('b', { text: counter.value }))));
}

function wordsBoard(board) {
  return el('div', { class: 'board' }, board.words.map((word) => el('code', { class: 'counter', text: word })));
}

/**
 * The drawing of `board`; `moves` are the position's legal moves; `pick(label, predicate)`
 * is called on a click.
 */
export function drawBoard(board, moves, pick) {
  switch (board.kind) {
    case 'heaps': return heapsBoard(board, pick);
    case 'heap-groups': return heapGroupsBoard(board);
    case 'staircase': return staircaseBoard(board, pick);
    case 'pairs': return pairsBoard(board, pick, moves);
    case 'diagrams': return diagramsBoard(board, pick);
    case 'coins': return coinsBoard(board, pick);
    case 'coin-boards': return coinBoardsBoard(board, pick);
    case 'strips': return stripsBoard(board, pick);
    case 'pictures': return picturesBoard(board, pick);
    case 'digraph': return digraphBoard(board, pick);
    case 'counters': return countersBoard(board);
    case 'words': return wordsBoard(board);
    default: return el('p', { text: `This page cannot draw a board of kind "${board.kind}"; use the list of moves.` });
  }
}
