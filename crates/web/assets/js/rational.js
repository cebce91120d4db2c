// Exact rationals on BigInt, for what the page decides by itself (best responses in the
// grid, whether a game is zero-sum). Numbers the API computes are shown as its "p/q" text.

function gcd(a, b) {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y) [x, y] = [y, x % y];
  return x;
}

/** A reduced fraction {n, d} with d > 0. */
export function fraction(n, d = 1n) {
  if (d === 0n) throw new Error('a fraction with denominator 0');
  const sign = d < 0n ? -1n : 1n;
  const divisor = gcd(n, d) || 1n;
  return { n: (sign * n) / divisor, d: (sign * d) / divisor };
}

/**
 * The exact number written as an integer, a decimal (`-0.25`) or a fraction (`3/4`), or
 * `null` when the text is none of these.
 */
export function parse(text) {
  const written = String(text).trim();
  let match = /^([+-]?\d+)\s*\/\s*(\d+)$/.exec(written);
  if (match) return BigInt(match[2]) === 0n ? null : fraction(BigInt(match[1]), BigInt(match[2]));
  match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(written);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return null;
  const decimals = match[3] ?? '';
  const n = BigInt(`${match[2] || '0'}${decimals}`) * (match[1] === '-' ? -1n : 1n);
  return fraction(n, 10n ** BigInt(decimals.length));
}

export function compare(a, b) {
  const difference = a.n * b.d - b.n * a.d;
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

export function add(a, b) {
  return fraction(a.n * b.d + b.n * a.d, a.d * b.d);
}

export function negate(a) {
  return fraction(-a.n, a.d);
}

export function text(a) {
  return a.d === 1n ? String(a.n) : `${a.n}/${a.d}`;
}
