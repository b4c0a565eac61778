/** The content type a saved scenario file is downloaded with. */
export const SCENARIO_FILE_TYPE = 'application/yaml';

/** One line of a YAML file for the preview: what it says and its comment (with its `#`), either may be empty. */
export interface YamlLine {
  code: string;
  comment: string;
}

/**
 * Splits YAML text into lines, each into its code and its comment, so that the preview can set the comments
 * (where each expectation came from) apart. A `#` starts a comment at the line's start or after a space,
 * outside quotes; the lines of a block scalar (`|`, `>`) are text, whatever they hold.
 */
export function yamlLines(text: string): YamlLine[] {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  const out: YamlLine[] = [];
  let blockIndent: number | null = null; // the indentation of the key that opened a block scalar
  for (const line of lines) {
    const indent = line.length - line.trimStart().length;
    if (blockIndent !== null && (line.trim() === '' || indent > blockIndent)) {
      out.push({ code: line, comment: '' });
      continue;
    }
    blockIndent = null;
    const at = commentStart(line);
    const code = at === -1 ? line : line.slice(0, at);
    out.push({ code, comment: at === -1 ? '' : line.slice(at) });
    if (/[|>][+-]?\d?\s*$/.test(code.trimEnd()) && /:\s*[|>]/.test(code)) blockIndent = indent;
  }
  return out;
}

/** Where the line's comment starts, or -1. */
function commentStart(line: string): number {
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote === '"') {
      if (c === '\\') i++;
      else if (c === '"') quote = null;
    } else if (quote === "'") {
      if (c === "'") quote = null; // '' inside single quotes closes and reopens: the same for this scan
    } else if (c === '"' || c === "'") {
      // A quote opens a string only where a scalar starts (after `: `, `- `, `[`, `{`, `,` or the line's start).
      if (/(^|[\s[{,:-])$/.test(line.slice(0, i).trimEnd().slice(-1) || '')) quote = c;
    } else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]!))) {
      return i;
    }
  }
  return -1;
}

/** `3 steps · 7 expectations · 42 lines`: what the file holds, counted from its text. */
export function scenarioSummary(text: string): string {
  const lines = yamlLines(text);
  const count = (key: string) => {
    // The list under a top-level key: its items are the lines `  - ` right below it, until the next top-level key.
    let inside = false;
    let n = 0;
    for (const { code } of lines) {
      if (/^\S/.test(code)) inside = code.startsWith(`${key}:`);
      else if (inside && /^ {0,2}- /.test(code)) n++;
    }
    return n;
  };
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return [
    plural(count('steps'), 'step'),
    plural(count('expect'), 'expectation'),
    plural(lines.length, 'line'),
  ].join(' · ');
}

/** The command that runs the saved file against this simulator, for the preview's hint. */
export function runCommand(fileName: string, api: string | undefined): string {
  return `npx checkout-sim run ${fileName}${api ? ` --api ${api}` : ''}`;
}
