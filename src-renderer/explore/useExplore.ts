import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExploreStart, ExploreStatus } from '@shared/schemas/explore.schema';
import { useControlApi } from '../api/ControlApiContext';

/** How often a running run's status is read: the progress line moves at this pace. */
const POLL_MS = 500;
const KEY = ['explore.status'] as const;

/**
 * The simulator's latest explore run (it keeps running when the page is left; coming back shows it), read
 * again every half second while it runs, and the start and stop of a run.
 */
export function useExplore() {
  const api = useControlApi();
  const client = useQueryClient();
  const status = useQuery({
    queryKey: KEY,
    queryFn: () => api.invoke('explore.status', {}),
    refetchInterval: (q) => (q.state.data?.state === 'running' ? POLL_MS : false),
  });
  const show = (s: ExploreStatus | null) => client.setQueryData(KEY, s);
  const start = useMutation({
    mutationFn: (input: ExploreStart) => api.invoke('explore.start', input),
    onSuccess: show,
  });
  const stop = useMutation({
    mutationFn: (runId: string) => api.invoke('explore.stop', { run_id: runId }),
    onSuccess: show,
  });
  return { status, start, stop };
}
