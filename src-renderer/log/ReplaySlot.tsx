import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { type Exchange } from '@shared/schemas/exchange.schema';
import { useControlApi } from '../api/ControlApiContext';
import { formatRoute } from '../router/routes';
import { ErrorSummary } from '../form/ErrorSummary';
import { Field } from '../form/Field';
import { Form } from '../form/Form';
import { toFormErrors } from '../form/problems';
import { TextField } from '../form/TextField';

/** Calls the simulator made that can be sent again: callbacks, pushes, notifications, integrator calls. */
const replayable = (e: Exchange) => e.direction === 'out' && !e.kind.startsWith('client_event.');

/**
 * The side panel's "Replay": sends a recorded call of the simulator's again (`exchanges.replay`), as it
 * was or with another URL or body, and opens the new exchange, which names the one it replays.
 */
export function ReplaySlot({ exchange: e }: { exchange: Exchange }) {
  const api = useControlApi();
  const [editing, setEditing] = useState(false);
  const [url, setUrl] = useState(e.url);
  const [body, setBody] = useState(e.request.body ?? '');
  const replay = useMutation({
    mutationFn: (edit: boolean) =>
      api.invoke('exchanges.replay', {
        exchangeId: e.id,
        ...(edit && url !== e.url ? { url } : {}),
        ...(edit && body !== (e.request.body ?? '') ? { body: body === '' ? null : body } : {}),
      }),
    onSuccess: (next) => {
      window.location.hash = formatRoute({
        name: 'log',
        ...(next.order_id ? { orderId: next.order_id } : {}),
        exchangeId: next.id,
      });
    },
  });
  if (!replayable(e)) return null;
  return (
    <div className="replay" data-testid="exchange-replay">
      <button
        type="button"
        className="btn"
        disabled={replay.isPending}
        onClick={() => replay.mutate(false)}
        data-testid="exchange-replay-send"
      >
        {replay.isPending ? 'Sending…' : 'Replay'}
      </button>
      <button
        type="button"
        className="btn btn-link"
        onClick={() => setEditing((v) => !v)}
        aria-expanded={editing}
        data-testid="exchange-replay-edit"
      >
        Edit, then replay
      </button>
      {editing && (
        <Form className="replay-form" errors={null} onSubmit={() => replay.mutate(true)}>
          <TextField
            label="URL"
            testId="exchange-replay-url"
            className="input mono"
            value={url}
            onChange={setUrl}
          />
          <Field label="Body" testId="exchange-replay-body">
            <textarea
              className="input mono"
              rows={6}
              value={body}
              onChange={(ev) => setBody(ev.target.value)}
              data-testid="exchange-replay-body"
            />
          </Field>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={replay.isPending}
            data-testid="exchange-replay-submit"
          >
            Send the edited call
          </button>
        </Form>
      )}
      <ErrorSummary errors={toFormErrors(replay.error)} testId="exchange-replay-error" />
    </div>
  );
}
