import type { ExploreStatus, ExploreStatusFinding } from '@shared/schemas/explore.schema';
import { downloadText } from '../ui/download';
import { formatDuration } from '../format/time';
import { formatRoute } from '../router/routes';
import { findingExchanges, findingFileName } from './explore-view';

/** A run's findings, or the plain word that nothing was found once it is over; the runs that ended early. */
export function ExploreFindings({ status }: { status: ExploreStatus }) {
  return (
    <>
      <FindingsOrNothing status={status} />
      <EndedEarly status={status} />
    </>
  );
}

function FindingsOrNothing({ status }: { status: ExploreStatus }) {
  if (status.findings.length === 0) {
    if (status.state === 'running') return null;
    return (
      <p className="card explore-nothing" data-testid="explore-nothing">
        ✓ Nothing found in {status.progress.runs_done} run{status.progress.runs_done === 1 ? '' : 's'} (seed{' '}
        <span className="mono">{status.seed}</span>): every journey kept every invariant
        {status.progress.ended_early > 0 ? ', some of them ended early (below)' : ''}.
      </p>
    );
  }
  return (
    <section data-testid="explore-findings">
      <h2 className="explore-findings-title">
        Findings ({status.findings.length}){' '}
        <span className="muted small">each shrunk to its fewest steps</span>
      </h2>
      {status.findings.map((f) => (
        <FindingCard key={`${f.invariant}-${f.run}`} f={f} seed={status.seed} />
      ))}
    </section>
  );
}

/**
 * The runs whose journey stopped before its last step, and why: they were judged on the steps before, so
 * "nothing found" covers less than the journeys were written to do.
 */
function EndedEarly({ status }: { status: ExploreStatus }) {
  if (status.ended_early.length === 0) return null;
  return (
    <section className="card explore-ended-early" data-testid="explore-ended-early">
      <h2 className="explore-findings-title">
        Ended early ({status.progress.ended_early}){' '}
        <span className="muted small">runs judged on the steps before the one that stopped them</span>
      </h2>
      <ul>
        {status.ended_early.map((e) => (
          <li key={e.reason} data-testid="explore-ended-early-reason">
            <span className="mono">{e.runs}×</span> <span className="muted small">(first: run {e.run})</span>{' '}
            <span className="selectable">{e.reason}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FindingCard({ f, seed }: { f: ExploreStatusFinding; seed: number }) {
  const orderId = f.order_ids[0];
  return (
    <article
      className="card scenario-card scenario-bad"
      data-testid="explore-finding"
      data-invariant={f.invariant}
    >
      <header className="scenario-head">
        {/* The invariant's name as the CLI, the docs and the scenario file spell it (not the h3's capitals). */}
        <h3 className="text-bad mono explore-invariant" data-testid="explore-finding-invariant">
          ✗ {f.invariant}
        </h3>
        <span className="spacer" />
        <span className="muted small">
          {f.steps} step{f.steps === 1 ? '' : 's'} · {f.shrinks} shrinks in {formatDuration(f.shrink_ms)} ·
          run {f.run} of seed {seed}
        </span>
      </header>
      <p className="selectable explore-sentence" data-testid="explore-finding-sentence">
        {f.sentence}
      </p>
      <FindingExchanges f={f} />
      <div className="row-actions explore-finding-actions">
        {orderId && (
          <>
            <a
              className="btn btn-small"
              href={formatRoute({ name: 'order', orderId })}
              data-testid="explore-finding-order"
            >
              Open the order
            </a>
            <a
              className="btn btn-small"
              href={formatRoute({ name: 'log', orderId })}
              data-testid="explore-finding-log"
            >
              Its log
            </a>
          </>
        )}
        <button
          type="button"
          className="btn btn-small btn-primary"
          data-testid="explore-finding-save"
          onClick={() => downloadText(findingFileName(f), 'application/yaml', f.scenario_yaml)}
        >
          ⤓ Save scenario
        </button>
      </div>
      <details className="scenario-section" data-testid="explore-finding-scenario">
        <summary>Scenario file ({findingFileName(f)})</summary>
        <pre className="mono selectable explore-yaml" data-testid="explore-finding-yaml">
          {f.scenario_yaml}
        </pre>
      </details>
    </article>
  );
}

/** The exchanges the broken invariant names, each a link to it in the log. */
function FindingExchanges({ f }: { f: ExploreStatusFinding }) {
  const shown = findingExchanges(f);
  if (shown.length === 0) return null;
  const orderId = f.result.order_id ?? undefined;
  return (
    <table className="table explore-exchanges" data-testid="explore-finding-exchanges">
      <tbody>
        {shown.map((x) => (
          <tr key={x.id} data-testid="explore-finding-exchange">
            <td className="nowrap">{x.direction === 'out' ? '→ merchant' : '← merchant'}</td>
            <td>
              <a href={formatRoute({ name: 'log', orderId, exchangeId: x.id })}>{x.kind}</a>
              {x.fault && <span className="badge badge-pending badge-inline">{x.fault}</span>}
            </td>
            <td className="mono small">{x.status ?? '—'}</td>
            <td className="mono small nowrap">{formatDuration(x.duration_ms)}</td>
            <td className="muted">{x.outcome}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
