import { type Client } from '@shared/schemas/elements.schema';
import { useState } from 'react';
import { useControlApi } from '../api/ControlApiContext';
import { ErrorSummary, Field } from '../ui/FormError';
import { problemAt, toFormErrors, unclaimedProblems } from '../ui/problems';
import { useClientMutation } from './useClientMutation';

/** Renames a client. The update replaces the whole client, so origins and placements are sent as they are. */
export function ClientNameForm({ client: c }: { client: Client }) {
  const api = useControlApi();
  const [name, setName] = useState(c.name);
  const save = useClientMutation((next: string) =>
    api.invoke('elements.client.update', {
      client_id: c.id,
      body: { name: next, allowed_origins: c.allowed_origins, placements: c.placements },
    }),
  );
  const errors = toFormErrors(save.error);
  return (
    <form
      className="card client-card"
      noValidate
      data-testid="client-name-form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(name);
      }}
    >
      <h2>Name</h2>
      <div className="inline-form">
        <Field label="Client name" error={problemAt(errors, 'name')} testId="client-rename">
          <input
            className="input"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              save.reset();
            }}
            data-testid="client-rename"
          />
        </Field>
        <button
          type="submit"
          className="btn"
          disabled={save.isPending || name === c.name}
          data-testid="client-rename-save"
        >
          Rename
        </button>
        {save.isSuccess && (
          <span className="muted small" role="status" data-testid="client-rename-saved">
            Saved.
          </span>
        )}
      </div>
      <ErrorSummary
        errors={errors}
        unclaimed={unclaimedProblems(errors, (p) => p === 'name')}
        testId="client-rename-error"
      />
    </form>
  );
}
