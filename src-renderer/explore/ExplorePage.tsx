import { useState } from 'react';
import type { ExploreStatus } from '@shared/schemas/explore.schema';
import { useAppInfo } from '../api/queries';
import { ErrorSummary } from '../form/ErrorSummary';
import { Field } from '../form/Field';
import { Form } from '../form/Form';
import { FORM_INVALID, toFormErrors, type FormErrors } from '../form/problems';
import { SimDefinedBadge } from '../ui/SimDefinedBadge';
import { ExploreFindings } from './ExploreFindings';
import { DEFAULT_FORM, progressText, startInput, type ExploreForm } from './explore-view';
import { useExplore } from './useExplore';
import '../styles/orders.css';
import '../styles/scenarios.css';
import './explore.css';
import { Page } from '../ui/Page';

/**
 * Explore, as `checkout-sim explore` runs it: generated journeys against a merchant, its progress while it
 * runs, and each finding with the exchanges that show it, its order and its scenario file to save.
 */
export function ExplorePage() {
  const { status, start, stop } = useExplore();
  const [form, setForm] = useState<ExploreForm>(DEFAULT_FORM);
  const [local, setLocal] = useState<FormErrors | null>(null);
  const run = status.data ?? null;
  const running = run?.state === 'running';
  const errors = local ?? toFormErrors(start.error);
  const submit = () => {
    const made = startInput(form);
    if ('problems' in made) {
      setLocal({ code: FORM_INVALID, message: 'Some fields need fixing', problems: made.problems });
      return;
    }
    setLocal(null);
    start.mutate(made.input);
  };
  return (
    <Page
      title="Explore"
      testId="explore-page"
      aside={
        <>
          <SimDefinedBadge />
        </>
      }
    >
      <p className="page-intro muted">
        Generated journeys against your server: carts, countries, addresses, shipping choices, who tells your
        server first, reloads, clock moves and merchant faults, each on an order and a test clock of its own,
        checked against the invariants. A failure is shrunk to the fewest steps that still show it and handed
        back as a scenario file <code>checkout-sim run</code> replays, exactly as{' '}
        <code>checkout-sim explore</code> does.
      </p>
      <Form className="card explore-form" testId="explore-form" errors={errors} onSubmit={submit}>
        <ExploreFields form={form} setForm={setForm} />
        <ErrorSummary testId="explore-error-summary" />
        <div className="row-actions">
          {running ? (
            <button
              type="button"
              className="btn"
              disabled={stop.isPending}
              onClick={() => stop.mutate(run.run_id)}
              data-testid="explore-stop"
            >
              ■ Stop
            </button>
          ) : (
            <button
              type="submit"
              className="btn btn-primary"
              disabled={start.isPending}
              aria-busy={start.isPending}
              data-testid="explore-start"
            >
              ▶ Start
            </button>
          )}
        </div>
      </Form>
      {run && <Progress run={run} />}
      {run && <ExploreFindings status={run} />}
    </Page>
  );
}

function ExploreFields({ form, setForm }: { form: ExploreForm; setForm: (f: ExploreForm) => void }) {
  const shop = useAppInfo().data?.urls.shop ?? '';
  const text = (key: keyof ExploreForm) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value }),
    spellCheck: false,
    autoComplete: 'off',
  });
  return (
    <>
      <Field label="Merchant URL" path="merchant_url" testId="explore-merchant-url">
        <input
          className="input mono"
          placeholder={shop ? `${shop} (the sample shop)` : 'https://your-server.example'}
          {...text('merchantUrl')}
          data-testid="explore-merchant-url"
        />
      </Field>
      <div className="explore-numbers">
        <Field label="Runs" path="runs" testId="explore-runs">
          <input className="input mono" inputMode="numeric" {...text('runs')} data-testid="explore-runs" />
        </Field>
        <Field label="Seed" path="seed" hint="empty: a new one" testId="explore-seed">
          <input className="input mono" inputMode="numeric" {...text('seed')} data-testid="explore-seed" />
        </Field>
        <Field label="Parallel" path="parallel" hint="journeys at once" testId="explore-parallel">
          <input
            className="input mono"
            inputMode="numeric"
            {...text('parallel')}
            data-testid="explore-parallel"
          />
        </Field>
      </div>
      <Field label="Config (YAML or JSON, optional)" path="config" under testId="explore-config">
        <textarea
          className="input mono explore-config"
          rows={4}
          placeholder={'vary:\n  faults: [duplicate_push, push_unknown_order]'}
          {...text('config')}
          data-testid="explore-config"
        />
      </Field>
    </>
  );
}

/** The progress line: state, runs done, findings so far, time left; the run's merchant and seed. */
function Progress({ run }: { run: ExploreStatus }) {
  const tone =
    run.state === 'failed' ? 'bad' : run.findings.length ? 'bad' : run.state === 'running' ? 'pending' : 'ok';
  return (
    <div className="card explore-progress" data-testid="explore-progress" data-state={run.state}>
      <span className={`badge badge-${tone}`} data-testid="explore-state">
        {run.state}
      </span>
      <span data-testid="explore-progress-line" aria-live="polite">
        {progressText(run)}
      </span>
      <span className="spacer" />
      <span className="muted small">
        <span className="mono">{run.merchant_url}</span> · seed <span className="mono">{run.seed}</span> ·{' '}
        {run.parallel} at a time
      </span>
      {run.error && (
        <div className="notice notice-error explore-error" data-testid="explore-run-error">
          {run.error}
        </div>
      )}
    </div>
  );
}
