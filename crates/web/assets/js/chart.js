// SVG charts drawn from exact integers: g(n) of a one-heap game, and lines over rounds.
import { svg } from './dom.js';

const WIDTH = 900;
const HEIGHT = 260;
const MARGIN = { left: 40, right: 12, top: 12, bottom: 34 };

/** Round tick steps: 1, 2, 5, 10, 20, 50, … with at most `count` ticks up to `top`. */
export function tickStep(top, count) {
  let step = 1;
  for (let scale = 1; ; scale *= 10) {
    for (const factor of [1, 2, 5]) {
      step = factor * scale;
      if (top / step <= count) return step;
    }
  }
}

/**
 * A bar chart of `values` (g(0), g(1), …): one bar per n, P-positions (value 0) marked
 * orange under the axis.
 */
export function valuesChart(values) {
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const top = Math.max(1, ...values);
  const slot = plotWidth / values.length;
  const x = (n) => MARGIN.left + n * slot;
  const y = (value) => MARGIN.top + plotHeight * (1 - value / top);
  const chart = svg('svg', {
    class: 'chart', viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img',
    'aria-label': `Bar chart of g(n) for n from 0 to ${values.length - 1}; the largest value is ${top}`,
  });
  const yStep = tickStep(top, 6);
  for (let value = 0; value <= top; value += yStep) {
    chart.append(
      svg('line', { class: 'axis', x1: MARGIN.left - 4, x2: MARGIN.left, y1: y(value), y2: y(value) }),
      svg('text', { x: MARGIN.left - 7, y: y(value) + 4, 'text-anchor': 'end', text: value }),
    );
  }
  const xStep = tickStep(values.length - 1, 12);
  for (let n = 0; n < values.length; n += xStep) {
    const center = x(n) + slot / 2;
    chart.append(
      svg('line', { class: 'axis', x1: center, x2: center, y1: y(0), y2: y(0) + 4 }),
      svg('text', { x: center, y: y(0) + 26, 'text-anchor': 'middle', text: n }),
    );
  }
  values.forEach((value, n) => {
    if (value > 0) {
      chart.append(svg('rect', {
        class: 'bar', x: x(n) + slot * 0.1, width: Math.max(slot * 0.8, 0.6),
        y: y(value), height: y(0) - y(value),
      }, svg('title', { text: `g(${n}) = ${value}` })));
    } else {
      chart.append(svg('rect', {
        class: 'p-mark', x: x(n) + slot * 0.1, width: Math.max(slot * 0.8, 0.6), y: y(0) + 5, height: 7,
      }, svg('title', { text: `g(${n}) = 0: a P-position` })));
    }
  });
  chart.append(
    svg('line', { class: 'axis', x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: y(0), y2: y(0) }),
    svg('line', { class: 'axis', x1: MARGIN.left, x2: MARGIN.left, y1: MARGIN.top, y2: y(0) }),
  );
  return chart;
}

/**
 * A line chart of several series over 0..length-1, drawn from numbers given as exact
 * text; the drawing is approximate by nature, the numbers shown beside it are exact.
 * `series`: [{name, color, points: [number]}].
 */
export function lineChart(series, { xLabel, yLabel }) {
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const all = series.flatMap((line) => line.points);
  const top = Math.max(...all, 0);
  const bottom = Math.min(...all, 0);
  const span = top - bottom || 1;
  const length = Math.max(...series.map((line) => line.points.length), 2);
  const x = (i) => MARGIN.left + (plotWidth * i) / (length - 1);
  const y = (value) => MARGIN.top + plotHeight * (1 - (value - bottom) / span);
  const chart = svg('svg', {
    class: 'chart', viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img',
    'aria-label': `${yLabel} by ${xLabel}, one line per ${series.length > 1 ? 'series' : 'run'}`,
  });
  const yStep = tickStep(span, 6);
  for (let value = Math.ceil(bottom / yStep) * yStep; value <= top; value += yStep) {
    chart.append(
      svg('line', { class: 'axis', x1: MARGIN.left - 4, x2: MARGIN.left, y1: y(value), y2: y(value) }),
      svg('text', { x: MARGIN.left - 7, y: y(value) + 4, 'text-anchor': 'end', text: value }),
    );
  }
  const xStep = tickStep(length - 1, 10);
  for (let i = 0; i < length; i += xStep) {
    chart.append(svg('text', { x: x(i), y: HEIGHT - MARGIN.bottom + 18, 'text-anchor': 'middle', text: i }));
  }
  chart.append(
    svg('line', { class: 'axis', x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: y(bottom), y2: y(bottom) }),
    svg('line', { class: 'axis', x1: MARGIN.left, x2: MARGIN.left, y1: MARGIN.top, y2: y(bottom) }),
    svg('text', { x: WIDTH - MARGIN.right, y: HEIGHT - 4, 'text-anchor': 'end', text: xLabel }),
  );
  for (const line of series) {
    const path = line.points.map((value, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(value).toFixed(1)}`).join('');
    chart.append(svg('path', { d: path, fill: 'none', stroke: line.color, 'stroke-width': 2 },
      svg('title', { text: line.name })));
  }
  return chart;
}
