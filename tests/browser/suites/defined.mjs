// A game defined in Python (tests/browser/serve_defined.py: remove one, two or three tokens;
// removing two may split the rest into two heaps) played on the Play page `game.serve()` opens. Its board
// is the generic text board; the computer's replies must leave positions of value 0 when
// there is one, and the game must end with a winner — values checked against a memoised mex
// written here, not taken from the server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open } from '../harness.mjs';

const URL_OF_GAME = process.env.SPRAGUE_DEFINED_URL;

/** g(0..=n) of the rule, by the mex over its options (a split is the XOR of its parts). */
function values(n) {
  const g = [];
  for (let heap = 0; heap <= n; heap += 1) {
    const seen = new Set();
    for (const take of [1, 2, 3]) if (take <= heap) seen.add(g[heap - take]);
    for (let a = 1; 2 * a <= heap - 2; a += 1) seen.add(g[a] ^ g[heap - 2 - a]);
    let mex = 0;
    while (seen.has(mex)) mex += 1;
    g.push(mex);
  }
  return g;
}

const G = values(40);
const valueOf = (words) => words.map(Number).filter((h) => h > 0).reduce((x, h) => x ^ G[h], 0);

async function words(tab) {
  return tab.$$eval('#board code.counter', (items) => items.map((item) => item.textContent.trim()));
}

test('a game defined in Python is played to the end on the page game.serve() opens', async () => {
  assert.ok(URL_OF_GAME, 'SPRAGUE_DEFINED_URL is set by scripts/test-browser.sh');
  // 7 5 is an N-position by the mex; the computer moves first, so it wins with perfect play.
  assert.notEqual(valueOf(['7', '5']), 0);
  const { tab, problems } = await open(`${URL_OF_GAME}&first=computer`);
  await tab.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Your move'));
  let turns = 0;
  assert.equal(valueOf(await words(tab)), 0, 'the computer\'s opening leaves a P-position');
  while ((await tab.$('#result .banner')) === null) {
    const before = await tab.$$eval('#log li', (items) => items.length);
    await tab.click('#moves button'); // the first listed move
    await tab.waitForFunction((n) => {
      const status = document.querySelector('#status').textContent;
      return document.querySelectorAll('#log li').length > n
        && (status.startsWith('Your move') || status.startsWith('Game over'));
    }, before);
    if ((await tab.$('#result .banner')) === null) {
      // After the computer's reply the player faces a P-position again.
      const now = await words(tab);
      assert.equal(valueOf(now), 0, `after the reply: ${now.join(' ')}`);
    }
    turns += 1;
    assert.ok(turns < 40, 'the game goes on too long');
  }
  const winner = await tab.getAttribute('#result .banner', 'data-winner');
  assert.equal(winner, 'computer');
  assert.deepEqual(problems, []);
});
