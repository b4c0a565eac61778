import type { Session } from '@shared/schemas/ipp.schema';
import type { ippOps } from '@shared/contract/ipp-ops';
import type { Db } from '../../store/db';
import type { Clock } from '../clock';
import type { DomainEvents } from '../domain-events';
import type { Handlers } from '../control';
import type { EventBus } from '../events';
import type { Logger } from '../log';
import { IppDevices } from './ipp-devices';
import { IppSessions } from './ipp-sessions';

export interface IppDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  log: Logger;
  /** Where a finalized session is told (`ipp.finalized`): it becomes an order in order management. */
  domain?: DomainEvents;
}

/** In-person payments: devices and sessions, wired to each other. */
export function createIpp(deps: IppDeps) {
  const { db, clock, events, log, domain } = deps;
  const onFinalized = domain ? (session: Session) => domain.emit('ipp.finalized', { session }) : undefined;
  const sessions = new IppSessions(db, clock, events, { log, ...(onFinalized ? { onFinalized } : {}) });
  const devices = new IppDevices(db, clock, events, (id) => sessions.openOn(id));
  return { devices, sessions };
}
export type Ipp = ReturnType<typeof createIpp>;

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
