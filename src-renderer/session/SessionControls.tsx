import { useQueryClient } from '@tanstack/react-query';
import { useControlApi } from '../api/ControlApiContext';
import { queryKeys } from '../api/queries';
import { ConfirmButton } from '../ui/ConfirmButton';

/** Aborts the session as the merchant would (`orders.abort`); asks once more before doing it. */
export function AbortButton({ orderId }: { orderId: string }) {
  const api = useControlApi();
  const client = useQueryClient();
  return (
    <ConfirmButton
      label="Abort"
      confirmLabel="Abort the session"
      cancelLabel="Keep it"
      testId="session-abort"
      danger
      run={() => api.invoke('orders.abort', { orderId })}
      onSettled={() => void client.invalidateQueries({ queryKey: queryKeys.session(orderId) })}
    />
  );
}
