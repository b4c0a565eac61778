import { randomBytes } from 'node:crypto';
import type { ExploreReport, ExploreStatus } from '@shared/schemas/explore.schema';
import { explore, type ExploreOptions } from '../explore/explore';
import { simWireTransport } from './sim-wire-transport';

/**
 * What one explore run needs: the engine's options (the simulator to run through, the merchant, how much
 * to run, where findings go) but its stop, which the run owns.
 */
export type ExploreRunOptions = Omit<ExploreOptions, 'signal' | 'settle'>;

/** A run under way or over: its status at any moment, a stop, and its report once it ends. */
export interface ExploreRun {
  id: string;
  status(): ExploreStatus;
  /** No new journey starts; those under way finish, then `done` resolves with what was found. */
  stop(): void;
  /** The report when the run ends (done or stopped); rejects when it failed. */
  done: Promise<ExploreReport>;
}

/** A run's status before its first journey. */
function initialStatus(id: string, o: ExploreRunOptions): ExploreStatus {
  return {
    run_id: id,
    state: 'running',
    merchant_url: o.merchantUrl,
    seed: o.seed,
    parallel: o.parallel,
    started_at: new Date().toISOString(),
    ended_at: null,
    progress: {
      runs_done: 0,
      runs_total: o.runs ?? (o.timeLimitMs === undefined ? 100 : null),
      findings: 0,
      time_left_ms: o.timeLimitMs ?? null,
      journeys: 0,
      ended_early: 0,
    },
    findings: [],
    ended_early: [],
    error: null,
  };
}

/**
 * Starts an explore run: the one function behind the console's Explore page, `/test_helpers/explore` and
 * `checkout-sim explore`, so the three see the same progress, findings and states.
 */
export function startExploreRun(o: ExploreRunOptions): ExploreRun {
  const id = `xr_${randomBytes(6).toString('hex')}`;
  const abort = new AbortController();
  const status = initialStatus(id, o);
  const end = (state: ExploreStatus['state'], error: string | null = null) => {
    status.state = state;
    status.error = error;
    status.ended_at = new Date().toISOString();
  };
  const done = explore({
    ...o,
    // The simulator's own client for the run's calls to it, unless the caller brought a fetch that trusts
    // more CAs (the console's runs against its own --tls listeners).
    transport: o.transport ?? (o.fetch ? undefined : simWireTransport),
    signal: abort.signal,
    onProgress: (p) => {
      status.progress = p;
      o.onProgress?.(p);
    },
    onFinding: (f) => {
      status.findings.push({ ...f, order_ids: f.result.order_id ? [f.result.order_id] : [] });
      o.onFinding?.(f);
    },
    onEndedEarly: (reasons) => {
      status.ended_early = reasons;
      o.onEndedEarly?.(reasons);
    },
  }).then(
    (report) => {
      end(abort.signal.aborted ? 'stopped' : 'done');
      return report;
    },
    (err: unknown) => {
      end('failed', err instanceof Error ? err.message : String(err));
      throw err;
    },
  );
  return {
    id,
    // A copy: the caller serialises it while the run goes on.
    status: () => ({
      ...status,
      progress: { ...status.progress },
      findings: [...status.findings],
      ended_early: status.ended_early.map((e) => ({ ...e })),
    }),
    stop: () => abort.abort(),
    done,
  };
}
