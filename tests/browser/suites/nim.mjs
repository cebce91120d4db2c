// The nim-multiplication table against the test's own nim product, computed from Conway's
// definition (x ⊗ y = mex of (x' ⊗ y) ⊕ (x ⊗ y') ⊕ (x' ⊗ y') over x' < x, y' < y), which
// shares nothing with the server's algorithm; and the calculator.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open } from '../harness.mjs';

function conwayProducts(size) {
  const table = Array.from({ length: size }, () => new Array(size).fill(0));
  for (let x = 0; x < size; x += 1) {
    for (let y = 0; y < size; y += 1) {
      const seen = new Set();
      for (let a = 0; a < x; a += 1) {
        for (let b = 0; b < y; b += 1) seen.add(table[a][y] ^ table[x][b] ^ table[a][b]);
      }
      let mex = 0;
      while (seen.has(mex)) mex += 1;
      table[x][y] = mex;
    }
  }
  return table;
}

test('the 16×16 nim-multiplication table matches Conway\'s definition cell by cell', async () => {
  const expected = conwayProducts(17);
  assert.equal(expected[2][2], 3);
  assert.equal(expected[16][16], 24);
  const { tab, problems } = await open('/nim');
  await tab.waitForSelector('#nim-table td');
  const cells = await tab.$$eval('#nim-table td', (nodes) => nodes.map((node) => [Number(node.dataset.x), Number(node.dataset.y), node.textContent.trim()]));
  assert.equal(cells.length, 256);
  for (const [x, y, shown] of cells) assert.equal(shown, String(expected[x][y]), `${x} ⊗ ${y}`);
  // Clicking a cell has the server evaluate the product.
  await tab.click('#nim-table td[data-x="13"][data-y="11"] button');
  await tab.waitForFunction(() => document.querySelector('#answer dd code')?.textContent === '13 * 11');
  assert.equal(await tab.textContent('#value'), String(expected[13][11]));
  await tab.fill('#expression', '16 * 16');
  await tab.click('#calc button[type=submit]');
  await tab.waitForFunction(() => document.querySelector('#answer dd code')?.textContent === '16 * 16');
  assert.equal(await tab.textContent('#value'), String(expected[16][16]));
  await tab.fill('#expression', '3 +');
  await tab.click('#calc button[type=submit]');
  await tab.waitForFunction(() => document.querySelector('#error').textContent !== '');
  assert.match(await tab.textContent('#error'), /expression ends/);
  assert.deepEqual(problems.filter((problem) => !problem.includes('422')), []);
  await tab.close();
});
