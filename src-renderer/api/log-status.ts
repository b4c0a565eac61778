import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LogStatus } from '@shared/schemas/log-status.schema';
import { countOf } from '@shared/format/plural';
import { useControlApi } from './ControlApiContext';

/** The exchange log's size against its cap, what it lost, and a full disk (`log.status`). */
export const logStatusKey = ['log', 'status'] as const;

/**
 * The log's status, kept current by the `log.status` event (a full disk, exchanges dropped or pruned,
 * Clear log, a new cap) and read again every 10 s for the size, which grows with every exchange.
 */
export function useLogStatus() {
  const api = useControlApi();
  const client = useQueryClient();
  useEffect(
    () => api.subscribe('log.status', (status) => client.setQueryData(logStatusKey, status)),
    [api, client],
  );
  return useQuery({
    queryKey: logStatusKey,
    queryFn: () => api.invoke('log.status', {}),
    refetchInterval: 10_000,
  });
}

/** The end of the disk-full banner's sentence: how many exchanges the full disk kept out of the log. */
export function droppedText(dropped: number): string {
  return dropped > 0 ? `; ${countOf(dropped, 'exchange')} could not be logged.` : '.';
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** Bytes in binary units, as people read sizes: `12.3 MB`, `1 GB` (1 GB = 1024³ bytes here). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 || Number.isInteger(value) ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

/** The log page's figure: its size against the cap, and what was pruned or dropped, in words. */
export function sizeLine(s: LogStatus): string {
  const parts = [`${formatBytes(s.bytes)} of ${formatBytes(s.max_bytes)}`];
  if (s.pruned > 0) parts.push(`${s.pruned.toLocaleString('en')} oldest removed to stay under it`);
  if (s.dropped > 0) parts.push(`${s.dropped.toLocaleString('en')} not written`);
  return parts.join(' · ');
}
