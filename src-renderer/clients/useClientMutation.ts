import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Client } from '@shared/schemas/elements.schema';
import { queryKeys } from '../api/queries';

/** A change to one client whose answer (the client as stored) replaces the cached one at once. */
export function useClientMutation<V>(fn: (vars: V) => Promise<Client>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (updated) => {
      client.setQueryData(queryKeys.client(updated.id), updated);
      void client.invalidateQueries({ queryKey: queryKeys.clients });
    },
  });
}
