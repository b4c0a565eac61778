import { isMap, isNode, isScalar, LineCounter, parseDocument, type Document, type YAMLError } from 'yaml';
import { scenarioErrorMap, scenarioProblems, type ScenarioProblem } from '@shared/rules/scenario-problems';
import { ScenarioSchema, type Scenario } from '@shared/schemas/scenario.schema';

/** A scenario file that cannot be read: the message names the file and each problem's place. */
export class ScenarioFileError extends Error {}

/** What a scenario file holds, for the file that holds nothing. */
const WHAT_IT_HOLDS =
  'a scenario file holds one YAML (or JSON) object with name, steps and expect (docs/scenarios.md)';

/**
 * Where a YAML error is best pointed at. An unclosed `{` or `[` is noticed only where the next line
 * starts; the missing `}` belongs right after the last thing written before it.
 */
function errorOffset(e: YAMLError, text: string): number {
  let at = e.pos[0];
  if (/end with an? [}\]]/.test(e.message)) while (at > 0 && /\s/.test(text[at - 1]!)) at -= 1;
  return at;
}

/** `line 4, column 3: message`, then the line as written and a caret under the column. */
function yamlProblem(e: YAMLError, text: string, lines: LineCounter): string {
  // prettyErrors appends " at line …, column …:" and the context: both are given below in full.
  const message = e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  const pos = lines.linePos(errorOffset(e, text));
  const line = text.split(/\r?\n/)[pos.line - 1] ?? '';
  const caret = `${' '.repeat(Math.max(0, Math.min(pos.col - 1, line.length)))}^`;
  return `line ${pos.line}, column ${pos.col}: ${message}\n  ${line}\n  ${caret}`;
}

/** The node a path names: the value, or for a misspelt key (`key`) the key as written. */
function nodeAt(doc: Document, path: PropertyKey[], key: boolean): unknown {
  if (path.length === 0) return doc.contents;
  if (!key) return doc.getIn(path, true);
  const parent = path.length === 1 ? doc.contents : doc.getIn(path.slice(0, -1), true);
  const last = path[path.length - 1];
  if (isMap(parent)) {
    const pair = parent.items.find((i) => isScalar(i.key) && String(i.key.value) === String(last));
    return pair?.key;
  }
  return doc.getIn(path, true);
}

/** `file:line:column` of a problem's place: its path, else the nearest part of the path written. */
function placeOf(doc: Document, p: ScenarioProblem, lines: LineCounter, file: string): string | null {
  const path = [...(p.at ?? [])];
  let key = p.message.startsWith('not a known field');
  for (;;) {
    const node = nodeAt(doc, path, key);
    key = false;
    if (isNode(node) && node.range) {
      const { line, col } = lines.linePos(node.range[0]);
      return `${file}:${line}:${col}`;
    }
    if (path.length === 0) return null;
    path.pop();
  }
}

/**
 * Reads a scenario file's text: YAML (JSON is YAML too, so `.json` files read the same way), checked with
 * the scenario schema. Problems name the field as the file writes it (`steps[2].advance: …`), where it is
 * (`file:line:column`, which editors open), what was expected and what was found.
 */
export function parseScenario(text: string, file: string): Scenario {
  const lines = new LineCounter();
  const doc = parseDocument(text, { prettyErrors: true, lineCounter: lines });
  if (doc.errors.length > 0)
    throw new ScenarioFileError(`${file}: ${yamlProblem(doc.errors[0]!, text, lines)}`);
  if (doc.contents === null)
    throw new ScenarioFileError(
      `${file}: the file is empty${text.trim() === '' ? '' : ' (only comments)'}: ${WHAT_IT_HOLDS}`,
    );
  const parsed = ScenarioSchema.safeParse(doc.toJS(), { reportInput: true, error: scenarioErrorMap });
  if (!parsed.success) {
    const problems = scenarioProblems(parsed.error).map((p) => {
      const place = placeOf(doc, p, lines, file);
      return `${p.path}${place ? ` (${place})` : ''}: ${p.message}`;
    });
    throw new ScenarioFileError(`${file}: ${problems.join('; ')}`);
  }
  return parsed.data;
}
