import { readFileSync } from 'node:fs';
import { formatPath } from '@shared/rules/schema-problems';
import { ScenarioReportSchema, type ScenarioReport } from '@shared/schemas/scenario-report.schema';

/** The --compare file cannot be used: one line naming it and what is wrong; the exit code is 2. */
export class CompareFileError extends Error {}

/**
 * The earlier run's report that `run --compare FILE` compares with: read, parsed and checked with the
 * report's schema before anything runs.
 */
export function readEarlierReport(file: string): ScenarioReport {
  const fail = (what: string) => new CompareFileError(`--compare ${file}: ${what}`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw fail(e.code === 'ENOENT' ? 'no such file' : `cannot read it (${e.code ?? e.message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw fail(`not JSON (${(err as Error).message})`);
  }
  const parsed = ScenarioReportSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? `${formatPath(issue.path)}: ` : '';
    throw fail(
      `not a scenario run's JSON report (--reporter json=FILE): ${where}${issue.message.replace(/\s+/g, ' ')}`,
    );
  }
  return parsed.data;
}
