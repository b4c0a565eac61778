import { useQueryClient } from '@tanstack/react-query';
import { useControlApi } from '../api/ControlApiContext';
import { queryKeys } from '../api/queries';
import { ConfirmButton } from '../ui/ConfirmButton';

/**
 * Empties the exchange log (`exchanges.clear`), for a clean start before reproducing a flow; asks once
 * more first. Orders and their state are kept.
 */
export function ClearLog() {
  const api = useControlApi();
  const client = useQueryClient();
  return (
    <ConfirmButton
      label="Clear log"
      question="Delete every recorded exchange? Orders are kept."
      confirmLabel="Delete all"
      cancelLabel="Keep them"
      testId="log-clear"
      small
      run={() => api.invoke('exchanges.clear', {})}
      onSettled={() => void client.invalidateQueries({ queryKey: queryKeys.exchanges })}
    />
  );
}
