// Nim arithmetic: the calculator (`POST /api/nimber`) and the 16 × 16 nim-multiplication
// table, built from the server's products of powers of two by distributivity.
import { call, attempt } from './api.js';
import { el, byId, replace } from './dom.js';

const EXAMPLES = ['16 * 16', '2 * 3', '8 * 8', '2 ^ 3', 'inv(7)', 'sqrt(8)', '5 + 3', '0xdeadbeef * 0xcafe'];
const SIZE = 16;
const BITS = 4;

async function evaluate() {
  const expression = byId('expression').value.trim();
  const answer = await attempt(byId('error'), () => call('nimber', { expression }), byId('answer'));
  if (!answer) { replace(byId('answer')); return; }
  replace(byId('answer'),
    el('dt', { text: 'Expression' }), el('dd', {}, el('code', { text: answer.expression })),
    el('dt', { text: 'Value' }), el('dd', {}, el('b', { id: 'value', text: answer.value_string })),
    el('dt', { text: 'Hexadecimal' }), el('dd', {}, el('code', { text: answer.hexadecimal })));
}

/** 2^i ⊗ 2^j for i, j < 4, from the server (symmetric: 10 requests). */
async function powerProducts() {
  const products = Array.from({ length: BITS }, () => new Array(BITS));
  const requests = [];
  for (let i = 0; i < BITS; i += 1) {
    for (let j = i; j < BITS; j += 1) {
      requests.push(call('nimber', { expression: `${1 << i} * ${1 << j}` }).then((answer) => {
        products[i][j] = answer.value;
        products[j][i] = answer.value;
      }));
    }
  }
  await Promise.all(requests);
  return products;
}

/** x ⊗ y as the nim-sum of 2^i ⊗ 2^j over the set bits i of x and j of y. */
function product(products, x, y) {
  let total = 0;
  for (let i = 0; i < BITS; i += 1) {
    if (!(x >> i & 1)) continue;
    for (let j = 0; j < BITS; j += 1) {
      if (y >> j & 1) total ^= products[i][j];
    }
  }
  return total;
}

function drawTable(products) {
  const head = el('tr', {}, el('th', { scope: 'col', text: '⊗' }),
    ...Array.from({ length: SIZE }, (_, y) => el('th', { scope: 'col', text: y })));
  const rows = Array.from({ length: SIZE }, (_, x) => el('tr', {}, el('th', { scope: 'row', text: x }),
    ...Array.from({ length: SIZE }, (_, y) => {
      const value = product(products, x, y);
      return el('td', { class: value === 1 ? 'one' : null, 'data-x': x, 'data-y': y },
        el('button', {
          type: 'button', 'aria-label': `${x} times ${y} is ${value}`,
          onclick: () => { byId('expression').value = `${x} * ${y}`; evaluate(); },
          text: value,
        }));
    })));
  replace(byId('nim-table'), el('thead', {}, head), el('tbody', {}, ...rows));
}

byId('calc').addEventListener('submit', (event) => { event.preventDefault(); evaluate(); });
replace(byId('examples'), ...EXAMPLES.map((expression) => el('button', {
  type: 'button', class: 'chip', onclick: () => { byId('expression').value = expression; evaluate(); }, text: expression,
})));
evaluate();
attempt(byId('table-error'), async () => drawTable(await powerProducts()), byId('nim-table'));
