import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type IntegratorInfo } from '@shared/schemas/integrator-sim.schema';
import { useState } from 'react';
import { useControlApi } from '../api/ControlApiContext';
import { queryKeys, useAppInfo, useIntegratorInfo } from '../api/queries';
import { CopyButton } from '../ui/CopyButton';
import { ErrorSummary } from '../form/ErrorSummary';
import { Form } from '../form/Form';
import { toFormErrors } from '../form/problems';
import { SaveButton } from '../form/SaveBar';
import { QueryStatus } from '../ui/QueryStatus';
import { RevealSecretsButton, Secret } from '../ui/Secret';
import { TextField } from '../form/TextField';

/** The built-in fake integrator: where it listens, its own credentials, and its token and tracking timing. */
export function BuiltInIntegratorCard() {
  const info = useIntegratorInfo();
  const app = useAppInfo();
  return (
    <section className="card" data-testid="integrator-card">
      <h2>Built-in fake integrator</h2>
      <p className="hint intro-hint">
        A transport management system as the shipping spec describes it, with its own credentials: point any
        shipping assistant at it, or run the conformance test against it to see what passing looks like.
      </p>
      <QueryStatus isPending={info.isPending} error={info.error} what="the fake integrator">
        {info.data && (
          <>
            <dl className="kv kv-wide">
              <div className="kv-row">
                <dt>Base URL</dt>
                <dd className="kv-value">
                  <span className="mono selectable" data-testid="integrator-base-url">
                    {app.data?.urls.integrator ?? '…'}
                  </span>
                  {app.data && (
                    <CopyButton text={app.data.urls.integrator} testId="integrator-base-url-copy" />
                  )}
                </dd>
              </div>
              <div className="kv-row">
                <dt>Identifier</dt>
                <dd className="kv-value">
                  <span className="mono selectable" data-testid="integrator-identifier">
                    {info.data.identifier}
                  </span>
                  <CopyButton text={info.data.identifier} testId="integrator-identifier-copy" />
                </dd>
              </div>
              <div className="kv-row">
                <dt>Key</dt>
                <dd className="kv-value">
                  <Secret value={info.data.key} testId="integrator-key" />
                  <span className="row-actions inline">
                    <RevealSecretsButton testId="integrator-key-reveal" />
                    <CopyButton text={info.data.key} testId="integrator-key-copy" />
                  </span>
                </dd>
              </div>
            </dl>
            <TimingForm key={`${info.data.token_ttl_s}/${info.data.tracking_delay_s}`} info={info.data} />
          </>
        )}
      </QueryStatus>
    </section>
  );
}

function TimingForm({ info }: { info: IntegratorInfo }) {
  const api = useControlApi();
  const client = useQueryClient();
  const [ttl, setTtl] = useState(String(info.token_ttl_s));
  const [delay, setDelay] = useState(String(info.tracking_delay_s));
  const save = useMutation({
    mutationFn: () =>
      api.invoke('integrator.settings.update', {
        token_ttl_s: /^\d+$/.test(ttl.trim()) ? Number(ttl) : ttl,
        tracking_delay_s: /^\d+$/.test(delay.trim()) ? Number(delay) : delay,
      }),
    onSuccess: (next) => client.setQueryData(queryKeys.integratorInfo, next),
  });
  const errors = toFormErrors(save.error);
  return (
    <Form className="timing-form" testId="integrator-timing" errors={errors} onSubmit={() => save.mutate()}>
      <div className="form-grid">
        <TextField
          label="Token lifetime (s)"
          path="token_ttl_s"
          testId="integrator-ttl"
          inputMode="numeric"
          value={ttl}
          onChange={setTtl}
        />
        <TextField
          label="Tracking appears after (s)"
          path="tracking_delay_s"
          testId="integrator-tracking-delay"
          inputMode="numeric"
          value={delay}
          onChange={setDelay}
        />
        <div className="form-actions align-end">
          <SaveButton action={save} primary={false} testId="integrator-timing-save" />
        </div>
      </div>
      <p className="hint">
        Tokens expire on the simulator clock (the spec recommends about an hour; down to seconds to test
        expiry). Tracking ids appear this long after a shipment’s last create or update.
      </p>
      <ErrorSummary testId="integrator-timing-error" />
    </Form>
  );
}
