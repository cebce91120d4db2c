// Small helpers to build HTML and SVG elements without a framework.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Sets attributes, properties (`on*` handlers, `text`) and children on an element. */
function fill(node, attributes, children) {
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      node.addEventListener(name.slice(2), value);
    } else if (name === 'text') {
      node.textContent = String(value);
    } else {
      node.setAttribute(name, value === true ? '' : String(value));
    }
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: `el('button', {class: 'chip', onclick}, 'text', child)`. */
export function el(tag, attributes, ...children) {
  return fill(document.createElement(tag), attributes, children);
}

/** An SVG element, as `el`. */
export function svg(tag, attributes, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attributes, children);
}

/** Replaces the children of `node`. */
export function replace(node, ...children) {
  node.replaceChildren();
  return fill(node, {}, children);
}

/** The element with this id (throws when the page lacks it: a bug, not user input). */
export function byId(id) {
  const node = document.getElementById(id);
  if (!node) throw new Error(`the page has no element #${id}`);
  return node;
}

/** A clickable SVG group: a link (focusable, Enter activates it) that calls `action`. */
export function svgButton(label, action, ...children) {
  return svg('a', {
    href: '#',
    role: 'button',
    'aria-label': label,
    onclick: (event) => { event.preventDefault(); action(); },
  }, svg('title', { text: label }), ...children);
}
