import { parse } from 'yaml';
import { progressLine } from '@shared/format/explore-progress';
import type { FieldProblem } from '@shared/schemas/common.schema';
import type { ExploreStart, ExploreStatus, ExploreStatusFinding } from '@shared/schemas/explore.schema';

/** The form as typed: every field text, so a half-typed number is shown as typed and checked on Start. */
export interface ExploreForm {
  merchantUrl: string;
  runs: string;
  seed: string;
  parallel: string;
  config: string;
}

export const DEFAULT_FORM: ExploreForm = {
  merchantUrl: '',
  runs: '100',
  seed: '',
  parallel: '2',
  config: '',
};

/** `state` words as the progress line says them. */
const STATE_WORD: Record<ExploreStatus['state'], string> = {
  running: 'Running',
  done: 'Done',
  stopped: 'Stopped',
  failed: 'Failed',
};

/** `Running · 12/100 runs · 1 finding · 41 s left`: the CLI's progress line, with the run's state first. */
export function progressText(s: ExploreStatus): string {
  return `${STATE_WORD[s.state]} · ${progressLine(s.progress, s.state === 'running')}`;
}

/** A number field: empty is "not given"; anything else must be a whole number, or it is a problem. */
function wholeField(path: string, text: string, problems: FieldProblem[]): number | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  if (!/^-?\d+$/.test(t)) {
    problems.push({ path, message: 'must be a whole number' });
    return undefined;
  }
  return Number(t);
}

/**
 * The form as `explore.start`'s input, or the problems the console finds before sending (the config is
 * YAML or JSON, as the CLI's --config file); the server's schema checks the rest and names the field.
 */
export function startInput(f: ExploreForm): { input: ExploreStart } | { problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const runs = wholeField('runs', f.runs, problems);
  const seed = wholeField('seed', f.seed, problems);
  const parallel = wholeField('parallel', f.parallel, problems);
  let config: unknown;
  if (f.config.trim()) {
    try {
      config = parse(f.config) ?? undefined;
    } catch (err) {
      problems.push({
        path: 'config',
        message: `is not YAML or JSON: ${(err as Error).message.split('\n')[0]}`,
      });
    }
  }
  if (problems.length) return { problems };
  const input = {
    ...(f.merchantUrl.trim() ? { merchant_url: f.merchantUrl.trim() } : {}),
    ...(runs !== undefined ? { runs } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(parallel !== undefined ? { parallel } : {}),
    ...(config !== undefined ? { config } : {}),
  } as ExploreStart;
  return { input };
}

/** The name a finding's scenario is saved under: as `checkout-sim explore --out` writes it. */
export function findingFileName(f: ExploreStatusFinding): string {
  return `${f.invariant.replace(/[^\w-]+/g, '-').slice(0, 60)}-run${f.run}.yaml`;
}

/** The exchanges that show a finding: those its broken expectation names, in the order of the log. */
export function findingExchanges(f: ExploreStatusFinding) {
  const ids = new Set(f.result.expectations.filter((e) => !e.passed).flatMap((e) => e.exchange_ids));
  return f.result.exchanges.filter((x) => ids.has(x.id));
}
