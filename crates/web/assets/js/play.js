// Play: a game against the perfect opponent through `POST /api/play` (one stateless turn:
// the player's move, then the computer's reply) and `POST /api/moves` (the legal moves with
// their values, for the board's clicks, the list and "why"). The page keeps the position
// and the history (for undo, and the draw by threefold repetition of loopy games, which a
// stateless turn cannot see); the server keeps nothing.
import { call, attempt, parameter } from './api.js';
import { el, byId, replace } from './dom.js';
import { drawBoard } from './board.js';

const EXAMPLES = [
  ['nim', '3 4 5'], ['chomp', '3x4'], ['wythoff', '4,7'], ['kayles', '10'],
  ['subtraction:1,3,4', '9 6'], ['staircase', '3 1 2'], ['turning-turtles', 'THHTH'],
  ['acrostic-twins', 'THT/TTH'], ['green-hackenbush', 'g-a,a-b,b-g,a-c'],
  ['digraph:a>b,b>c,c>a,a>d', 'a b'], ['nimble', '.2..1'], ['fibonacci', '10'], ['sos', '7'],
];

const errorBox = byId('error');
const state = {
  game: 'nim', misere: false, every: false, first: 'me',
  position: null, turn: 0, over: null, moves: [], analysis: null,
  history: [], log: [],
  /** How often each position occurred, with the side to move: `you|a b` → count. */
  seen: new Map(),
};

const REPETITIONS = 3;

/** The description the moves endpoint reads: `every:` and `misere:` as asked. */
function described() {
  const game = state.every ? `every:${state.game}` : state.game;
  return state.misere ? `misere:${game}` : game;
}

function playBody(extra) {
  return {
    game: state.every ? `every:${state.game}` : state.game,
    position: state.position.components,
    misere: state.misere,
    first: state.first,
    turn: state.turn,
    ...extra,
  };
}

function winnerText(over) {
  if (over.winner === 'you') return ['win', 'You won.'];
  if (over.winner === 'computer') return ['lose', 'The computer won.'];
  return ['draw', over.reason ? `A draw: ${over.reason}.` : 'A draw.'];
}

function render() {
  const busy = state.position === null;
  byId('undo').disabled = state.history.length === 0;
  byId('hint').disabled = busy || Boolean(state.over);
  byId('why').disabled = busy || Boolean(state.over);
  replace(byId('chooser'));
  if (busy) return;
  const canMove = !state.over;
  replace(byId('board'), drawBoard(state.position.board, canMove ? state.moves : [], canMove ? choose : () => {}));
  if (state.over) {
    const [kind, text] = winnerText(state.over);
    replace(byId('result'), el('p', { class: `banner ${kind}`, 'data-winner': state.over.winner ?? 'none', text }));
    byId('status').textContent = `Game over after ${state.turn} move${state.turn === 1 ? '' : 's'}.`;
  } else {
    replace(byId('result'));
    byId('status').textContent = `Your move (${state.moves.length} legal move${state.moves.length === 1 ? '' : 's'}) — position ${state.position.components.join(' ')}`;
  }
  replace(byId('moves'), ...(canMove ? state.moves : []).map((move) => el('button', {
    type: 'button', title: move.description, 'data-notation': move.notation,
    onclick: () => play(move.notation), text: move.notation,
  })));
  replace(byId('log'), ...state.log.map((entry) => el('li', {},
    el('span', { class: `who-${entry.player}`, text: entry.player === 'you' ? 'You' : 'Computer' }),
    `: ${entry.move} — ${entry.description}`,
    entry.reason ? el('span', { class: 'small muted', text: ` (${entry.reason})` }) : null)));
  byId('log').scrollTop = byId('log').scrollHeight;
}

/** A click on the board: play the one move it means, or offer the choice. */
function choose(label, predicate) {
  const matching = state.moves.filter(predicate);
  if (matching.length === 1) { play(matching[0].notation); return; }
  const box = byId('chooser');
  if (matching.length === 0) {
    replace(box, el('p', { class: 'status', text: `No legal move: ${label}.` }));
    return;
  }
  replace(box, el('p', { class: 'small', text: `${label}: choose one of ${matching.length} moves` }),
    el('div', { class: 'moves-list' }, matching.map((move) => el('button', {
      type: 'button', 'data-notation': move.notation, onclick: () => play(move.notation),
      text: `${move.notation} — ${move.description}`,
    }))));
  box.querySelector('button')?.focus();
}

/** The legal moves of the current position, or the ending when there are none. */
async function loadMoves() {
  const answer = await call('moves', { game: described(), position: state.position.components });
  state.analysis = answer;
  state.moves = answer.moves;
  if (state.moves.length === 0) {
    // No move left for the player: the play endpoint names the winner by the game's rules.
    const ending = await call('play', playBody({ move: '#1' }));
    state.over = ending.over;
  }
}

/**
 * Counts a position with the side to move; the third time is a draw, as in the terminal
 * game (docs/games.md: a loopy game's position that comes back a third time with the same
 * player to move).
 */
function count(position, mover) {
  const key = `${mover}|${position.components.join(' ')}`;
  const times = (state.seen.get(key) ?? 0) + 1;
  state.seen.set(key, times);
  if (times >= REPETITIONS && !state.over) {
    state.over = {
      result: 'draw', winner: null,
      reason: `the position ${position.components.join(' ')} came back a third time with ${mover === 'you' ? 'you' : 'the computer'} to move`,
    };
  }
}

/** Takes the turns of a play answer; a draw by repetition ends the game at the turn that made it. */
function apply(answer) {
  state.over = answer.over;
  for (const turn of answer.turns) {
    state.log.push({ player: turn.player, move: turn.move, description: turn.description, reason: turn.reason });
    state.turn += 1;
    count(turn.position, turn.player === 'you' ? 'computer' : 'you');
    if (state.over && !answer.over) {
      state.position = { ...turn.position, game: answer.position.game };
      return;
    }
  }
  state.position = answer.position;
}

/** After a move made from the keyboard, focus the board again (the pressed button is gone). */
function refocus(hadFocus) {
  if (!hadFocus) return;
  const target = byId('board').querySelector('button, a') ?? byId('moves').querySelector('button');
  if (target) {
    target.focus();
    return;
  }
  byId('result').setAttribute('tabindex', '-1');
  byId('result').focus();
}

async function play(notation) {
  if (state.over) return;
  const hadFocus = ['board', 'moves', 'chooser', 'hint-text'].some((id) => byId(id).contains(document.activeElement));
  const before = {
    position: state.position, turn: state.turn, log: state.log.length, moves: state.moves,
    analysis: state.analysis, seen: new Map(state.seen),
  };
  byId('hint-text').textContent = '';
  closeWhy();
  byId('status').textContent = 'The computer is thinking…';
  const done = await attempt(errorBox, async () => {
    apply(await call('play', playBody({ move: notation })));
    if (!state.over) await loadMoves();
    state.history.push(before);
    return true;
  }, byId('board'));
  if (!done) {
    Object.assign(state, { position: before.position, turn: before.turn, moves: before.moves, seen: before.seen, over: null });
    state.log.length = before.log;
  }
  render();
  refocus(hadFocus);
}

function undo() {
  const before = state.history.pop();
  if (!before) return;
  state.position = before.position;
  state.turn = before.turn;
  state.log.length = before.log;
  state.moves = before.moves;
  state.analysis = before.analysis;
  state.seen = before.seen;
  state.over = null;
  byId('hint-text').textContent = '';
  closeWhy();
  render();
}

async function hint() {
  const answer = await attempt(errorBox, () => call('play', playBody({})));
  const reply = answer?.turns?.[0];
  if (!reply) return;
  replace(byId('hint-text'), 'Hint: ', el('code', { text: reply.move }), ` — ${reply.description} (${reply.reason}) `,
    el('button', { type: 'button', class: 'chip', id: 'play-hint', onclick: () => play(reply.move), text: 'Play it' }));
}

function closeWhy() {
  byId('why-panel').hidden = true;
  byId('why').setAttribute('aria-expanded', 'false');
}

function why() {
  const panel = byId('why-panel');
  if (!panel.hidden) { closeWhy(); return; }
  const analysis = state.analysis;
  const rows = analysis.moves.map((move) => el('tr', { class: move.winning ? 'winning' : null },
    el('td', {}, el('code', { text: move.notation })),
    el('td', { class: 'data', style: 'text-align:left', text: move.description }),
    el('td', { text: move.grundy ?? '—' }),
    el('td', { class: move.winning ? 'proven' : null, text: move.outcome + (move.remoteness !== null ? ` (in ${move.remoteness})` : '') })));
  const mex = analysis.option_values
    ? el('p', {}, `Options' values {${analysis.option_values.join(', ')}}; their mex (the smallest value not among them) is `,
      el('b', { text: `g = ${analysis.grundy}` }), '.')
    : null;
  replace(panel,
    el('h3', { text: `Why: value ${analysis.grundy ?? '—'}, outcome ${analysis.outcome}` }),
    el('ul', {}, analysis.explanation.map((sentence) => el('li', { text: sentence }))),
    mex,
    el('div', { class: 'table-wrap' }, el('table', { class: 'data' },
      el('thead', {}, el('tr', {}, ...['move', 'what it does', 'value after', 'outcome after'].map((name) => el('th', { scope: 'col', text: name })))),
      el('tbody', {}, rows))),
    el('p', { class: 'small muted', text: 'A move to a P-position (green) wins: the opponent must then move to an N-position.' }));
  panel.hidden = false;
  byId('why').setAttribute('aria-expanded', 'true');
}

async function start() {
  state.game = byId('game').value.trim();
  state.misere = byId('misere').checked;
  state.every = byId('every').checked;
  state.first = byId('first').value;
  const components = byId('position').value.trim().split(/\s+/).filter(Boolean);
  if (!state.game) { errorBox.textContent = 'Type a game, for example nim.'; return; }
  Object.assign(state, { position: null, turn: 0, over: null, moves: [], history: [], log: [], analysis: null, seen: new Map() });
  byId('hint-text').textContent = '';
  closeWhy();
  replace(byId('board'));
  replace(byId('result'));
  const started = await attempt(errorBox, async () => {
    const opening = await call('moves', { game: described(), position: components });
    state.position = opening.position;
    state.analysis = opening;
    state.moves = opening.moves;
    count(opening.position, state.first === 'me' ? 'you' : 'computer');
    if (state.first === 'computer') {
      apply(await call('play', playBody({})));
      if (!state.over) await loadMoves();
    } else if (state.moves.length === 0) {
      await loadMoves();
    }
    return true;
  });
  if (started) {
    const query = new URLSearchParams({ game: state.game, position: components.join(' ') });
    if (state.misere) query.set('misere', '1');
    if (state.every) query.set('every', '1');
    if (state.first === 'computer') query.set('first', 'computer');
    history.replaceState(null, '', `?${query}`);
  }
  render();
}

byId('setup').addEventListener('submit', (event) => { event.preventDefault(); start(); });
byId('undo').addEventListener('click', undo);
byId('hint').addEventListener('click', hint);
byId('why').addEventListener('click', why);
replace(byId('examples'), ...EXAMPLES.map(([game, position]) => el('button', {
  type: 'button', class: 'chip',
  onclick: () => { byId('game').value = game; byId('position').value = position; start(); },
  text: `${game} ${position}`,
})));
byId('game').value = parameter('game', 'nim');
byId('position').value = parameter('position', '3 4 5');
byId('misere').checked = parameter('misere') === '1';
byId('every').checked = parameter('every') === '1';
byId('first').value = parameter('first') === 'computer' ? 'computer' : 'me';
start();
