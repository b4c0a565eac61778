import { type Client } from '@shared/schemas/elements.schema';
import { useState } from 'react';
import { useControlApi } from '../api/ControlApiContext';
import { ErrorSummary } from '../form/ErrorSummary';
import { Form } from '../form/Form';
import { toFormErrors } from '../form/problems';
import { SaveButton, SaveNote } from '../form/SaveBar';
import { editing, saveState } from '../form/save-state';
import { useClientMutation } from './useClientMutation';
import { TextField } from '../form/TextField';

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
  const edit = editing(save);
  return (
    <Form
      className="card client-card"
      testId="client-name-form"
      errors={errors}
      onSubmit={() => save.mutate(name)}
    >
      <h2>Name</h2>
      <div className="inline-form">
        <TextField
          label="Client name"
          path="name"
          testId="client-rename"
          value={name}
          onChange={edit(setName)}
        />
        <SaveButton
          action={save}
          label="Rename"
          primary={false}
          disabled={name === c.name}
          testId="client-rename-save"
        />
        <SaveNote
          state={saveState(save, errors)}
          testId="client-rename-save"
          savedTestId="client-rename-saved"
          small
        />
      </div>
      <ErrorSummary testId="client-rename-error" />
    </Form>
  );
}
