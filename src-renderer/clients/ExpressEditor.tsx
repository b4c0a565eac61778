import { type Client } from '@shared/schemas/elements.schema';
import { useState } from 'react';
import { useControlApi } from '../api/ControlApiContext';
import { Field } from '../form/Field';
import { TextField } from '../form/TextField';
import { Form } from '../form/Form';
import { toFormErrors } from '../form/problems';
import { SaveBar } from '../form/SaveBar';
import { EXPRESS_URLS, expressBody, expressFormFor, expressFormOf, type ExpressForm } from './express-form';
import { PaymentMethodsEditor } from './PaymentMethodsEditor';
import { useClientMutation } from './useClientMutation';
import { Options } from '../form/Options';

const URL_LABELS = {
  push_url: 'Push URL',
  validation_url: 'Validation URL',
  confirmation_url: 'Confirmation URL',
} as const;

type Save = { body: unknown; patch: boolean };

/** The express configuration of one placement, saved whole (`PUT …/express`) or removed. */
export function ExpressEditor({ client: c }: { client: Client }) {
  const api = useControlApi();
  const [form, setForm] = useState<ExpressForm>(() => expressFormOf(c));
  const save = useClientMutation((v: Save) =>
    api.invoke('elements.client.setExpress', {
      client_id: c.id,
      placement_key: form.placementKey,
      express_config: v.body,
      patch: v.patch,
    }),
  );
  const errors = toFormErrors(save.error);
  const edit = (next: ExpressForm) => {
    setForm(next);
    save.reset();
  };
  const keys = [...new Set([...c.placements.map((p) => p.key), form.placementKey])];
  const stored = c.placements.find((p) => p.key === form.placementKey)?.express_config;
  // Compared as they would be sent, so an edit that changes nothing is no change.
  const dirty =
    JSON.stringify(expressBody(form)) !== JSON.stringify(expressBody(expressFormFor(c, form.placementKey)));

  return (
    <Form
      className="card client-card"
      testId="express-editor"
      errors={errors}
      onSubmit={() => save.mutate({ body: expressBody(form), patch: false })}
    >
      <h2>Express configuration</h2>
      <div className="form-grid express-grid">
        <Field label="Placement" path="placement_key" testId="express-placement">
          <select
            className="input"
            value={form.placementKey}
            onChange={(e) => edit(expressFormFor(c, e.target.value))}
            data-testid="express-placement"
          >
            <Options
              values={keys}
              label={(k) => k + (c.placements.some((p) => p.key === k) ? '' : ' (new)')}
            />
          </select>
        </Field>
        {EXPRESS_URLS.map((field) => (
          <TextField
            key={field}
            label={URL_LABELS[field]}
            path={field}
            testId={`express-${field}`}
            className="input mono"
            value={form.urls[field]}
            onChange={(v) => edit({ ...form, urls: { ...form.urls, [field]: v } })}
            placeholder={`https://shop.example.com/${field.replace('_url', '')}`}
            spellCheck={false}
          />
        ))}
      </div>
      <PaymentMethodsEditor
        methods={form.methods}
        errors={errors}
        onChange={(methods) => edit({ ...form, methods })}
      />
      <SaveBar
        action={save}
        dirty={dirty}
        label="Save configuration"
        busyLabel="Saving…"
        testId="express-save"
        savedTestId="express-saved"
        errorTestId="express-error"
        claims={(p) => p.startsWith('payment_methods')}
      >
        {stored && (
          <button
            type="button"
            className="btn btn-danger"
            disabled={save.isPending}
            onClick={() =>
              save.mutate(
                { body: null, patch: true },
                // The placement stays, without a configuration: start its form afresh.
                { onSuccess: () => setForm(expressFormFor({ placements: [] }, form.placementKey)) },
              )
            }
            data-testid="express-remove"
          >
            Remove configuration
          </button>
        )}
      </SaveBar>
    </Form>
  );
}
