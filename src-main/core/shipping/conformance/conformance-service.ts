import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  ConformanceInputSchema,
  type Scorecard,
  type ScorecardSummary,
} from '@shared/schemas/shipping-assistant.schema';
import { evaluateRun } from '@shared/rules/shipping-conformance-rules';
import { schemaProblems } from '@shared/rules/schema-problems';
import {
  getConformanceRun,
  insertConformanceRun,
  listConformanceRuns,
} from '../../../store/shipping-conformance.repo';
import type { Db } from '../../../store/db';
import type { Clock } from '../../clock';
import { invalid, notFound } from '../../errors';
import type { EventBus } from '../../events';
import type { OutboundClient } from '../../outbound/callback-client';
import { ConformanceRun } from './conformance-run';
import { junitXml } from './junit';

/** A scorecard as a file: its name, media type and text. */
export interface ConformanceFile {
  filename: string;
  content_type: string;
  body: string;
}

/**
 * "Test my integrator": runs the fixed sequence against a base URL and credentials, judges it rule by
 * rule, keeps the scorecard in SQLite and hands it out as JSON or JUnit XML.
 */
export class ConformanceService {
  constructor(
    private readonly db: Db,
    private readonly client: OutboundClient,
    private readonly clock: Clock,
    private readonly events: EventBus,
    /** The shipping assistant's time-out, the default of a run's calls. */
    private readonly defaultTimeoutMs: () => number,
  ) {}

  async run(input: unknown): Promise<Scorecard> {
    const parsed = ConformanceInputSchema.safeParse(input ?? {});
    if (!parsed.success) throw invalid(schemaProblems(parsed.error));
    const { base_url, identifier, key, timeout_ms } = parsed.data;
    const at = new Date(this.clock.now()).toISOString();
    const started = performance.now();
    const target = {
      baseUrl: base_url.replace(/\/+$/, ''),
      identifier,
      key,
      timeoutMs: timeout_ms ?? this.defaultTimeoutMs(),
    };
    const record = await new ConformanceRun(this.client, target).run();
    const rules = evaluateRun(record);
    const count = (s: string) => rules.filter((r) => r.status === s).length;
    const card: Scorecard = {
      run_id: `conf_${randomBytes(8).toString('hex')}`,
      at,
      base_url: target.baseUrl,
      identifier,
      passed: count('pass'),
      failed: count('fail'),
      skipped: count('skip'),
      duration_ms: Math.round(performance.now() - started),
      rules,
    };
    const { rules: _r, duration_ms: _d, ...summary } = card;
    insertConformanceRun(this.db, { ...summary, doc: JSON.stringify(card) });
    this.events.emit('shipping.conformance.finished', summary);
    return card;
  }

  get(runId: string): Scorecard | null {
    const row = getConformanceRun(this.db, runId);
    return row ? (JSON.parse(row.doc) as Scorecard) : null;
  }

  list(limit = 50): ScorecardSummary[] {
    return listConformanceRuns(this.db, limit);
  }

  /** The scorecard to download: JUnit XML for CI, or the JSON itself. */
  export(runId: string, format: 'xml' | 'json'): ConformanceFile {
    const card = this.get(runId);
    if (!card) throw notFound(`conformance run ${runId}`);
    return format === 'xml'
      ? { filename: `${runId}.xml`, content_type: 'application/xml', body: junitXml(card) }
      : {
          filename: `${runId}.json`,
          content_type: 'application/json',
          body: `${JSON.stringify(card, null, 2)}\n`,
        };
  }
}
