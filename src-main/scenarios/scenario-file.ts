import { parseDocument } from 'yaml';
import { schemaProblems, problemMessages } from '@shared/rules/schema-problems';
import { ScenarioSchema, type Scenario } from '@shared/schemas/scenario.schema';

/** A scenario file that cannot be read: the message names the file and each problem's place. */
export class ScenarioFileError extends Error {}

/**
 * Reads a scenario file's text: YAML (JSON is YAML too, so `.json` files read the same way), checked with
 * the scenario schema. Problems name the field as the file writes it (`steps[2].advance: …`).
 */
export function parseScenario(text: string, file: string): Scenario {
  const doc = parseDocument(text, { prettyErrors: true });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const where = e.linePos?.[0] ? `line ${e.linePos[0].line}, column ${e.linePos[0].col}: ` : '';
    throw new ScenarioFileError(`${file}: ${where}${e.message.split('\n')[0]}`);
  }
  const parsed = ScenarioSchema.safeParse(doc.toJS());
  if (!parsed.success) {
    const problems = problemMessages(schemaProblems(parsed.error));
    throw new ScenarioFileError(`${file}: ${problems.join('; ')}`);
  }
  return parsed.data;
}
