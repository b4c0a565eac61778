import type { ippOps } from '@shared/contract/ipp-ops';
import type { Handlers } from '../control';
import type { IppDevices } from './ipp-devices';
import type { IppSessions } from './ipp-sessions';

/** In-person payments: devices and sessions (createCore builds them). */
export interface Ipp {
  devices: IppDevices;
  sessions: IppSessions;
}

/** The control contract's in-person operations. */
export function ippHandlers(ipp: Ipp): Pick<Handlers, keyof typeof ippOps> {
  return {
    'ipp.devices.list': () =>
      ipp.devices.listAll().map((d) => ({ ...d, open_session: ipp.sessions.openOn(d.id) ?? null })),
    'ipp.devices.add': (i) => ipp.devices.add(i),
    'ipp.devices.remove': (i) => {
      ipp.devices.remove(i.device_id);
      return { removed: i.device_id };
    },
    'ipp.sessions.list': (i) => ipp.sessions.list({ deviceId: i.device_id, limit: i.limit }),
    'ipp.session.get': (i) => ipp.sessions.find(i.session_id) ?? null,
    'ipp.terminal.action': (i) => ipp.sessions.terminalAction(i.session_id, i.action, i.reason),
  };
}
