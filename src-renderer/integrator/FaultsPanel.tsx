import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  FAULT_ENDPOINTS,
  type FaultEndpoint,
  type IntegratorFaults,
} from '@shared/schemas/integrator-sim.schema';
import { useState } from 'react';
import { useControlApi } from '../api/ControlApiContext';
import { queryKeys, useAppInfo, useIntegratorFaults } from '../api/queries';
import { MASK } from '../ui/ui-store';
import { CopyButton } from '../ui/CopyButton';
import { ErrorSummary } from '../form/ErrorSummary';
import { toFormErrors } from '../form/problems';
import { QueryStatus } from '../ui/QueryStatus';
import { SimDefinedBadge } from '../ui/SimDefinedBadge';
import { activeSwitches, ENDPOINT_CALLS, faultsCurl, switchesOf, type FaultSwitch } from './faults-view';
import { CheckField } from '../form/CheckField';

/**
 * The fake integrator's faults, switchable per endpoint: each switch applies at once (as
 * `PUT /test_helpers/integrator/faults` would), and the command to do the same from a script is shown.
 */
export function FaultsPanel() {
  const api = useControlApi();
  const client = useQueryClient();
  const faults = useIntegratorFaults();
  const app = useAppInfo();
  const onSaved = (next: IntegratorFaults) => client.setQueryData(queryKeys.integratorFaults, next);
  const update = useMutation({
    mutationFn: (v: { endpoint: FaultEndpoint; patch: Record<string, unknown> }) =>
      api.invoke('integrator.faults.update', v),
    onSuccess: onSaved,
  });
  const clear = useMutation({
    mutationFn: () => api.invoke('integrator.faults.set', {}),
    onSuccess: onSaved,
  });
  const data = faults.data;
  const active = data ? activeSwitches(data) : null;
  const total = active ? Object.values(active).reduce((n, a) => n + a.length, 0) : 0;

  return (
    <section className="card" data-testid="faults-panel">
      <header className="card-header">
        <h2>Faults of the fake integrator</h2>
        <span
          className={`badge ${total > 0 ? 'badge-bad' : ''}`}
          data-testid="faults-count"
          data-count={total}
        >
          {total === 0 ? 'none on' : `${total} on`}
        </span>
        <span className="spacer" />
        <button
          type="button"
          className="btn btn-small"
          disabled={total === 0 || clear.isPending}
          onClick={() => clear.mutate()}
          data-testid="faults-clear"
        >
          Switch every fault off
        </button>
      </header>
      <p className="hint intro-hint">
        Make the built-in integrator misbehave, one endpoint at a time, to see what the checkout does
        (fallback options, a restarted shipping selection) and what the conformance run reports.
      </p>
      <QueryStatus isPending={faults.isPending} error={faults.error} what="the faults">
        {data && active && (
          <>
            <div className="fault-grid">
              {FAULT_ENDPOINTS.map((e) => (
                <EndpointFaults
                  key={e}
                  endpoint={e}
                  values={data[e] as Record<string, unknown>}
                  activeCount={active[e].length}
                  disabled={update.isPending || clear.isPending}
                  onPatch={(patch) => update.mutate({ endpoint: e, patch })}
                />
              ))}
            </div>
            <ErrorSummary errors={toFormErrors(update.error ?? clear.error)} testId="faults-error" />
            {app.data && (
              <div className="faults-curl">
                <div className="faults-curl-head">
                  <span className="muted small">The same from a script (a PUT replaces the whole set):</span>
                  <SimDefinedBadge />
                  <CopyButton
                    text={() =>
                      faultsCurl(
                        app.data.urls.api,
                        app.data.credentials.username,
                        app.data.credentials.password,
                        data,
                      )
                    }
                    testId="faults-curl-copy"
                    label="Copy curl"
                  />
                </div>
                <pre className="code-block command" data-testid="faults-curl">
                  {faultsCurl(app.data.urls.api, app.data.credentials.username, MASK, data)}
                </pre>
              </div>
            )}
          </>
        )}
      </QueryStatus>
    </section>
  );
}

function EndpointFaults({
  endpoint,
  values,
  activeCount,
  disabled,
  onPatch,
}: {
  endpoint: FaultEndpoint;
  values: Record<string, unknown>;
  activeCount: number;
  disabled: boolean;
  onPatch: (patch: Record<string, unknown>) => void;
}) {
  return (
    <fieldset
      className={`fault-endpoint${activeCount > 0 ? ' has-faults' : ''}`}
      data-testid={`faults-${endpoint}`}
    >
      <legend>
        <span className="mono">{ENDPOINT_CALLS[endpoint]}</span>
        {activeCount > 0 && <span className="badge badge-bad badge-inline">{activeCount} on</span>}
      </legend>
      {switchesOf(endpoint).map((s) => (
        <FaultRow
          key={s.key}
          endpoint={endpoint}
          sw={s}
          value={values[s.key]}
          disabled={disabled}
          onPatch={onPatch}
        />
      ))}
    </fieldset>
  );
}

function FaultRow({
  endpoint,
  sw,
  value,
  disabled,
  onPatch,
}: {
  endpoint: FaultEndpoint;
  sw: FaultSwitch;
  value: unknown;
  disabled: boolean;
  onPatch: (patch: Record<string, unknown>) => void;
}) {
  const testId = `fault-${endpoint}-${sw.key}`;
  if (sw.kind === 'bool') {
    return (
      <CheckField
        className="fault-row check"
        title={sw.hint}
        checked={value === true}
        disabled={disabled}
        onChange={(on) => onPatch({ [sw.key]: on })}
        testId={testId}
      >
        <FaultText sw={sw} />
      </CheckField>
    );
  }
  if (sw.kind === 'latency') {
    return (
      <NumberRow
        sw={sw}
        testId={testId}
        value={Number(value ?? 0)}
        unit="ms"
        disabled={disabled}
        onPatch={onPatch}
      />
    );
  }
  return (
    <StatusRow
      sw={sw}
      testId={testId}
      value={(value as number | null) ?? null}
      disabled={disabled}
      onPatch={onPatch}
    />
  );
}

/** Latency: applied when the field is left or Enter is pressed. */
function NumberRow(props: {
  sw: FaultSwitch;
  testId: string;
  value: number;
  unit: string;
  disabled: boolean;
  onPatch: (patch: Record<string, unknown>) => void;
}) {
  const { sw, testId, value, unit, disabled, onPatch } = props;
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  // The server's value changed (a save, a script): show it.
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }
  const apply = () => {
    if (text.trim() === String(value)) return;
    onPatch({ [sw.key]: /^\d+$/.test(text.trim()) ? Number(text.trim()) : text });
  };
  return (
    <label className="fault-row fault-number" title={sw.hint}>
      <FaultText sw={sw} />
      <span className="fault-input">
        <input
          className="input"
          inputMode="numeric"
          value={text}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          onBlur={apply}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
          data-testid={testId}
        />
        <span className="muted small">{unit}</span>
      </span>
    </label>
  );
}

/** 5xx: a switch and the status it answers with. */
function StatusRow(props: {
  sw: FaultSwitch;
  testId: string;
  value: number | null;
  disabled: boolean;
  onPatch: (patch: Record<string, unknown>) => void;
}) {
  const { sw, testId, value, disabled, onPatch } = props;
  const [status, setStatus] = useState(String(value ?? 503));
  const code = () => (/^\d+$/.test(status.trim()) ? Number(status.trim()) : status);
  return (
    <div className="fault-row fault-number">
      <CheckField
        title={sw.hint}
        checked={value !== null}
        disabled={disabled}
        onChange={(on) => onPatch({ [sw.key]: on ? code() : null })}
        testId={testId}
      >
        <FaultText sw={sw} />
      </CheckField>
      <span className="fault-input">
        <input
          className="input"
          inputMode="numeric"
          aria-label={`${sw.label}: status`}
          value={status}
          disabled={disabled}
          onChange={(e) => setStatus(e.target.value)}
          onBlur={() => value !== null && String(value) !== status.trim() && onPatch({ [sw.key]: code() })}
          data-testid={`${testId}-status`}
        />
      </span>
    </div>
  );
}

/** A switch's label and, under it, its hint. */
function FaultText({ sw }: { sw: FaultSwitch }) {
  return (
    <span className="fault-text">
      <span>{sw.label}</span>
      <span className="muted small">{sw.hint}</span>
    </span>
  );
}
