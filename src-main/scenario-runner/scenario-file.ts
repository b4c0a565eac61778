import { parseDocument, type YAMLError } from 'yaml';
import { scenarioErrorMap, scenarioProblems } from '@shared/rules/scenario-problems';
import { ScenarioSchema, type Scenario } from '@shared/schemas/scenario.schema';

/** A scenario file that cannot be read: the message names the file and each problem's place. */
export class ScenarioFileError extends Error {}

/** `line 4, column 3: message`, then the line as written and a caret under the column. */
function yamlProblem(e: YAMLError, text: string): string {
  const pos = e.linePos?.[0];
  // prettyErrors appends " at line …, column …:" and the context: both are given below in full.
  const message = e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  if (!pos) return message;
  const line = text.split(/\r?\n/)[pos.line - 1] ?? '';
  const caret = `${' '.repeat(Math.max(0, Math.min(pos.col - 1, line.length)))}^`;
  return `line ${pos.line}, column ${pos.col}: ${message}\n  ${line}\n  ${caret}`;
}

/**
 * Reads a scenario file's text: YAML (JSON is YAML too, so `.json` files read the same way), checked with
 * the scenario schema. Problems name the field as the file writes it (`steps[2].advance: …`), what was
 * expected and what was found.
 */
export function parseScenario(text: string, file: string): Scenario {
  const doc = parseDocument(text, { prettyErrors: true });
  if (doc.errors.length > 0) throw new ScenarioFileError(`${file}: ${yamlProblem(doc.errors[0]!, text)}`);
  const parsed = ScenarioSchema.safeParse(doc.toJS(), { reportInput: true, error: scenarioErrorMap });
  if (!parsed.success) {
    const problems = scenarioProblems(parsed.error).map((p) => `${p.path}: ${p.message}`);
    throw new ScenarioFileError(`${file}: ${problems.join('; ')}`);
  }
  return parsed.data;
}
