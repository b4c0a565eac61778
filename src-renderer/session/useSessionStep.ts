import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type StepResult } from '@shared/schemas/session.schema';
import { useControlApi } from '../api/ControlApiContext';
import { queryKeys } from '../api/queries';
import { toFormErrors } from '../form/problems';

type StepOp = 'session.country' | 'session.address' | 'session.shippingOption' | 'session.complete';

/**
 * Runs one customer step through the control contract (never the HTTP test helpers) and refreshes the session.
 * A refused step (bad input, out of order, read-only order) comes back as `errors`, for the form to show.
 */
export function useSessionStep(orderId: string, op: StepOp, onResult: (result: StepResult) => void) {
  const api = useControlApi();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (input: unknown) => api.invoke(op, { orderId, input }),
    onSuccess: (result) => onResult(result),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: queryKeys.session(orderId) });
      void client.invalidateQueries({ queryKey: queryKeys.order(orderId) });
    },
  });
  return {
    run: (input: unknown) => mutation.mutate(input),
    /** Forgets the last answer (a refusal the customer has since done something about). */
    reset: () => mutation.reset(),
    pending: mutation.isPending,
    /** For the form's save bar. */
    action: { isPending: mutation.isPending, isSuccess: mutation.isSuccess },
    errors: toFormErrors(mutation.error),
  };
}
