import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type OpInput, type OpName, type OpOutput } from '@shared/contract/control';
import { useControlApi } from './ControlApiContext';

/** What a read may add to its key and operation: a `select`, `enabled`, a `staleTime` … */
export type OpQueryOptions<K extends OpName, T> = Omit<
  UseQueryOptions<OpOutput<K>, Error, T>,
  'queryKey' | 'queryFn'
>;

/**
 * A React Query read of one control operation under `queryKey`. The console's read hooks differ only in
 * key, operation, input and options; this is the one place that ties the three together.
 */
export function useOp<K extends OpName, T = OpOutput<K>>(
  queryKey: QueryKey,
  op: K,
  input: OpInput<K>,
  options?: OpQueryOptions<K, T>,
) {
  const api = useControlApi();
  return useQuery({ ...options, queryKey, queryFn: () => api.invoke(op, input) });
}
