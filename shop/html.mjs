// A tiny HTML template helper: everything interpolated is escaped, unless it is explicitly marked raw.
//
//   html`<p>${name}</p>`          → name escaped (a product name with "<" cannot break the page)
//   html`<div>${raw(snippet)}</div>` → inserted as is: only for HTML the shop trusts, namely its own
//                                      templates and the checkout's html_snippet (which must stay intact,
//                                      since its inline <script> has to run).

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value) {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

class Raw {
  constructor(text) {
    this.text = text;
  }
  toString() {
    return this.text;
  }
}

/** Marks trusted HTML so that `html` does not escape it. */
export const raw = (text) => new Raw(String(text ?? ''));

function render(value) {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(value);
}

/** Tagged template: escapes every value; arrays are joined (lists of html`` fragments). */
export function html(strings, ...values) {
  let out = strings[0];
  values.forEach((v, i) => (out += render(v) + strings[i + 1]));
  return new Raw(out);
}
