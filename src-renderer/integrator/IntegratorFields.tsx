import { useState } from 'react';
import { Field } from '../form/Field';
import { TextField } from '../form/TextField';

/** An integrator's address and credentials, as a form holds them. */
export interface IntegratorCredentials {
  base_url: string;
  identifier: string;
  key: string;
}

/**
 * The fields that point at an integrator: its base URL, identifier and key (hidden until shown). The same
 * on the conformance test and in the shipping assistant's settings; `testIdPrefix` tells them apart.
 */
export function IntegratorFields({
  values,
  onChange,
  testIdPrefix,
  disabled = false,
  keyLabel = 'Key',
  keyPlaceholder,
}: {
  values: IntegratorCredentials;
  onChange: (field: keyof IntegratorCredentials, value: string) => void;
  testIdPrefix: string;
  disabled?: boolean;
  keyLabel?: string;
  keyPlaceholder?: string;
}) {
  const [reveal, setReveal] = useState(false);
  const id = (field: string) => `${testIdPrefix}-${field}`;
  return (
    <>
      <TextField
        label="Base URL"
        path="base_url"
        testId={id('base-url')}
        fieldClassName="span-2"
        className="input mono"
        value={values.base_url}
        disabled={disabled}
        placeholder="https://tms.example.com/api"
        onChange={(v) => onChange('base_url', v)}
        spellCheck={false}
        autoComplete="off"
      />
      <TextField
        label="Identifier"
        path="identifier"
        testId={id('identifier')}
        className="input mono"
        value={values.identifier}
        disabled={disabled}
        onChange={(v) => onChange('identifier', v)}
        spellCheck={false}
        autoComplete="off"
      />
      <Field label={keyLabel} path="key" testId={id('key')}>
        <span className="secret-input">
          <input
            className="input mono"
            type={reveal ? 'text' : 'password'}
            value={values.key}
            disabled={disabled}
            placeholder={keyPlaceholder}
            onChange={(e) => onChange('key', e.target.value)}
            autoComplete="new-password"
            data-testid={id('key')}
          />
          <button
            type="button"
            className="btn btn-small"
            aria-pressed={reveal}
            onClick={() => setReveal(!reveal)}
            disabled={disabled}
            data-testid={id('key-reveal')}
          >
            {reveal ? 'Hide' : 'Show'}
          </button>
        </span>
      </Field>
    </>
  );
}
