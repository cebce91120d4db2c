// Nim and Chomp played to the end by clicks on the board. The winner must agree with the
// outcome the API reports for the start (analyze), and with what the tests derive by
// themselves: Bouton's theorem for Nim, an exhaustive search for Chomp.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, api } from '../harness.mjs';

/** Waits until the page has answered the last click (the status says whose turn it is, or the end). */
async function settled(tab, logLength) {
  await tab.waitForFunction((before) => {
    const status = document.querySelector('#status').textContent;
    return document.querySelectorAll('#log li').length > before
      && (status.startsWith('Your move') || status.startsWith('Game over'));
  }, logLength);
}

async function logLength(tab) {
  return tab.$$eval('#log li', (items) => items.length);
}

async function over(tab) {
  return (await tab.$('#result .banner')) !== null;
}

async function startGame(tab, game, position, first) {
  await tab.fill('#game', game);
  await tab.fill('#position', position);
  await tab.selectOption('#first', first);
  await tab.click('#setup button[type=submit]');
  await tab.waitForFunction(({ position: typed, first: who }) => {
    const status = document.querySelector('#status').textContent;
    const log = document.querySelectorAll('#log li').length;
    return status.startsWith('Your move') && (who === 'me' ? log === 0 : log === 1)
      && (who === 'computer' || status.endsWith(typed));
  }, { position, first });
}

async function heaps(tab) {
  return tab.$$eval('.heap', (piles) => piles.map((pile) => pile.querySelectorAll('.stone').length));
}

async function hintMove(tab) {
  await tab.click('#hint');
  await tab.waitForSelector('#hint-text code');
  return (await tab.textContent('#hint-text code')).trim();
}

const xor = (values) => values.reduce((total, value) => total ^ value, 0);

test('Nim 3 4 5: following the hints by clicking stones, the first player wins', async () => {
  // Bouton: 3 ⊕ 4 ⊕ 5 = 2 ≠ 0, an N-position: the player to move wins.
  assert.equal(xor([3, 4, 5]), 2);
  assert.equal((await api('analyze', { game: 'nim', position: ['3', '4', '5'] })).outcome, 'N');
  const { tab, problems } = await open('/play?game=nim&position=1');
  await tab.waitForSelector('.stone');
  await startGame(tab, 'nim', '3 4 5', 'me');
  let moves = 0;
  while (!(await over(tab))) {
    const hint = await hintMove(tab);
    const [from, to] = hint.split('->').map(Number);
    const sizes = await heaps(tab);
    const heap = sizes.indexOf(from);
    assert.notEqual(heap, -1, `a heap of ${from} for the hint ${hint}`);
    const after = sizes.slice();
    after[heap] = to;
    assert.equal(xor(after), 0, `the hint ${hint} leaves a P-position (nim-sum 0)`);
    const before = await logLength(tab);
    // Clicking stone `to` (counted from 0 at the bottom) of that heap leaves `to` stones.
    await tab.click(`.heap[data-heap="${heap}"] .stone[data-stone="${to}"]`);
    await settled(tab, before);
    if (!(await over(tab))) assert.equal(xor(await heaps(tab)) !== 0, true, 'the computer must leave an N-position');
    moves += 1;
    assert.ok(moves < 20, 'the game ends');
  }
  assert.equal(await tab.getAttribute('#result .banner', 'data-winner'), 'you');
  assert.deepEqual(await heaps(tab), [0, 0, 0]);
  assert.deepEqual(problems, []);
  await tab.close();
});

test('Nim 3 4 5 with the computer first: the perfect opponent wins, whatever is clicked', async () => {
  const { tab, problems } = await open('/play?game=nim&position=1');
  await tab.waitForSelector('.stone');
  await startGame(tab, 'nim', '3 4 5', 'computer');
  let moves = 0;
  while (!(await over(tab))) {
    // Every position the computer leaves has nim-sum 0 (Bouton), so every reply loses.
    assert.equal(xor(await heaps(tab)), 0, 'the computer leaves a P-position');
    const before = await logLength(tab);
    await tab.click('.stone >> nth=0');
    await settled(tab, before);
    moves += 1;
    assert.ok(moves < 20, 'the game ends');
  }
  assert.equal(await tab.getAttribute('#result .banner', 'data-winner'), 'computer');
  assert.match(await tab.textContent('#result'), /The computer won/);
  assert.deepEqual(problems, []);
  await tab.close();
});

/** Chomp solved by the test itself: a diagram (row lengths from the poison row up) is a win for the player to move. */
function chompWins(rows, memo = new Map()) {
  const key = rows.join(',');
  if (memo.has(key)) return memo.get(key);
  let wins = false;
  for (let r = 0; r < rows.length && !wins; r += 1) {
    for (let c = 0; c < rows[r] && !wins; c += 1) {
      if (r === 0 && c === 0) continue; // the poisoned square is not a move
      const after = rows.map((length, row) => (row >= r ? Math.min(length, c) : length)).filter((length) => length > 0);
      if (!chompWins(after, memo)) wins = true;
    }
  }
  memo.set(key, wins);
  return wins;
}

async function chompRows(tab) {
  return tab.$eval('#board', (board) => {
    const rows = [];
    for (const square of board.querySelectorAll('[data-square]')) {
      const [r, c] = square.dataset.square.split(',').map(Number);
      rows[r - 1] = Math.max(rows[r - 1] ?? 1, c);
    }
    rows[0] ??= 1;
    return Array.from(rows, (length) => length ?? 0);
  });
}

test('Chomp 3x4: the first player wins by the hints (the test\'s own search agrees)', async () => {
  assert.equal(chompWins([4, 4, 4]), true, 'a rectangle is a first-player win (strategy stealing)');
  assert.equal((await api('analyze', { game: 'chomp', position: ['3x4'] })).outcome, 'N');
  const { tab, problems } = await open('/play?game=nim&position=1');
  await tab.waitForSelector('.stone');
  await startGame(tab, 'chomp', '3x4', 'me');
  let moves = 0;
  while (!(await over(tab))) {
    const hint = await hintMove(tab);
    const before = await logLength(tab);
    await tab.click(`[data-square="${hint}"]`);
    await settled(tab, before);
    if (!(await over(tab))) assert.equal(chompWins(await chompRows(tab)), true, 'the computer leaves a win for us');
    moves += 1;
    assert.ok(moves < 12, 'the game ends');
  }
  assert.equal(await tab.getAttribute('#result .banner', 'data-winner'), 'you');
  assert.equal(await tab.$$eval('[data-square]', (squares) => squares.length), 0, 'only the poisoned square is left');
  assert.deepEqual(problems, []);
  await tab.close();
});

test('Chomp 3x4 with the computer first: the perfect opponent wins', async () => {
  const { tab, problems } = await open('/play?game=nim&position=1');
  await tab.waitForSelector('.stone');
  await startGame(tab, 'chomp', '3x4', 'computer');
  let moves = 0;
  while (!(await over(tab))) {
    assert.equal(chompWins(await chompRows(tab)), false, 'the computer leaves a losing position');
    const before = await logLength(tab);
    // Bite the first square listed: the top row's leftmost (the whole top row goes).
    const squares = await tab.$$eval('[data-square]', (nodes) => nodes.map((node) => node.dataset.square));
    await tab.click(`[data-square="${squares[0]}"]`);
    await settled(tab, before);
    moves += 1;
    assert.ok(moves < 12, 'the game ends');
  }
  assert.equal(await tab.getAttribute('#result .banner', 'data-winner'), 'computer');
  assert.deepEqual(problems, []);
  await tab.close();
});

test('undo takes back the last move and the reply; why shows the options and their mex', async () => {
  const { tab, problems } = await open('/play?game=kayles&position=7');
  await tab.waitForSelector('.stone');
  await tab.click('#why');
  await tab.waitForSelector('#why-panel:not([hidden])');
  // Kayles, g(0..6) = 0 1 2 3 1 4 3: taking one pin of 7 leaves 6, 1+5, 2+4, 3+3 (values 3, 5, 3, 0),
  // taking two leaves 5, 1+4, 2+3 (values 4, 0, 1); the mex of {0, 1, 3, 4, 5} is g(7) = 2.
  assert.match(await tab.textContent('#why-panel'), /their mex .* is g = 2/);
  const before = await logLength(tab);
  await tab.click('.stone[data-stone="5"]');
  await settled(tab, before);
  assert.equal(await logLength(tab), 2);
  await tab.click('#undo');
  assert.equal(await logLength(tab), 0);
  assert.deepEqual(await heaps(tab), [7]);
  assert.deepEqual(problems, []);
  await tab.close();
});

test('a loopy digraph: tokens moved by clicking vertices, a draw by threefold repetition', async () => {
  // One token on the cycle a ⇄ b: every position has exactly one move, so neither player
  // ever runs out of moves: a D-position (generalized Sprague–Grundy value ∞).
  const game = 'digraph:a>b,b>a';
  assert.equal((await api('analyze', { game, position: ['a'] })).outcome, 'D');
  const { tab, problems } = await open('/play?game=nim&position=1');
  await tab.waitForSelector('.stone');
  await startGame(tab, game, 'a', 'me');
  let moves = 0;
  while (!(await over(tab))) {
    const token = await tab.$eval('svg.graph circle.token', (circle) => circle.nextElementSibling.textContent);
    const target = token === 'a' ? 'b' : 'a';
    const before = await logLength(tab);
    await tab.click(`svg.graph a[aria-label^="move a token to ${target}"]`);
    await settled(tab, before);
    moves += 1;
    assert.ok(moves < 10, 'the game ends');
  }
  assert.equal(await tab.getAttribute('#result .banner', 'data-winner'), 'none');
  assert.match(await tab.textContent('#result'), /A draw: the position a came back a third time with you to move/);
  // a (you), b (computer), a (you), b, a (you): the third time a comes back with you to move.
  assert.equal(await logLength(tab), 4);
  assert.deepEqual(problems, []);
  await tab.close();
});

test('the keyboard plays: Enter on a focused stone moves, and the focus comes back to the board', async () => {
  const { tab, problems } = await open('/play?game=nim&position=2 3');
  await tab.waitForSelector('.stone');
  const before = await logLength(tab);
  await tab.focus('.heap[data-heap="1"] .stone[data-stone="2"]');
  await tab.keyboard.press('Enter');
  await settled(tab, before);
  // 2 ⊕ 2 = 0: the computer, in a P-position, must move; the board shows the heaps after it.
  assert.equal(await logLength(tab), 2);
  assert.equal(await tab.evaluate(() => document.querySelector('#board').contains(document.activeElement)
    && document.activeElement.tagName), 'BUTTON');
  await tab.keyboard.press('Tab');
  assert.equal(await tab.evaluate(() => document.activeElement.tagName), 'BUTTON');
  assert.deepEqual(problems, []);
  await tab.close();
});

test('the SOS board\'s legend shows code, not literal backticks', async () => {
  const { tab, problems } = await open('/play?game=sos&position=S__S___');
  await tab.waitForSelector('[data-legend]');
  const legend = await tab.textContent('[data-legend]');
  assert.ok(!legend.includes('`'), `legend: ${legend}`);
  assert.match(legend, /^_ empty, S and O written/);
  assert.deepEqual(await tab.$$eval('[data-legend] code', (nodes) => nodes.map((node) => node.textContent)), ['_']);
  assert.deepEqual(problems, []);
  await tab.close();
});
