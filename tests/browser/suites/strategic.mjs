// A 3×3 bimatrix typed into the grid; the equilibria the page shows are compared with the
// ones derived by hand below (and checked here with exact rationals), the best responses
// marked in the grid with the pure equilibrium; the page's built-in examples are the
// server's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { open, api } from '../harness.mjs';

// The page's module, read as an ES module whatever Node makes of a .js file outside a package.
const examplesSource = await readFile(new URL('../../../crates/web/assets/js/strategic-examples.js', import.meta.url), 'utf8');
const { EXAMPLES } = await import(`data:text/javascript,${encodeURIComponent(examplesSource)}`);

/** Exact rationals for the test's own checks. */
const q = (n, d = 1n) => {
  const g = (a, b) => (b ? g(b, a % b) : a < 0n ? -a : a);
  const k = g(BigInt(n), BigInt(d)) * (BigInt(d) < 0n ? -1n : 1n);
  return [BigInt(n) / k, BigInt(d) / k];
};
const parseQ = (text) => { const [n, d = '1'] = text.split('/'); return q(n, d); };
const addQ = ([a, b], [c, d]) => q(a * d + c * b, b * d);
const mulQ = ([a, b], [c, d]) => q(a * c, b * d);
const cmpQ = ([a, b], [c, d]) => Math.sign(Number(a * d - c * b));

/** Payoff of pure row i (or column j) against the other player's mixture. */
function against(matrix, mixture, byRow) {
  const size = byRow ? matrix.length : matrix[0].length;
  return Array.from({ length: size }, (_, k) => mixture.reduce((total, p, l) =>
    addQ(total, mulQ(parseQ(p), q(byRow ? matrix[k][l] : matrix[l][k]))), q(0)));
}

/** Whether (x, y) is a Nash equilibrium of (A, B): no pure deviation gains, exactly. */
function isEquilibrium(a, b, x, y) {
  const rowPayoffs = against(a, y, true);
  const columnPayoffs = against(b, x, false);
  const best = (payoffs, mixture) => payoffs.every((value, k) =>
    mixture[k] === '0' || payoffs.every((other) => cmpQ(other, value) <= 0));
  return best(rowPayoffs, x) && best(columnPayoffs, y);
}

/** Does `action` and waits until the page has shown the answers it asked for. */
async function solved(tab, action) {
  const answered = tab.waitForResponse((response) => response.url().endsWith('/api/nash'));
  await action();
  await answered;
  await tab.waitForFunction(() => !document.querySelector('#nash-card').hasAttribute('aria-busy'));
}

async function enterGame(tab, a, b) {
  for (const size of ['#rows', '#columns']) {
    await tab.$eval(size, (input) => { input.value = '3'; input.dispatchEvent(new Event('change')); });
  }
  await tab.waitForSelector('[data-cell="b2,2"]');
  for (let k = 1; k <= 3; k += 1) {
    await tab.fill(`[aria-label="row strategy ${k}'s name"]`, `r${k}`);
    await tab.fill(`[aria-label="column strategy ${k}'s name"]`, `c${k}`);
  }
  for (let i = 0; i < 3; i += 1) {
    for (let j = 0; j < 3; j += 1) {
      await tab.fill(`[data-cell="a${i},${j}"]`, String(a[i][j]));
      await tab.fill(`[data-cell="b${i},${j}"]`, String(b[i][j]));
    }
  }
  await solved(tab, () => tab.click('#solve'));
}

async function equilibria(tab) {
  return tab.$$eval('#equilibria tr[data-equilibrium]', (rows) => rows.map((row) => {
    const cells = row.querySelectorAll('td');
    return { x: cells[1].dataset.probabilities, y: cells[2].dataset.probabilities, payoffs: cells[3].dataset.payoffs };
  }));
}

test('a 3×3 game with one mixed equilibrium, derived by hand', async () => {
  // Zero-sum, B = −A. No pure saddle point (the row minima -1, -1, -1 are below the column
  // maxima 1, 2, 1). Column mixture y making the three rows indifferent at value v:
  //   2y2 − y3 = v,  −y1 + y3 = v,  y1 − y2 = v,  y1 + y2 + y3 = 1.
  // The last two rows give y3 = 2y1 − y2; the first then gives 4y2 = 3y1; so y = (1/3, 1/4, 5/12)
  // and v = y1 − y2 = 1/12. Symmetrically the row mixture making the columns indifferent:
  //   −x2 + x3 = v,  2x1 − x3 = v,  −x1 + x2 = v  →  x = (1/4, 1/3, 5/12), v = 1/12.
  // A zero-sum game with a completely mixed equilibrium and a nonsingular matrix has no other.
  const a = [[0, 2, -1], [-1, 0, 1], [1, -1, 0]];
  const b = a.map((row) => row.map((value) => -value));
  const x = ['1/4', '1/3', '5/12'];
  const y = ['1/3', '1/4', '5/12'];
  assert.ok(isEquilibrium(a, b, x, y), 'the derived profile is an equilibrium');
  const { tab, problems } = await open('/strategic');
  await tab.waitForSelector('#equilibria td');
  await tab.waitForFunction(() => !document.querySelector('#nash-card').hasAttribute('aria-busy'));
  await enterGame(tab, a, b);
  assert.deepEqual(await equilibria(tab), [{ x: x.join(','), y: y.join(','), payoffs: '1/12,-1/12' }]);
  assert.equal(await tab.textContent('#zero-value'), '1/12');
  assert.match(await tab.textContent('#zero-note'), /zero-sum/);
  assert.equal(await tab.$$eval('td[data-pure-equilibrium="true"]', (cells) => cells.length), 0, 'no pure equilibrium marked');
  assert.deepEqual(problems, []);
  await tab.close();
});

test('a 3×3 game solved by iterated strict dominance: one pure equilibrium, marked in the grid', async () => {
  // Row payoffs A and column payoffs B. r2 (1, 2, 1) is strictly dominated by r1 (4, 3, 2).
  // Without r2, column c3 (B: 0, 1) is strictly dominated by c1 (1, 2). Then r3 (3, 0) is
  // strictly dominated by r1 (4, 3), and against r1 the column player prefers c2 (3 > 1).
  // Iterated strict dominance keeps every equilibrium, so (r1, c2) with payoffs (3, 3) is the
  // only one.
  const a = [[4, 3, 2], [1, 2, 1], [3, 0, 5]];
  const b = [[1, 3, 0], [0, 1, 2], [2, 0, 1]];
  assert.ok(isEquilibrium(a, b, ['1', '0', '0'], ['0', '1', '0']));
  const { tab, problems } = await open('/strategic');
  await tab.waitForSelector('#equilibria td');
  await tab.waitForFunction(() => !document.querySelector('#nash-card').hasAttribute('aria-busy'));
  await enterGame(tab, a, b);
  assert.deepEqual(await equilibria(tab), [{ x: '1,0,0', y: '0,1,0', payoffs: '3,3' }]);
  const marked = await tab.$$eval('td[data-pure-equilibrium="true"] input', (inputs) => inputs.map((input) => input.dataset.cell));
  assert.deepEqual(marked, ['a0,1', 'b0,1'], 'both best responses meet in cell (r1, c2) only');
  const steps = await tab.$$eval('#steps li', (items) => items.map((item) => item.textContent));
  assert.deepEqual(steps.map((step) => step.match(/'s (\w+) is/)[1]), ['r2', 'c3', 'r3', 'c1']);
  // Resized from the prisoner's dilemma, the game's players are generic (issue 28).
  assert.match(await tab.textContent('#remaining'), /Remaining: Row: r1; Column: c2/);
  assert.deepEqual(problems, []);
  await tab.close();
});

test('the page\'s built-in examples are the server\'s games', async () => {
  for (const example of EXAMPLES) {
    const byName = await api('nash', { game: example.name });
    const byGrid = await api('nash', {
      matrices: { title: example.title, players: example.players, strategies: example.strategies, matrices: [example.a, example.b] },
    });
    assert.deepEqual(byGrid, byName, example.name);
  }
  const { tab, problems } = await open('/strategic');
  await tab.waitForSelector('#equilibria td');
  await solved(tab, () => tab.click('[data-example="battle-of-the-sexes"]'));
  // Battle of the sexes: (Opera, Opera), (Football, Football), and the mixed equilibrium in
  // which each player makes the other indifferent: row plays Opera with 2/3, column with 1/3.
  const found = (await equilibria(tab)).map((e) => `${e.x}|${e.y}`).sort();
  assert.deepEqual(found, ['0,1|0,1', '1,0|1,0', '2/3,1/3|1/3,2/3'].sort());
  assert.deepEqual(problems, []);
  await tab.close();
});

test('a pasted matrix and a downloaded .nfg round-trip through the grid', async () => {
  const { tab, problems } = await open('/strategic');
  await tab.waitForSelector('#equilibria td');
  await tab.click('summary');
  await tab.fill('#paste', '1\t-1\n-1\t1');
  await solved(tab, () => tab.click('#fill'));
  assert.equal(await tab.textContent('#zero-value'), '0');
  // Matching pennies pasted as one block (zero-sum): each plays 1/2, 1/2.
  assert.deepEqual(await equilibria(tab), [{ x: '1/2,1/2', y: '1/2,1/2', payoffs: '0,0' }]);
  const download = tab.waitForEvent('download');
  await tab.click('#download');
  const file = await download;
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString());
  // Pasted over the prisoner's dilemma, the game no longer claims its title or its names (issue 28).
  assert.match(text, /^NFG 1 R "2×2 game" \{ "Row" "Column" \}\n\{ \{ "r1" "r2" \} \{ "c1" "c2" \} \}/);
  const fromFile = await api('nash', { nfg: text });
  assert.deepEqual(fromFile.equilibria, [{ payoffs: ['0', '0'], strategies: [['1/2', '1/2'], ['1/2', '1/2']] }]);
  // Uploaded back, the file fills the grid again.
  await tab.click('[data-example="stag-hunt"]');
  await tab.waitForFunction(() => document.querySelector('[data-cell="a0,0"]').value === '4');
  await solved(tab, () => tab.setInputFiles('#upload', { name: 'pennies.nfg', mimeType: 'text/plain', buffer: Buffer.from(text) }));
  assert.equal(await tab.textContent('#source'), 'Read pennies.nfg into the grid.');
  assert.deepEqual(await tab.$$eval('[data-cell^="a"]', (inputs) => inputs.map((input) => input.value)), ['1', '-1', '-1', '1']);
  assert.deepEqual(await equilibria(tab), [{ x: '1/2,1/2', y: '1/2,1/2', payoffs: '0,0' }]);
  assert.deepEqual(problems, []);
  await tab.close();
});

test('a degenerate game: a segment of equilibria is one component', async () => {
  // Von Stengel's 3×2 game. Against T the column player gets 3 from l and from r, so any
  // column mixture is a best reply; T stays a best reply of the row player while
  // 3 ≥ 2·y_l + 5·y_r and 3 ≥ 6·y_r, i.e. y_r ≤ 1/3: the segment from (T, l) to
  // (T, 2/3 l + 1/3 r). Apart from it, (1/3 M + 2/3 B, 1/3 l + 2/3 r): M and B both earn 4
  // (> 3 from T), l and r both 8/3.
  const { tab, problems } = await open('/strategic');
  await tab.waitForSelector('#equilibria td');
  await solved(tab, () => tab.click('[data-example="von-stengel-degenerate"]'));
  const found = await equilibria(tab);
  assert.deepEqual(found.map((e) => `${e.x}|${e.y}`), ['1,0,0|1,0', '1,0,0|2/3,1/3', '0,1/3,2/3|1/3,2/3']);
  const segment = found.findIndex((e) => e.y === '2/3,1/3') + 1;
  const pureEnd = found.findIndex((e) => e.y === '1,0') + 1;
  const isolated = found.findIndex((e) => e.x === '0,1/3,2/3') + 1;
  const components = await tab.$$eval('[data-component]', (items) => items.map((item) => item.dataset.equilibria));
  assert.deepEqual(components.sort(), [[pureEnd, segment].sort().join(','), String(isolated)].sort());
  assert.match(await tab.textContent('#nash-facts'), /The game is degenerate/);
  assert.deepEqual(problems, []);
  await tab.close();
});

test('the prisoner\'s dilemma resized to 3×3 is no longer called the prisoner\'s dilemma', async () => {
  const { tab, problems } = await open('/strategic');
  await tab.waitForSelector('#equilibria tbody tr');
  assert.match(await tab.inputValue('#title'), /Prisoner's dilemma/);
  for (const id of ['#rows', '#columns']) {
    await tab.fill(id, '3');
    await tab.dispatchEvent(id, 'change');
  }
  await tab.waitForFunction(() => document.querySelectorAll('#grid tbody tr').length === 3
    && document.querySelectorAll('#grid thead th input').length === 3);
  const title = await tab.inputValue('#title');
  assert.doesNotMatch(title, /prisoner/i);
  assert.equal(title, '3×3 game');
  assert.deepEqual([await tab.inputValue('#player-1'), await tab.inputValue('#player-2')], ['Row', 'Column']);
  const rows = await tab.$$eval('#grid tbody th input', (inputs) => inputs.map((input) => input.value));
  const columns = await tab.$$eval('#grid thead th input', (inputs) => inputs.map((input) => input.value));
  assert.deepEqual(rows, ['r1', 'r2', 'r3']);
  assert.deepEqual(columns, ['c1', 'c2', 'c3']);
  assert.doesNotMatch(await tab.textContent('#grid thead'), /Prisoner/);
  // The payoffs typed in are kept: the prisoner's dilemma's (-8, -8) stays in the corner.
  assert.equal(await tab.inputValue('[data-cell="a0,0"]'), '-8');
  assert.deepEqual(problems, []);
  await tab.close();
});
