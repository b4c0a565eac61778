import {
  OPEN_STATUSES,
  type Session,
  type SessionCause,
  type SessionStatus,
  type TerminalAction,
} from '@shared/schemas/ipp.schema';

/**
 * The in-person session's state machine, pure: each function returns the next session or a refusal.
 *
 *   CREATED ──(first terminal action)──> ACTIVE ──tap_card──> FINALIZED
 *      │                                   ├──decline, 3rd wrong_pin──> FAILED
 *      │                                   └──walk_away──> CANCELLED
 *      └──── both open states: api.cancel → CANCELLED, clock.expiry → EXPIRED
 *
 * The terminal picks a session up when the customer first acts on it (the terminal reports "shown"
 * with that action), so CREATED stays visible to a merchant polling GET until someone touches the device.
 * Walking away cancels rather than fails: no payment was attempted, nothing was refused.
 */

export const MAX_PIN_ATTEMPTS = 3;

export type Step = { ok: true; session: Session } | { ok: false; message: string };

export const isOpen = (status: SessionStatus): boolean =>
  (OPEN_STATUSES as readonly string[]).includes(status);

/** The session with one more status change recorded in its history. */
function moveTo(
  s: Session,
  status: SessionStatus,
  cause: SessionCause,
  at: string,
  detail?: string,
): Session {
  return {
    ...s,
    status,
    updated_at: at,
    history: [...s.history, { status, at, cause, ...(detail !== undefined ? { detail } : {}) }],
  };
}

const refuse = (s: Session, what: string): Step => ({
  ok: false,
  message: `session ${s.session_id} is ${s.status}; ${what} only while it is CREATED or ACTIVE`,
});

/** A customer's action on the terminal; the first one also moves CREATED to ACTIVE. */
export function terminalStep(s: Session, action: TerminalAction, at: string, reason?: string): Step {
  if (!isOpen(s.status)) return refuse(s, 'the terminal can act on it');
  const cause: SessionCause = `terminal.${action}`;
  let next = s.status === 'CREATED' ? moveTo(s, 'ACTIVE', cause, at, 'shown on the terminal') : s;
  switch (action) {
    case 'tap_card':
      next = moveTo(next, 'FINALIZED', cause, at, 'card tapped, payment approved');
      break;
    case 'decline': {
      const why = reason ?? 'card declined';
      next = { ...moveTo(next, 'FAILED', cause, at, why), failure_reason: why };
      break;
    }
    case 'wrong_pin':
      next = wrongPin(next, cause, at);
      break;
    case 'walk_away':
      next = moveTo(next, 'CANCELLED', cause, at, 'customer walked away');
      break;
  }
  return { ok: true, session: next };
}

function wrongPin(s: Session, cause: SessionCause, at: string): Session {
  const attempts = s.pin_attempts + 1;
  if (attempts < MAX_PIN_ATTEMPTS) return { ...s, pin_attempts: attempts, updated_at: at };
  const why = `wrong PIN entered ${attempts} times`;
  return { ...moveTo({ ...s, pin_attempts: attempts }, 'FAILED', cause, at, why), failure_reason: why };
}

/** The merchant's cancel through the API. */
export function cancelStep(s: Session, at: string): Step {
  if (!isOpen(s.status)) return refuse(s, 'it can be cancelled');
  return { ok: true, session: moveTo(s, 'CANCELLED', 'api.cancel', at, 'cancelled through the API') };
}

/** Whether an open session's expiry time has come on the clock. */
export const isDue = (s: Session, nowMs: number): boolean =>
  isOpen(s.status) && Date.parse(s.expires_at) <= nowMs;

/** Expiry, recorded at the expiry time itself however late it is noticed. */
export function expireStep(s: Session): Session {
  return moveTo(s, 'EXPIRED', 'clock.expiry', s.expires_at, 'not completed before its expiry time');
}
