import { useMutation } from '@tanstack/react-query';
import { EXAMPLE_SCENARIO } from '@shared/samples/scenario-example';
import type { ScenarioReport } from '@shared/schemas/scenario-report.schema';
import { useState } from 'react';
import { useControlApi } from '../api/ControlApiContext';
import { useAppInfo } from '../api/queries';
import { downloadText } from '../ui/download';
import { ErrorSummary } from '../form/ErrorSummary';
import { Field } from '../form/Field';
import { Form } from '../form/Form';
import { toFormErrors } from '../form/problems';
import { editing } from '../form/save-state';
import { SimDefinedBadge } from '../ui/SimDefinedBadge';
import { ScenarioReportView } from './ScenarioReportView';
import '../styles/orders.css';
import '../styles/integrator.css';
import '../styles/scenarios.css';
import { TextField } from '../form/TextField';
import { Page } from '../ui/Page';

/**
 * Runs a scenario file (pasted, or picked from disk) against this simulator, as `checkout-sim run` does,
 * and shows the report: each expectation met or not, with links into the log.
 */
export function ScenariosPage() {
  const api = useControlApi();
  const app = useAppInfo();
  const [text, setText] = useState(EXAMPLE_SCENARIO);
  const [filename, setFilename] = useState('push-acknowledged.yaml');
  const [merchantUrl, setMerchantUrl] = useState('');
  const run = useMutation({
    mutationFn: () =>
      api.invoke('scenarios.run', {
        text,
        filename: filename || undefined,
        ...(merchantUrl.trim() ? { merchant_url: merchantUrl.trim() } : {}),
      }),
  });
  const errors = toFormErrors(run.error);
  const edit = editing(run);
  const shop = app.data?.urls.shop ?? '';
  return (
    <Page
      title="Scenarios"
      testId="scenarios-page"
      aside={
        <>
          <SimDefinedBadge />
        </>
      }
    >
      <p className="page-intro muted">
        A scenario file names an order, the customer’s steps, clock moves and faults, and what your server
        must do: answer callbacks in time, put a shipping fee in the cart, acknowledge, capture. It runs here
        on its own order with the clock manual, exactly as <code>checkout-sim run</code> runs it.
      </p>
      <Form
        className="card scenario-form"
        testId="scenario-form"
        errors={errors}
        onSubmit={() => run.mutate()}
      >
        <div className="card-header">
          <h2>Scenario file</h2>
          <span className="muted small mono" data-testid="scenario-filename">
            {filename}
          </span>
          <span className="spacer" />
          <label className="btn btn-small">
            Open a file…
            <input
              type="file"
              accept=".yaml,.yml,.json"
              className="visually-hidden"
              data-testid="scenario-file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (!file) return;
                void file.text().then((t) => {
                  setText(t);
                  setFilename(file.name);
                  run.reset();
                });
              }}
            />
          </label>
        </div>
        <Field label="YAML or JSON" path="text" testId="scenario-text">
          <textarea
            className="input mono scenario-text"
            value={text}
            rows={16}
            spellCheck={false}
            onChange={(e) => edit(setText)(e.target.value)}
            data-testid="scenario-text"
          />
        </Field>
        <TextField
          label="Merchant URL"
          path="merchant_url"
          testId="scenario-merchant-url"
          className="input mono"
          value={merchantUrl}
          placeholder={shop ? `${shop} (the sample shop)` : 'https://your-server.example'}
          onChange={setMerchantUrl}
          spellCheck={false}
          autoComplete="off"
        />
        <ErrorSummary testId="scenario-error-summary" />
        <div className="row-actions">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={run.isPending || !text.trim()}
            aria-busy={run.isPending}
            data-testid="scenario-run"
          >
            {run.isPending ? 'Running…' : 'Run'}
          </button>
          {run.data && (
            <button
              type="button"
              className="btn"
              data-testid="scenario-download-json"
              onClick={() => downloadJson(run.data)}
            >
              ⤓ Report (JSON)
            </button>
          )}
        </div>
      </Form>
      {run.data && <ScenarioReportView report={run.data} />}
    </Page>
  );
}

function downloadJson(report: ScenarioReport) {
  downloadText('scenario-report.json', 'application/json', `${JSON.stringify(report, null, 2)}\n`);
}
