import { useQueryClient } from '@tanstack/react-query';
import { useControlApi } from '../api/ControlApiContext';
import { queryKeys } from '../api/queries';
import { formatWhen } from '../format/time';
import { ConfirmButton } from '../ui/ConfirmButton';
import { type Phase, type SessionOrder } from './session-view';

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

const CLOSED: Record<Exclude<Phase, 'open'>, string> = {
  completed: 'The purchase is complete: the customer can no longer change this session.',
  expired:
    'This session expired (48 hours after the last merchant update or customer interaction): it answers as an expired order and takes no steps.',
  aborted: 'The merchant aborted this session: it takes no more steps.',
};

/** Says why the forms are disabled when the session is over. */
export function ClosedNotice({ phase, order }: { phase: Phase; order: SessionOrder }) {
  if (phase === 'open') return null;
  const when = phase === 'expired' && order.expires_at ? ` Expired at ${formatWhen(order.expires_at)}.` : '';
  return (
    <div
      className={`notice ${phase === 'completed' ? 'notice-ok' : 'notice-error'} session-closed`}
      data-testid="session-closed"
      data-phase={phase}
    >
      {CLOSED[phase]}
      {when}
    </div>
  );
}
