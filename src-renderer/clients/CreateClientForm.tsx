import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useControlApi } from '../api/ControlApiContext';
import { queryKeys } from '../api/queries';
import { formatRoute } from '../router/routes';
import { Form } from '../form/Form';
import { toFormErrors } from '../form/problems';
import { editing } from '../form/save-state';
import { SaveBar } from '../form/SaveBar';
import { originProblems, splitOriginInput } from './origin-edit';
import { OriginProblems } from './OriginProblems';
import { TextField } from '../form/TextField';

/** A new client: its name and the origins allowed to embed it; opens the client once created. */
export function CreateClientForm({ onCancel }: { onCancel: () => void }) {
  const api = useControlApi();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [origins, setOrigins] = useState('');
  const sent = splitOriginInput(origins);
  const create = useMutation({
    mutationFn: (entries: string[]) =>
      api.invoke('elements.client.create', { body: { name, allowed_origins: entries } }),
    onSuccess: (created) => {
      client.setQueryData(queryKeys.client(created.id), created);
      void client.invalidateQueries({ queryKey: queryKeys.clients });
      window.location.hash = formatRoute({ name: 'client', clientId: created.id });
    },
  });
  const errors = toFormErrors(create.error);
  const edit = editing(create);
  const entryProblems = originProblems(errors, create.variables ?? []);

  return (
    <Form
      className="card client-create"
      testId="client-create-form"
      errors={errors}
      onSubmit={() => create.mutate(sent)}
    >
      <h2>New client</h2>
      <div className="client-create-grid">
        <TextField
          label="Name"
          path="name"
          testId="client-name"
          value={name}
          onChange={edit(setName)}
          placeholder="Web shop"
        />
        <label className={`field${entryProblems.length > 0 ? ' field-invalid' : ''}`}>
          <span className="field-label">Allowed origins (one per line)</span>
          <textarea
            className="input mono origins-box"
            rows={3}
            value={origins}
            onChange={(e) => edit(setOrigins)(e.target.value)}
            placeholder={'https://shop.example.com\nhttp://localhost:3000'}
            spellCheck={false}
            data-testid="client-origins-input"
          />
          <OriginProblems problems={entryProblems} testId="client-origins-error" />
        </label>
      </div>
      <p className="hint">
        An origin is <code>https://</code>, a host and an optional port: no path, no trailing slash, no
        wildcard. <code>http://localhost</code> is the one exception, for local development.
      </p>
      <SaveBar
        action={create}
        label="Create client"
        busyLabel="Creating…"
        testId="client-create"
        errorTestId="client-create-error"
        claims={(p) => p.startsWith('allowed_origins')}
      >
        <button type="button" className="btn" onClick={onCancel} data-testid="client-create-cancel">
          Cancel
        </button>
      </SaveBar>
    </Form>
  );
}
