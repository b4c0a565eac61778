import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Scorecard as ScorecardData } from '@shared/schemas/shipping-assistant.schema';
import { useState } from 'react';
import { useControlApi } from '../api/ControlApiContext';
import { queryKeys, useAppInfo, useConformanceRun, useConformanceRuns } from '../api/queries';
import { formatWhen } from '../format/time';
import { formatRoute } from '../router/routes';
import { Form } from '../form/Form';
import { toFormErrors } from '../form/problems';
import { SaveBar } from '../form/SaveBar';
import { QueryStatus } from '../ui/QueryStatus';
import { SimDefinedBadge } from '../ui/SimDefinedBadge';
import { IntegratorFields } from './IntegratorFields';
import { Scorecard } from './Scorecard';
import '../styles/orders.css';
import '../styles/integrator.css';
import { DataTable, num } from '../ui/DataTable';
import { Page } from '../ui/Page';

/**
 * "Test my integrator": the fixed sequence of calls against any integrator's base URL, judged rule by rule
 * against the spec; the scorecard of a run and the earlier runs.
 */
export function ConformancePage({ runId }: { runId?: string }) {
  const run = useConformanceRun(runId);
  return (
    <Page
      title="Integrator conformance"
      testId="conformance-page"
      aside={
        <>
          <SimDefinedBadge />
        </>
      }
    >
      <p className="page-intro muted">
        Before going live, check that an integrator’s API behaves as the shipping spec says: wrong
        credentials, good credentials, token reuse, a wrong token, the preview call, the full call, a location
        search, then shipment create, update and read. Every answer is checked rule by rule.
      </p>
      <RunForm />
      {runId && (
        <QueryStatus isPending={run.isPending} error={run.error} what="the scorecard">
          {run.data === null ? (
            <div className="notice notice-error" data-testid="scorecard-not-found">
              There is no run with id <code>{runId}</code>.
            </div>
          ) : (
            run.data && <Scorecard card={run.data} />
          )}
        </QueryStatus>
      )}
      <EarlierRuns current={runId} />
    </Page>
  );
}

function RunForm() {
  const api = useControlApi();
  const client = useQueryClient();
  const app = useAppInfo();
  const [form, setForm] = useState({ base_url: '', identifier: '', key: '' });
  const fill = useMutation({
    mutationFn: () => api.invoke('integrator.info', {}),
    onSuccess: (info) =>
      setForm({ base_url: app.data?.urls.integrator ?? '', identifier: info.identifier, key: info.key }),
  });
  const run = useMutation({
    mutationFn: () => api.invoke('shipping.conformance.run', form),
    onSuccess: (card: ScorecardData) => {
      client.setQueryData(queryKeys.conformanceRun(card.run_id), card);
      void client.invalidateQueries({ queryKey: queryKeys.conformanceRuns });
      window.location.hash = formatRoute({ name: 'conformance', runId: card.run_id });
    },
  });
  const errors = toFormErrors(run.error);
  const set = (k: keyof typeof form, v: string) => {
    setForm({ ...form, [k]: v });
    run.reset();
  };
  return (
    <Form
      className="card conformance-form"
      testId="conformance-form"
      errors={errors}
      onSubmit={() => run.mutate()}
    >
      <div className="card-header">
        <h2>Integrator to test</h2>
        <span className="spacer" />
        <button
          type="button"
          className="btn btn-small"
          onClick={() => fill.mutate()}
          disabled={fill.isPending || !app.data}
          data-testid="conformance-fill-built-in"
        >
          Test the built-in integrator
        </button>
      </div>
      <div className="form-grid">
        <IntegratorFields values={form} onChange={set} testIdPrefix="conformance" />
      </div>
      <SaveBar
        action={run}
        label="Run the conformance test"
        busyLabel="Running…"
        testId="conformance-run"
        errorTestId="conformance-error"
      >
        <span className="hint">
          The run creates a test shipment at the integrator; the integrator is never told an order completed.
        </span>
      </SaveBar>
    </Form>
  );
}

function EarlierRuns({ current }: { current?: string }) {
  const runs = useConformanceRuns();
  return (
    <section className="section" data-testid="conformance-runs">
      <h2>Earlier runs</h2>
      <QueryStatus isPending={runs.isPending} error={runs.error} what="the earlier runs">
        {runs.data && runs.data.length === 0 ? (
          <div className="empty" data-testid="conformance-runs-empty">
            No runs yet. Fill in an integrator above (or take the built-in one) and run the test.
          </div>
        ) : (
          <DataTable
            columns={['When', 'Integrator', 'Identifier', num('Passed'), num('Failed'), num('Skipped'), {}]}
          >
            {runs.data?.map((r) => (
              <tr
                key={r.run_id}
                className={r.run_id === current ? 'expanded' : undefined}
                data-testid="conformance-run-row"
                data-run={r.run_id}
              >
                <td className="nowrap">{formatWhen(r.at)}</td>
                <td className="mono wrap-anywhere">{r.base_url}</td>
                <td className="mono">{r.identifier}</td>
                <td className="num">{r.passed}</td>
                <td className={`num${r.failed > 0 ? ' text-bad' : ''}`}>{r.failed}</td>
                <td className="num">{r.skipped}</td>
                <td>
                  {r.run_id === current ? (
                    <span className="muted small">shown</span>
                  ) : (
                    <a
                      href={formatRoute({ name: 'conformance', runId: r.run_id })}
                      data-testid="conformance-run-open"
                    >
                      Scorecard
                    </a>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryStatus>
    </section>
  );
}
