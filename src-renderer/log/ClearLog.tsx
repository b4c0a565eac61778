import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useControlApi } from '../api/ControlApiContext';
import { queryKeys } from '../api/queries';

/**
 * Empties the exchange log (`exchanges.clear`), for a clean start before reproducing a flow; asks once
 * more first. Orders and their state are kept.
 */
export function ClearLog() {
  const api = useControlApi();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const clear = useMutation({
    mutationFn: () => api.invoke('exchanges.clear', {}),
    onSuccess: () => setConfirming(false),
    onSettled: () => void client.invalidateQueries({ queryKey: queryKeys.exchanges }),
  });
  if (!confirming) {
    return (
      <button
        type="button"
        className="btn btn-small"
        onClick={() => setConfirming(true)}
        data-testid="log-clear"
      >
        Clear log
      </button>
    );
  }
  return (
    <span className="row-actions inline" role="group" aria-label="Confirm clearing the log">
      <span className="small">Delete every recorded exchange? Orders are kept.</span>
      <button
        type="button"
        className="btn btn-small btn-danger"
        onClick={() => clear.mutate()}
        disabled={clear.isPending}
        data-testid="log-clear-confirm"
      >
        Delete all
      </button>
      <button
        type="button"
        className="btn btn-small"
        onClick={() => setConfirming(false)}
        data-testid="log-clear-cancel"
      >
        Keep them
      </button>
      {clear.error && <span className="field-error">{clear.error.message}</span>}
    </span>
  );
}
