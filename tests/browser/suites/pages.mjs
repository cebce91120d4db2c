// Every page loads, shows its first answer from the server, logs no error, and labels
// every form control; a bad input shows the server's sentence.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open } from '../harness.mjs';

export const PAGES = [
  { path: '/', ready: '#table td', heading: 'Explore a game' },
  { path: '/play', ready: '.stone', heading: 'Play against the perfect opponent' },
  { path: '/nim', ready: '#nim-table td', heading: 'Nim arithmetic' },
  { path: '/cgt', ready: '#canonical', heading: 'Partizan games' },
  { path: '/strategic', ready: '#equilibria td', heading: 'Strategic games' },
  { path: '/repeated', ready: '#ranking td', heading: 'Repeated and cooperative games' },
];

for (const page of PAGES) {
  test(`page ${page.path} loads without console errors and labels its controls`, async () => {
    const { tab, problems } = await open(page.path);
    await tab.waitForSelector(page.ready);
    assert.equal((await tab.textContent('h1')).trim(), page.heading);
    await tab.waitForLoadState('networkidle');
    const errors = await tab.$$eval('[role=alert]', (boxes) => boxes.map((box) => box.textContent).filter(Boolean));
    assert.deepEqual(errors, [], 'no error shown');
    const unlabelled = await tab.$$eval('input, select, textarea', (controls) => controls
      .filter((control) => control.type !== 'hidden' && control.labels.length === 0 && !control.getAttribute('aria-label'))
      .map((control) => control.outerHTML));
    assert.deepEqual(unlabelled, [], 'every control has a label');
    const nameless = await tab.$$eval('button, a', (nodes) => nodes
      .filter((node) => !node.textContent.trim() && !node.getAttribute('aria-label'))
      .map((node) => node.outerHTML));
    assert.deepEqual(nameless, [], 'every button and link has a name');
    // The keyboard reaches the navigation first.
    await tab.keyboard.press('Tab');
    assert.equal(await tab.evaluate(() => document.activeElement.tagName), 'A');
    assert.deepEqual(problems, []);
    await tab.close();
  });
}

for (const page of PAGES) {
  test(`page ${page.path} fits a phone's width (390 px) without sideways scrolling`, async () => {
    const { tab, problems } = await open(page.path, { width: 390, height: 844 });
    await tab.waitForSelector(page.ready);
    await tab.waitForLoadState('networkidle');
    const width = await tab.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the page is ${width} px wide`);
    assert.deepEqual(problems, []);
    await tab.close();
  });
}

test('a bad game shows the server\'s sentence, and the page keeps working', async () => {
  const { tab, problems } = await open('/');
  await tab.waitForSelector('#table td');
  await tab.fill('#game', 'no-such-game');
  await tab.click('button[type=submit]');
  await tab.waitForFunction(() => document.querySelector('#error').textContent !== '');
  assert.match(await tab.textContent('#error'), /unknown game 'no-such-game'/);
  await tab.fill('#game', 'subtraction:1,3,4');
  await tab.fill('#to', '20');
  await tab.click('button[type=submit]');
  await tab.waitForFunction(() => document.querySelector('#title').textContent.includes('subtraction:1,3,4'));
  assert.equal(await tab.textContent('#error'), '');
  // S = {1, 3, 4}: g has period 7 with values 0 1 0 1 2 3 2, so the P-positions are n ≡ 0, 2 (mod 7).
  const pPositions = await tab.$$eval('#table td.p', (cells) => cells.map((cell) => Number(cell.dataset.n)));
  assert.deepEqual(pPositions, [0, 2, 7, 9, 14, 16]);
  assert.match(await tab.textContent('#facts'), /Period7, from n = 0 on/);
  assert.match(await tab.textContent('#facts'), /proven/);
  assert.deepEqual(problems.filter((problem) => !problem.includes('422')), []);
  await tab.close();
});

test('the explore page links to a game to play, in the position syntax of the game', async () => {
  const { tab, problems } = await open('/?game=mock-turtles&to=30');
  await tab.waitForSelector('#play-link:not([hidden])');
  // Mock Turtles is played on a row of coins: the catalogue's example THHTTH, not a heap.
  assert.equal(await tab.textContent('#play-link'), 'Play mock-turtles from THHTTH');
  await tab.click('#play-link');
  await tab.waitForSelector('.coin');
  await tab.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Your move'));
  assert.deepEqual(await tab.$$eval('.coin', (coins) => coins.map((coin) => coin.textContent).join('')), 'THHTTH');
  assert.deepEqual(problems, []);
  await tab.close();
});

test('an error hides the previous game\'s result instead of showing above it', async () => {
  const { tab, problems } = await open('/?game=kayles&to=30');
  await tab.waitForSelector('#table td');
  assert.equal(await tab.isVisible('#result'), true);
  await tab.fill('#game', 'no-such-game');
  await tab.click('button[type=submit]');
  await tab.waitForFunction(() => document.querySelector('#error').textContent !== '');
  assert.match(await tab.textContent('#error'), /unknown game 'no-such-game'/);
  // Kayles' values, title and chart are gone: nothing under the error belongs to another game.
  assert.equal(await tab.isVisible('#result'), false);
  assert.equal(await tab.isVisible('#play-link'), false);
  // The next good answer shows again.
  await tab.fill('#game', 'dawsons-kayles');
  await tab.click('button[type=submit]');
  await tab.waitForSelector('#result:not([hidden])');
  assert.match(await tab.textContent('#title'), /dawsons-kayles/);
  assert.equal(await tab.textContent('#error'), '');
  assert.deepEqual(problems.filter((problem) => !problem.includes('422')), []);
  await tab.close();
});
