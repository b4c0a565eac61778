import { useMutation } from '@tanstack/react-query';
import { type RuleResult, type Scorecard as ScorecardData } from '@shared/schemas/shipping-assistant.schema';
import { useControlApi } from '../api/ControlApiContext';
import { formatWhen, formatDuration } from '../format/time';
import { formatRoute } from '../router/routes';
import { ErrorSummary } from '../form/ErrorSummary';
import { toFormErrors } from '../form/problems';
import { groupRules, messageItems, specRefParts, verdict } from './conformance-view';
import { downloadText } from '../ui/download';
import { SpecLink, specDocIn } from '../ui/SpecLink';

const STATUS: Record<RuleResult['status'], { mark: string; tone: string; word: string }> = {
  pass: { mark: '✓', tone: 'ok', word: 'pass' },
  fail: { mark: '✗', tone: 'bad', word: 'fail' },
  skip: { mark: '–', tone: 'neutral', word: 'skip' },
};

/** A run's scorecard: the verdict and counts, downloads, then each rule with its spec reference and exchanges. */
export function Scorecard({ card }: { card: ScorecardData }) {
  const v = verdict(card);
  return (
    <section className={`card scorecard scorecard-${v.tone}`} data-testid="scorecard" data-run={card.run_id}>
      <header className="scorecard-head">
        <div>
          <h2
            className={`scorecard-verdict text-${v.tone}`}
            data-testid="scorecard-verdict"
            data-tone={v.tone}
          >
            {v.tone === 'ok' ? '✓ ' : '✗ '}
            {v.text}
          </h2>
          <div className="muted small">
            <span className="mono">{card.base_url}</span> as <span className="mono">{card.identifier}</span> ·{' '}
            {formatWhen(card.at)} · {formatDuration(card.duration_ms)} ·{' '}
            <span className="mono">{card.run_id}</span>
          </div>
        </div>
        <span className="spacer" />
        <div className="score-counts">
          <Count n={card.passed} label="passed" tone="ok" testId="scorecard-passed" />
          <Count n={card.failed} label="failed" tone="bad" testId="scorecard-failed" />
          <Count n={card.skipped} label="skipped" tone="neutral" testId="scorecard-skipped" />
        </div>
      </header>
      <Downloads runId={card.run_id} />
      {groupRules(card.rules).map((g) => (
        <div key={g.title} className="rule-group">
          <h3>{g.title}</h3>
          <ul className="rules">
            {g.rules.map((r) => (
              <RuleRow key={r.id} rule={r} />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function Count({ n, label, tone, testId }: { n: number; label: string; tone: string; testId: string }) {
  return (
    <span
      className={`score-count score-${tone}${n === 0 ? ' zero' : ''}`}
      data-testid={testId}
      data-count={n}
    >
      <strong>{n}</strong> {label}
    </span>
  );
}

function RuleRow({ rule: r }: { rule: RuleResult }) {
  const s = STATUS[r.status];
  const items = messageItems(r.message);
  return (
    <li className={`rule rule-${r.status}`} data-testid={`rule-${r.id}`} data-status={r.status}>
      <span className={`rule-mark badge badge-${s.tone}`} data-testid="rule-status">
        {s.mark} {s.word}
      </span>
      <div className="rule-body">
        <div className="rule-title">
          {r.title} <span className="muted mono small">{r.id}</span>
        </div>
        {items.length === 1 ? (
          <div className="rule-message selectable" data-testid="rule-message">
            {items[0]}
          </div>
        ) : (
          <ul className="rule-message selectable" data-testid="rule-message">
            {items.map((m, i) => (
              <li key={i}>{m}</li>
            ))}
          </ul>
        )}
        <div className="rule-refs small">
          <span>Spec:</span>
          {specRefParts(r.spec_ref).map((ref) => {
            const doc = specDocIn(ref);
            return (
              <span key={ref} className="spec-ref" data-testid="rule-spec-ref">
                {doc ? (
                  <>
                    <SpecLink doc={doc} label={doc} />
                    {ref.slice(doc.length)}
                  </>
                ) : (
                  ref
                )}
              </span>
            );
          })}
          {r.exchange_ids.map((id, i) => (
            <a
              key={id}
              href={formatRoute({ name: 'log', exchangeId: id })}
              className="rule-exchange"
              data-testid="rule-exchange"
            >
              {r.exchange_ids.length === 1 ? 'the exchange' : `exchange ${i + 1}`} →
            </a>
          ))}
        </div>
      </div>
    </li>
  );
}

/** The scorecard's download formats and their buttons' words. */
const FORMATS = [
  ['xml', '⤓ JUnit XML'],
  ['json', '⤓ JSON'],
] as const;

/** JUnit XML for CI, JSON for anything else, through the control contract (the HTTP endpoints need Basic auth). */
function Downloads({ runId }: { runId: string }) {
  const api = useControlApi();
  const download = useMutation({
    mutationFn: (format: 'xml' | 'json') => api.invoke('shipping.conformance.export', { runId, format }),
    onSuccess: (file) => downloadText(file.filename, file.content_type, file.body),
  });
  return (
    <div className="row-actions" data-testid="scorecard-downloads">
      {FORMATS.map(([format, label]) => (
        <button
          key={format}
          type="button"
          className="btn btn-small"
          onClick={() => download.mutate(format)}
          disabled={download.isPending}
          data-testid={`scorecard-download-${format}`}
        >
          {label}
        </button>
      ))}
      <ErrorSummary errors={toFormErrors(download.error)} testId="scorecard-download-error" />
    </div>
  );
}
