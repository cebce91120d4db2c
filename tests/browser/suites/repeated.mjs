// A small seeded tournament chosen on the page; the ranking shown is compared with the
// scores derived by hand for deterministic strategies. And a weighted voting game's
// Shapley value, counted by the test over all orders.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open } from '../harness.mjs';

test('a tournament of Tit For Tat, Defector and Cooperator: ranking and scores as derived', async () => {
  // 10 turns, standard payoffs (R, S, T, P) = (3, 0, 5, 1); scores are per turn, averaged over
  // the opponents (no self-play):
  //   Tit For Tat vs Defector: 0 then 1 × 9 = 9 (0.9 a turn); the Defector gets 5 + 9 = 14 (1.4).
  //   Tit For Tat vs Cooperator: 3 each turn.  Defector vs Cooperator: 5 and 0.
  //   Defector (1.4 + 5) / 2 = 3.2, Tit For Tat (0.9 + 3) / 2 = 1.95, Cooperator (3 + 0) / 2 = 1.5.
  // The Defector wins both its matches in each of the 2 repetitions: 4 wins; the others none.
  // Cooperation rates: Tit For Tat cooperates 1 + 10 times in its 20 turns (0.55), the
  // Defector never, the Cooperator always.
  const { tab, problems } = await open('/repeated');
  await tab.waitForSelector('#ranking td');
  await tab.click('#select-none');
  for (const id of ['TitForTat', 'Defector', 'Cooperator']) await tab.check(`#strategies input[value="${id}"]`);
  await tab.fill('#turns', '10');
  await tab.fill('#repetitions', '2');
  await tab.fill('#seed', '7');
  const answered = tab.waitForResponse((response) => response.url().endsWith('/api/ipd/tournament'));
  await tab.click('#tournament-form button[type=submit]');
  await answered;
  await tab.waitForFunction(() => document.querySelectorAll('#ranking tbody tr').length === 3);
  const ranking = await tab.$$eval('#ranking tbody tr', (rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)));
  assert.deepEqual(ranking, [
    ['1', 'Defector', '3.200', '4', '0.000'],
    ['2', 'Tit For Tat', '1.950', '0', '0.550'],
    ['3', 'Cooperator', '1.500', '0', '1.000'],
  ]);
  assert.equal(await tab.$$eval('#tournament-result svg circle', (dots) => dots.length), 6, 'one dot per player and repetition');
  assert.deepEqual(problems, []);
  await tab.close();
});

/** The Shapley–Shubik index by counting, over all orders of the voters, who is pivotal. */
function shapleyShubik(quota, weights) {
  const n = weights.length;
  const pivotal = new Array(n).fill(0);
  let orders = 0;
  const visit = (order, used) => {
    if (order.length === n) {
      orders += 1;
      let total = 0;
      for (const voter of order) {
        total += weights[voter];
        if (total >= quota) { pivotal[voter] += 1; break; }
      }
      return;
    }
    for (let voter = 0; voter < n; voter += 1) {
      if (!used[voter]) { used[voter] = true; visit([...order, voter], used); used[voter] = false; }
    }
  };
  visit([], new Array(n).fill(false));
  const gcd = (a, b) => (b ? gcd(b, a % b) : a);
  return pivotal.map((count) => {
    const g = gcd(count, orders);
    return count === 0 ? '0' : orders / g === 1 ? String(count / g) : `${count / g}/${orders / g}`;
  });
}

test('weighted voting [51; 40, 30, 20, 10]: the Shapley value as exact fractions', async () => {
  const expected = shapleyShubik(51, [40, 30, 20, 10]);
  const { tab, problems } = await open('/repeated');
  await tab.waitForSelector('#voting td');
  const shown = await tab.$$eval('#voting td[data-shapley]', (cells) => cells.map((cell) => cell.dataset.shapley));
  assert.deepEqual(shown, expected);
  assert.deepEqual(expected, ['5/12', '1/4', '1/4', '1/12']);
  assert.match(await tab.textContent('#voting'), /5\/12/);
  assert.deepEqual(problems, []);
  await tab.close();
});

test('the tournament chart labels its x-axis, below the tick numbers', async () => {
  const { tab, problems } = await open('/repeated');
  await tab.waitForSelector('#ranking td');
  const chart = '#tournament-result svg.chart';
  await tab.waitForSelector(chart);
  const label = await tab.$eval(`${chart} text.x-label`, (node) => ({ text: node.textContent, y: Number(node.getAttribute('y')) }));
  assert.match(label.text, /^score per turn/);
  const ticks = await tab.$$eval(`${chart} text[text-anchor="middle"]:not(.x-label)`, (nodes) => nodes.map((node) => Number(node.getAttribute('y'))));
  assert.ok(ticks.length > 1 && ticks.every((y) => y < label.y), `ticks at ${ticks}, label at ${label.y}`);
  // The label is inside the drawing.
  const height = await tab.$eval(chart, (node) => Number(node.getAttribute('viewBox').split(' ')[3]));
  assert.ok(label.y <= height, `label at ${label.y}, chart ${height} high`);
  assert.deepEqual(problems, []);
  await tab.close();
});
