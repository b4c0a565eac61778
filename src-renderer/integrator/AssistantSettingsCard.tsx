import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { type AssistantSettingsView } from '@shared/schemas/shipping-assistant.schema';
import { useState } from 'react';
import { useControlApi } from '../api/ControlApiContext';
import { queryKeys, useShippingSettings } from '../api/queries';
import { numberOrText } from '../form/field-values';
import { Form } from '../form/Form';
import { toFormErrors } from '../form/problems';
import { SaveBar } from '../form/SaveBar';
import { QueryStatus } from '../ui/QueryStatus';
import { SimDefinedBadge } from '../ui/SimDefinedBadge';
import { IntegratorFields } from './IntegratorFields';
import { TextField } from '../form/TextField';

function statusOf(s: AssistantSettingsView): { state: string; tone: string; text: string } {
  if (!s.enabled)
    return {
      state: 'off',
      tone: 'badge',
      text: 'Off: the options come from the merchant (the order and its callback answers)',
    };
  if (!s.configured) return { state: 'unconfigured', tone: 'badge badge-bad', text: `On, but ${s.problem}` };
  if (s.built_in)
    return { state: 'built-in', tone: 'badge badge-ok', text: 'On, against the built-in fake integrator' };
  return { state: 'own', tone: 'badge badge-ok', text: `On, against ${s.base_url}` };
}

/** The assistant's two timings, each a numeric field: its setting (and problem path), label and test id. */
const TIMING_FIELDS = [
  ['timeout_ms', 'Time-out (ms)', 'assistant-timeout'],
  ['tracking_poll_interval_s', 'Tracking poll interval (s)', 'assistant-poll'],
] as const;

/**
 * The shipping assistant: one switch turns it on or off (issue 34 point 5: there was a second, an "Enabled"
 * checkbox in the form, which said the same thing and could disagree with it until saved), then which
 * integrator it asks, the built-in fake (credentials filled in) or your own, and that integrator's settings.
 */
export function AssistantSettingsCard() {
  const api = useControlApi();
  const client = useQueryClient();
  const settings = useShippingSettings();
  const onSaved = (next: AssistantSettingsView) => client.setQueryData(queryKeys.shippingSettings, next);
  // Here, not in the form: the form starts over whenever the settings change, the mutations' state stays.
  const useBuiltIn = useMutation({
    mutationFn: () => api.invoke('shipping.settings.useBuiltIn', {}),
    onSuccess: onSaved,
  });
  const update = useMutation({
    mutationFn: (patch: Record<string, unknown>) => api.invoke('shipping.settings.update', patch),
    onSuccess: onSaved,
  });
  return (
    <section className="card" data-testid="assistant-card">
      <h2>
        Shipping assistant
        <SimDefinedBadge inline />
      </h2>
      <p className="hint intro-hint">
        When on, the checkout asks an integrator (a transport management system) for its shipping options on
        every cart or address change, books the shipment when the customer pays, and polls for tracking. The
        merchant’s shipping_options then serve as the fallback.
      </p>
      <QueryStatus
        isPending={settings.isPending}
        error={settings.error}
        what="the shipping assistant settings"
      >
        {/* Keyed by what the server holds, so the form starts from it again after any change (also from a script). */}
        {settings.data && (
          <AssistantForm
            key={JSON.stringify(settings.data)}
            current={settings.data}
            useBuiltIn={useBuiltIn}
            update={update}
          />
        )}
      </QueryStatus>
    </section>
  );
}

type Mutation<I> = UseMutationResult<AssistantSettingsView, Error, I>;

function AssistantForm({
  current,
  useBuiltIn,
  update,
}: {
  current: AssistantSettingsView;
  useBuiltIn: Mutation<void>;
  update: Mutation<Record<string, unknown>>;
}) {
  const [form, setForm] = useState({
    base_url: current.base_url,
    identifier: current.identifier,
    key: '',
    timeout_ms: String(current.timeout_ms),
    tracking_poll_interval_s: String(current.tracking_poll_interval_s),
  });
  const errors = toFormErrors(update.error ?? useBuiltIn.error);
  const status = statusOf(current);
  // On: the integrator it was pointed at; the built-in one when it was never pointed at one of your own.
  const turnOn = () =>
    current.built_in || !current.base_url ? useBuiltIn.mutate() : update.mutate({ enabled: true });
  const set = (k: keyof typeof form, v: string) => {
    setForm({ ...form, [k]: v });
    update.reset();
  };
  const body = {
    ...(current.built_in
      ? {}
      : {
          base_url: form.base_url.trim(),
          identifier: form.identifier.trim(),
          ...(form.key ? { key: form.key } : {}),
        }),
    timeout_ms: numberOrText(form.timeout_ms),
    tracking_poll_interval_s: numberOrText(form.tracking_poll_interval_s),
  };
  // A key typed in is a change: the stored one is shown masked, never as it is.
  const dirty = Object.entries(body).some(
    ([k, v]) => k === 'key' || v !== current[k as keyof typeof current],
  );

  return (
    <>
      <div className="switch-row">
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            checked={current.enabled}
            disabled={useBuiltIn.isPending || update.isPending}
            onChange={(e) => (e.target.checked ? turnOn() : update.mutate({ enabled: false }))}
            data-testid="assistant-on"
          />
          <span className="switch-label">Shipping assistant on</span>
        </label>
        <span className={status.tone} data-testid="assistant-status" data-state={status.state}>
          {status.text}
        </span>
      </div>
      <Form
        className="assistant-form"
        testId="assistant-form"
        errors={errors}
        onSubmit={() => update.mutate(body)}
      >
        {current.built_in && (
          <p className="hint" data-testid="assistant-follows-built-in">
            The address and credentials follow the built-in fake integrator.{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => update.mutate({ built_in: false })}
              data-testid="assistant-use-own"
            >
              Use my own integrator instead
            </button>
          </p>
        )}
        {!current.built_in && (
          <p className="hint" data-testid="assistant-own">
            It asks your own integrator, below.{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => useBuiltIn.mutate()}
              data-testid="assistant-use-built-in"
            >
              Use the built-in fake integrator instead
            </button>
          </p>
        )}
        <div className="form-grid">
          <IntegratorFields
            values={form}
            onChange={set}
            testIdPrefix="assistant"
            disabled={current.built_in}
            keyLabel={`Key (now ${current.key || 'not set'})`}
            keyPlaceholder={current.key ? 'unchanged' : 'paste it here'}
          />
          {TIMING_FIELDS.map(([key, label, testId]) => (
            <TextField
              key={key}
              label={label}
              path={key}
              testId={testId}
              inputMode="numeric"
              value={form[key]}
              onChange={(v) => set(key, v)}
            />
          ))}
        </div>
        <p className="hint">
          Past the time-out the checkout shows the fallback options (the spec’s default is 10 000 ms). After a
          purchase the simulator asks for tracking (GET /shipment) at this interval on its clock, for at most
          48 hours.
        </p>
        <SaveBar
          action={update}
          dirty={dirty}
          busyLabel="Saving…"
          testId="assistant-save"
          savedTestId="assistant-saved"
          errorTestId="assistant-error"
        />
      </Form>
    </>
  );
}
