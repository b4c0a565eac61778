import { type Client } from '@shared/schemas/elements.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useControlApi } from '../api/ControlApiContext';
import { queryKeys } from '../api/queries';
import { formatRoute } from '../router/routes';
import { ErrorSummary } from '../form/ErrorSummary';
import { toFormErrors } from '../form/problems';

/** Deletes the client after an explicit confirmation on the page (no browser dialog). */
export function DeleteClient({ client: c }: { client: Client }) {
  const api = useControlApi();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => api.invoke('elements.client.delete', { client_id: c.id }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.clients });
      window.location.hash = formatRoute({ name: 'clients' });
    },
  });
  return (
    <section className="card client-card danger-zone" data-testid="client-delete-section">
      <h2>Delete</h2>
      {!confirming ? (
        <button
          type="button"
          className="btn btn-danger"
          onClick={() => setConfirming(true)}
          data-testid="client-delete"
        >
          Delete client…
        </button>
      ) : (
        <div
          className="confirm"
          role="alertdialog"
          aria-label="Confirm delete"
          data-testid="client-delete-confirm"
        >
          <span>
            Delete <strong>{c.name}</strong>? Its origins and placements go with it; API calls with its id get
            CLIENT_NOT_FOUND.
          </span>
          <button
            type="button"
            className="btn btn-danger"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
            data-testid="client-delete-yes"
          >
            Delete
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => setConfirming(false)}
            data-testid="client-delete-no"
          >
            Keep
          </button>
        </div>
      )}
      <ErrorSummary errors={toFormErrors(remove.error)} testId="client-delete-error" />
    </section>
  );
}
