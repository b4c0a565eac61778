import { randomUUID } from 'node:crypto';
import type { Session, TerminalAction } from '@shared/schemas/ipp.schema';
import { getIppDevice } from '../../store/ipp-devices.repo';
import {
  dueIppSessions,
  getIppSession,
  insertIppSession,
  listIppSessions,
  openIppSessionOnDevice,
  updateIppSession,
  type IppSessionRow,
} from '../../store/ipp-sessions.repo';
import type { Db } from '../../store/db';
import type { Clock } from '../clock';
import { SimFailure } from '../errors';
import type { EventBus } from '../events';
import type { Logger } from '../log';
import { cancelStep, expireStep, isDue, terminalStep, type Step } from './session-machine';
import { IPP_CODES, parseSessionCreate, sessionNotFound, validationFailed } from './session-input';
import type { SessionTimeout } from './session-timeout';

export interface IppSessionsOptions {
  log: Logger;
  /** How long a new session stays open (the setting, kept in the settings table). */
  timeout: SessionTimeout;
  /**
   * Called once per session that reaches FINALIZED, after it is stored. The seam to order management
   * (a finalized session becomes an order); createCore passes order management's createFromIpp.
   */
  onFinalized?: (session: Session) => void;
}

const fromRow = (r: IppSessionRow): Session => JSON.parse(r.doc) as Session;

/** In-person payment sessions: the API's create, read and cancel, the terminal's actions, and expiry. */
export class IppSessions {
  readonly timeout: SessionTimeout;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events: EventBus,
    private readonly opts: IppSessionsOptions,
  ) {
    this.timeout = opts.timeout;
  }

  /** Starts a session on a free device; expired sessions are swept first so they free their device. */
  create(body: unknown): Session {
    const input = parseSessionCreate(body);
    const now = this.clock.now();
    this.sweepExpired(now);
    if (!getIppDevice(this.db, input.device_id)) {
      throw validationFailed([
        { path: 'device_id', message: `no device '${input.device_id}' is registered` },
      ]);
    }
    const busy = openIppSessionOnDevice(this.db, input.device_id);
    if (busy) {
      throw new SimFailure(
        'conflict',
        IPP_CODES.deviceBusy,
        `device '${input.device_id}' already runs session ${busy.session_id} (${busy.status}); cancel it or wait until it ends`,
      );
    }
    const at = new Date(now).toISOString();
    const expiresMs = now + this.timeout.get();
    const session: Session = {
      session_id: randomUUID(),
      status: 'CREATED',
      ...input,
      pin_attempts: 0,
      created_at: at,
      updated_at: at,
      expires_at: new Date(expiresMs).toISOString(),
      history: [{ status: 'CREATED', at, cause: 'api.create' }],
    };
    insertIppSession(this.db, {
      session_id: session.session_id,
      device_id: session.device_id,
      status: session.status,
      expires_ms: expiresMs,
      doc: JSON.stringify(session),
      created_at: at,
      updated_at: at,
    });
    this.events.emit('ipp.session.updated', session);
    return session;
  }

  /** The session as it stands now on the clock (an open session past its expiry reads EXPIRED). */
  get(sessionId: string): Session {
    const s = this.find(sessionId);
    if (!s) throw sessionNotFound(sessionId);
    return s;
  }

  /** Like get, undefined when unknown. */
  find(sessionId: string): Session | undefined {
    const row = getIppSession(this.db, sessionId);
    if (!row) return undefined;
    const s = fromRow(row);
    return isDue(s, this.clock.now()) ? this.save(expireStep(s)) : s;
  }

  /** Newest first, optionally for one device; expiry is applied first. */
  list(opts: { deviceId?: string; limit?: number } = {}): Session[] {
    this.sweepExpired(this.clock.now());
    return listIppSessions(this.db, opts.limit ?? 200, opts.deviceId).map(fromRow);
  }

  /** The device's open session, if any (what its terminal shows). */
  openOn(deviceId: string): Session | undefined {
    this.sweepExpired(this.clock.now());
    const row = openIppSessionOnDevice(this.db, deviceId);
    return row ? fromRow(row) : undefined;
  }

  cancel(sessionId: string): Session {
    const s = this.get(sessionId);
    return this.apply(cancelStep(s, new Date(this.clock.now()).toISOString()));
  }

  /** A customer's action on the device showing the session. */
  terminalAction(sessionId: string, action: TerminalAction, reason?: string): Session {
    const s = this.get(sessionId);
    return this.apply(terminalStep(s, action, new Date(this.clock.now()).toISOString(), reason));
  }

  tapCard = (id: string): Session => this.terminalAction(id, 'tap_card');
  decline = (id: string, reason?: string): Session => this.terminalAction(id, 'decline', reason);
  wrongPin = (id: string): Session => this.terminalAction(id, 'wrong_pin');
  walkAway = (id: string): Session => this.terminalAction(id, 'walk_away');

  /**
   * Expires every open session whose time has come by `nowMs`, each recorded at its own expiry time.
   * The clock's timer system calls this when time moves; reads and actions also apply expiry themselves.
   */
  sweepExpired(nowMs: number = this.clock.now()): Session[] {
    const due = dueIppSessions(this.db, nowMs);
    return due.map((r) => this.save(expireStep(fromRow(r))));
  }

  private apply(step: Step): Session {
    if (!step.ok) throw new SimFailure('conflict', IPP_CODES.sessionNotOpen, step.message);
    return this.save(step.session);
  }

  /** Stores a changed session, tells the console, and hands a newly finalized one to order management. */
  private save(s: Session): Session {
    updateIppSession(this.db, {
      session_id: s.session_id,
      status: s.status,
      doc: JSON.stringify(s),
      updated_at: s.updated_at,
    });
    this.events.emit('ipp.session.updated', s);
    if (s.status === 'FINALIZED' && this.opts.onFinalized) {
      try {
        this.opts.onFinalized(s);
      } catch (err) {
        // The payment happened; a failing downstream must not turn the terminal's answer into an error.
        this.opts.log.error(`onFinalized failed for session ${s.session_id}`, err);
      }
    }
    return s;
  }
}
