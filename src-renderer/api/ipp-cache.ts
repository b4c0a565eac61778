import { type QueryClient } from '@tanstack/react-query';
import { type DeviceView } from '@shared/contract/ipp-ops';
import { OPEN_STATUSES, type Session } from '@shared/schemas/ipp.schema';
import { queryKeys } from './queries';

const isOpen = (s: Session) => (OPEN_STATUSES as readonly string[]).includes(s.status);

/**
 * The sessions list with one session put in place (replaced, or added in front when new), so a terminal's
 * screen follows an event or an action's answer at once, before the refetch confirms it.
 */
export function upsertSession(list: readonly Session[], session: Session): Session[] {
  const i = list.findIndex((s) => s.session_id === session.session_id);
  if (i < 0) return [session, ...list];
  return list.map((s, j) => (j === i ? session : s));
}

/** The devices list with the device's open session set from a session change (cleared once it ends). */
export function applySessionToDevices(devices: readonly DeviceView[], session: Session): DeviceView[] {
  return devices.map((d) => {
    if (d.id !== session.device_id) return d;
    if (isOpen(session)) return { ...d, open_session: session };
    return d.open_session?.session_id === session.session_id ? { ...d, open_session: null } : d;
  });
}

/** Puts a session change (an event, or an action's answer) into the cached devices and sessions lists. */
export function applySession(client: QueryClient, session: Session): void {
  client.setQueryData<Session[]>(queryKeys.ippSessions, (old) => old && upsertSession(old, session));
  client.setQueryData<DeviceView[]>(
    queryKeys.ippDevices,
    (old) => old && applySessionToDevices(old, session),
  );
}
