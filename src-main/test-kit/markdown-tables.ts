// A reader for the GitHub-flavoured markdown tables of a docs page (for the tests that pin a page's claims
// to the code). Only what the repo's pages use: pipe tables under `##`/`###` headings, `\|` inside a cell.

export interface MarkdownRow {
  /** The first cell as written, e.g. "`GET …` (getOrder)". */
  key: string;
  cells: string[];
}

export interface MarkdownTable {
  /** The nearest heading above the table, without its `#`s. */
  heading: string;
  header: string[];
  rows: MarkdownRow[];
}

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, '|'));

const isRule = (line: string) => /^\|?\s*:?-{3,}/.test(line.trim());

/** Every pipe table of `markdown`, each with its heading and its body rows (the header and rule apart). */
export function markdownTables(markdown: string): MarkdownTable[] {
  const tables: MarkdownTable[] = [];
  let heading = '';
  let current: MarkdownTable | null = null;
  const lines = markdown.split('\n');
  lines.forEach((line, i) => {
    const h = /^#{1,6}\s+(.*)$/.exec(line);
    if (h) heading = h[1]!.trim();
    if (!line.trim().startsWith('|')) {
      current = null;
      return;
    }
    if (current) {
      if (!isRule(line)) current.rows.push({ key: cellsOf(line)[0]!, cells: cellsOf(line) });
    } else if (isRule(lines[i + 1] ?? '')) {
      current = { heading, header: cellsOf(line), rows: [] };
      tables.push(current);
    }
  });
  return tables;
}

/**
 * The answers a cell says the simulator gives: each HTTP status (a 3-digit 1xx–5xx number standing
 * alone) with the `ERROR_CODE` written right after it, if any: "204; 403 `NOT_ALLOWED`" gives
 * ["204", "403 NOT_ALLOWED"]. What the cell says the simulator *used to* answer is history, not a claim:
 * a clause from "it used to" to the next `.`, `;` or `)` is left out.
 */
export function statusClaims(cell: string): string[] {
  const current = cell.replace(/it used to[^.;)]*/gi, '');
  const found = current.matchAll(/(?<![\w-])([1-5]\d\d)(?![\w-])(?: `([A-Z][A-Z_]+)`)?/g);
  return [...new Set([...found].map((m) => (m[2] ? `${m[1]} ${m[2]}` : m[1]!)))];
}

/** The field names of a fields table's first cell: "`merchant_reference1/2`" gives both references. */
export function fieldNames(cell: string): string[] {
  let parent = '';
  return [...cell.matchAll(/`([^`]+)`/g)].flatMap((m) => {
    const raw = m[1]!;
    const name = raw.startsWith('.') ? `${parent}${raw}` : raw;
    parent = name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : name;
    const pair = /^(.*)(\d)\/(\d)$/.exec(name);
    return pair ? [`${pair[1]}${pair[2]}`, `${pair[1]}${pair[3]}`] : [name];
  });
}
