// The partizan page: the calculator's facts follow from the definitions ({a|b} with numbers
// a > b has mean (a+b)/2 and temperature (a−b)/2), the thermograph is drawn with its two
// walls and mast, comparisons say ‖ for confused games, and a ruleset position is analysed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open } from '../harness.mjs';

/** Submits the calculator and waits until `selector` shows `expected`. */
async function computed(tab, expression, compare, selector, expected) {
  await tab.fill('#expression', expression);
  await tab.fill('#compare', compare);
  await tab.click('#calc button[type=submit]');
  await tab.waitForFunction(([id, text]) => document.querySelector(id)?.textContent.trim() === text,
    [selector, expected]);
}

test('the calculator gives the facts of a switch and draws its thermograph', async () => {
  const { tab, problems } = await open('/cgt');
  await tab.waitForSelector('#canonical');
  // The opening example {2|-1}: a switch, mean (2 + (-1))/2 = 1/2, temperature (2 - (-1))/2 = 3/2.
  assert.equal((await tab.textContent('#canonical')).trim(), '{2|-1}');
  assert.equal((await tab.textContent('#mean')).trim(), '1/2');
  assert.equal((await tab.textContent('#temperature')).trim(), '3/2');
  assert.match(await tab.textContent('#outcome'), /^N/);
  for (const part of ['.left-wall', '.right-wall', '.mast']) {
    assert.ok(await tab.$(`#thermograph svg ${part}`), `the thermograph has its ${part}`);
  }
  // {3|1} = 2 ± 1: mean 2, temperature 1; Left wins whoever starts (both stops positive).
  await computed(tab, '{3|1}', '', '#canonical', '2±1'); // CGSuite writes {3|1} as 2±1
  assert.equal((await tab.textContent('#mean')).trim(), '2');
  assert.equal((await tab.textContent('#temperature')).trim(), '1');
  assert.match(await tab.textContent('#outcome'), /^L/);
  // ^ and * are confused with each other; ^ + ^ > ^.
  await computed(tab, '^', '*', '#relation', '‖');
  await computed(tab, '^ + ^', '^', '#relation', '>');
  // A typo shows the server's sentence.
  await tab.fill('#expression', '{1|');
  await tab.fill('#compare', '');
  await tab.click('#calc button[type=submit]');
  await tab.waitForFunction(() => document.querySelector('#error').textContent !== '');
  assert.match(await tab.textContent('#error'), /is not a game/);
  // The refused request itself is the one resource the browser reports as failed.
  assert.deepEqual(problems.filter((p) => !p.includes('status of 422')), []);
  await tab.close();
});

test('a ruleset position is analysed with each player\'s winning moves', async () => {
  const { tab, problems } = await open('/cgt');
  await tab.waitForSelector('#position-value');
  // Domineering 2×2: whoever moves leaves the opponent no move: ±1, every move wins.
  await tab.selectOption('#rule', 'domineering');
  await tab.fill('#position', '..|..');
  await tab.click('#ruleset button[type=submit]');
  await tab.waitForFunction(() => document.querySelector('#position-value')?.textContent.trim() === '±1'
    && /1,1 → #\.\|#\./.test(document.querySelector('#left-moves').textContent));
  // Blue-Red Hackenbush: the string B R is worth 1/2 (Berlekamp's sign expansion).
  await tab.selectOption('#rule', 'blue-red-hackenbush');
  await tab.fill('#position', 'BR');
  await tab.click('#ruleset button[type=submit]');
  await tab.waitForFunction(() => document.querySelector('#position-value')?.textContent.trim() === '1/2');
  assert.deepEqual(problems, []);
  await tab.close();
});

test('Domineering on a 2×2 board is played by clicking a square: whoever moves first wins', async () => {
  const { tab, problems } = await open('/cgt');
  await tab.waitForSelector('#play-board .cell');
  // You (Left) first: a vertical domino leaves Right no horizontal space, so you win.
  await tab.selectOption('#play-rule', 'domineering');
  await tab.fill('#play-position', '..|..');
  await tab.selectOption('#play-side', 'left');
  await tab.selectOption('#play-first', 'me');
  await tab.click('#play-setup button[type=submit]');
  await tab.waitForSelector('#play-board button.cell[data-notation="1,1"]');
  await tab.click('#play-board button.cell[data-notation="1,1"]');
  await tab.waitForFunction(() => document.querySelector('#play-status').dataset.winner === 'you');
  // The computer first (it plays Right): its horizontal domino leaves you no vertical space.
  await tab.selectOption('#play-first', 'computer');
  await tab.click('#play-setup button[type=submit]');
  await tab.waitForFunction(() => document.querySelector('#play-status').dataset.winner === 'computer');
  assert.match(await tab.textContent('#play-log'), /Computer \(Right\)/);
  assert.deepEqual(problems, []);
  await tab.close();
});

/** Starts a Hackenbush game on the Play section: you are Left and move first. */
async function hackenbushGame(tab, position) {
  await tab.selectOption('#play-rule', 'blue-red-hackenbush');
  await tab.fill('#play-position', position);
  await tab.selectOption('#play-side', 'left');
  await tab.selectOption('#play-first', 'me');
  const before = await tab.evaluate(() => document.querySelector('#play-board svg.hackenbush')
    ?.getAttribute('aria-label') ?? '');
  await tab.click('#play-setup button[type=submit]');
  // A new picture (the server writes the position back in its own order: graph edges sorted).
  await tab.waitForFunction((old) => {
    const now = document.querySelector('#play-board svg.hackenbush')?.getAttribute('aria-label');
    return now !== undefined && now !== null && now !== old;
  }, before);
}

/**
 * Plays Left to the end by clicking edges of the picture, each time an edge whose cut drops
 * no other edge (the top of a blue stalk: what keeps Left's advantage), and returns the log.
 */
async function playByClicking(tab) {
  for (let turn = 0; turn < 20; turn += 1) {
    if (await tab.evaluate(() => document.querySelector('#play-status').dataset.winner !== '')) break;
    const cuts = await tab.$$eval('#play-board svg a.cut', (links) => links
      .map((a) => ({ notation: a.dataset.notation, title: a.querySelector('title').textContent })));
    const pick = cuts.find((c) => !/fall/.test(c.title)) ?? cuts[0];
    assert.ok(pick, 'an unfinished game shows a clickable edge');
    const before = await tab.textContent('#play-log');
    await tab.click(`#play-board svg a.cut[data-notation="${pick.notation}"]`);
    await tab.waitForFunction((text) => document.querySelector('#play-log').textContent !== text, before);
  }
  return tab.textContent('#play-log');
}

test('Blue-Red Hackenbush is drawn as a picture and played to the end by cutting edges', async () => {
  const { tab, problems } = await open('/cgt');
  await tab.waitForSelector('#play-board .cell');
  // A graph: the ground, four edges in their colours (one green), a cut for each of Left's.
  await hackenbushGame(tab, '0-1:b 1-2:r 0-2:g 2-3:b');
  assert.ok(await tab.$('#play-board svg.hackenbush line.ground'));
  const colours = await tab.$$eval('#play-board svg path.edge', (paths) => paths.map((p) => p.getAttribute('class')).sort());
  assert.deepEqual(colours, ['edge blue', 'edge blue', 'edge green', 'edge red']);
  // Left may cut the blue and the green edges, not the red one.
  const lefts = await tab.$$eval('#play-board svg a.cut', (links) => links.map((a) => a.dataset.notation).sort());
  assert.deepEqual(lefts, ['0-1', '0-2', '2-3']);
  // Strings BB and R: 2 + (−1) = 1 > 0 (Winning Ways ch. 2), so Left wins moving first by
  // cutting the top blue edge each time: you cut 1:2, the computer its only red edge, you 1:1.
  await hackenbushGame(tab, 'BB R');
  const log = await playByClicking(tab);
  assert.equal(await tab.evaluate(() => document.querySelector('#play-status').dataset.winner), 'you');
  assert.match(log, /You \(Left\): 1:2/);
  assert.match(log, /Computer \(Right\): 2:1/);
  // A graph game: a blue stalk of two (2) and a red edge (−1), 1 > 0: Left wins it too.
  await hackenbushGame(tab, '0-1:b 1-2:b 0-3:r');
  await playByClicking(tab);
  assert.equal(await tab.evaluate(() => document.querySelector('#play-status').dataset.winner), 'you');
  assert.match(await tab.textContent('#play-status'), /you won/);
  assert.deepEqual(problems, []);
  await tab.close();
});
