import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Settings } from '@shared/schemas/settings.schema';
import { ARRIVAL_LABELS, ARRIVAL_MODES, type ArrivalMode } from '@shared/schemas/arrival.schema';
import { useState } from 'react';
import { useControlApi } from '../api/ControlApiContext';
import { queryKeys, useSettings } from '../api/queries';
import { Field } from '../form/Field';
import { numberOrText } from '../form/field-values';
import { Form } from '../form/Form';
import { problemsUnder, toFormErrors } from '../form/problems';
import { editing } from '../form/save-state';
import { SaveBar } from '../form/SaveBar';
import { QueryStatus } from '../ui/QueryStatus';
import { FaultSettingCard } from '../faults/FaultSettingCard';
import { ClockQuietSetting } from './ClockQuietSetting';
import { LogCapSetting } from './LogCapSetting';
import { ThemeSwitch } from './ThemeSwitch';
import './settings.css';
import { Options } from '../form/Options';
import { Page } from '../ui/Page';
import { CheckField } from '../form/CheckField';

/** The simulator's settings: how long in-session callbacks may take, and which production rules apply. */
export function SettingsPage() {
  const settings = useSettings();
  return (
    <Page title="Settings" testId="settings-page" className="settings-page">
      <QueryStatus isPending={settings.isPending} error={settings.error} what="the settings">
        {settings.data && <SettingsForm current={settings.data} />}
      </QueryStatus>
      <ThemeSwitch />
      <FaultSettingCard />
      <ClockQuietSetting />
      <LogCapSetting />
    </Page>
  );
}

/** The settings a form holds, as the simulator will read them; compared with what it stores to tell a change. */
function bodyOf(form: {
  timeout: string;
  tls: boolean;
  upsell: boolean;
  arrival: ArrivalMode;
  origins: string;
}) {
  return {
    callback_timeout_ms: numberOrText(form.timeout),
    production_tls_rules: form.tls,
    upsell_enabled: form.upsell,
    confirmation_arrival: form.arrival,
    checkout_frame_origins: form.origins
      .split(/[\s,]+/)
      .map((o) => o.trim())
      .filter((o) => o !== ''),
  };
}

/** A problem of the frame origins, named by its line in the box. */
function originLine(path: string, message: string): string {
  const line = /^checkout_frame_origins\[(\d+)\]/.exec(path);
  return `${line ? `line ${Number(line[1]) + 1}` : path}: ${message}`;
}

function SettingsForm({ current }: { current: Settings }) {
  const api = useControlApi();
  const client = useQueryClient();
  const [timeout, setTimeoutText] = useState(String(current.callback_timeout_ms));
  const [tls, setTls] = useState(current.production_tls_rules);
  const [upsell, setUpsell] = useState(current.upsell_enabled);
  const [arrival, setArrival] = useState<ArrivalMode>(current.confirmation_arrival);
  const [origins, setOrigins] = useState(current.checkout_frame_origins.join('\n'));
  const body = bodyOf({ timeout, tls, upsell, arrival, origins });
  const save = useMutation({
    mutationFn: () => api.invoke('settings.update', body),
    onSuccess: (next) => {
      client.setQueryData(queryKeys.settings, next);
      setTimeoutText(String(next.callback_timeout_ms));
      setOrigins(next.checkout_frame_origins.join('\n'));
    },
  });
  const errors = toFormErrors(save.error);
  const edit = editing(save);
  const dirty = Object.entries(body).some(
    ([k, v]) => JSON.stringify(v) !== JSON.stringify(current[k as keyof typeof body]),
  );
  return (
    <Form
      className="card settings-form"
      testId="settings-form"
      errors={errors}
      onSubmit={() => save.mutate()}
    >
      <h2>Callbacks</h2>
      <div className="form-grid">
        <Field label="Callback timeout (ms)" path="callback_timeout_ms" testId="settings-timeout">
          {/* The reset sits beside the field it resets. */}
          <div className="input-with-action">
            <input
              className="input"
              inputMode="numeric"
              value={timeout}
              onChange={(e) => edit(setTimeoutText)(e.target.value)}
              data-testid="settings-timeout"
            />
            <button
              type="button"
              className="btn"
              onClick={() => edit(setTimeoutText)('10000')}
              data-testid="settings-default"
            >
              Spec default (10 000 ms)
            </button>
          </div>
        </Field>
      </div>
      <p className="hint">
        How long an in-session callback (address_update, country_change, shipping_option_update, validation)
        may take. The spec’s limit is 10 000 ms: past it the purchase stops with the generic error, except
        validation, where no answer in time lets the purchase go through (unless the order sets
        options.require_validate_callback_success). Lower it to try timeouts without waiting; 1 to 120 000.
      </p>
      <h2 className="settings-heading">Production rules</h2>
      <Toggle
        checked={tls}
        onChange={edit(setTls)}
        testId="settings-tls"
        label="Apply production TLS rules"
        hint="On: an http:// callback URL fails, and push verifies certificates. Off: every call is delivered and the ones production would refuse are flagged in the log."
      />
      {/* What the merchant's account has switched on, not a rule of production (issue 34 point 5). */}
      <h2 className="settings-heading" id="settings-account">
        The merchant account
      </h2>
      <Toggle
        checked={upsell}
        onChange={edit(setUpsell)}
        testId="settings-upsell"
        label="Upsell is enabled for the account"
        hint="Upsell is a feature switched on per merchant account. Off: upsell, upsell_validation and upsell_notification are never called."
      />
      <h2 className="settings-heading">The embedded checkout</h2>
      <div className="form-grid">
        <Field
          label="Who tells your server first that a purchase completed"
          path="confirmation_arrival"
          testId="settings-arrival"
        >
          <select
            className="input"
            value={arrival}
            onChange={(e) => edit(setArrival)(e.target.value as ArrivalMode)}
            data-testid="settings-arrival"
          >
            <Options values={ARRIVAL_MODES} label={(m) => ARRIVAL_LABELS[m]} />
          </select>
        </Field>
      </div>
      <p className="hint">
        Push and the confirmation redirect are equally authoritative and either may arrive first: your code
        must handle both orders, and a customer who never reaches the confirmation page. An order can choose
        for itself on its session page (or with PUT /test_helpers/checkout/orders/&#123;id&#125;/arrival).
      </p>
      <div className="form-grid">
        <Field
          label="Pages allowed to frame the checkout (one origin per line; empty: any)"
          path="checkout_frame_origins"
          under
          error={
            problemsUnder(errors, 'checkout_frame_origins')
              .map((p) => originLine(p.path, p.message))
              .join('; ') || undefined
          }
          testId="settings-frame-origins"
        >
          <textarea
            className="input mono"
            rows={3}
            placeholder="http://localhost:3000"
            value={origins}
            onChange={(e) => edit(setOrigins)(e.target.value)}
            data-testid="settings-frame-origins"
          />
        </Field>
      </div>
      <SaveBar
        action={save}
        dirty={dirty}
        busyLabel="Saving…"
        testId="settings-save"
        savedTestId="settings-saved"
        errorTestId="settings-error"
      />
    </Form>
  );
}

function Toggle(props: {
  checked: boolean;
  onChange: (v: boolean) => void;
  testId: string;
  label: string;
  hint: string;
}) {
  return (
    <div className="toggle">
      <CheckField checked={props.checked} onChange={props.onChange} testId={props.testId}>
        {props.label}
      </CheckField>
      <p className="hint">{props.hint}</p>
    </div>
  );
}
