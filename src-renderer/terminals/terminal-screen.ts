import {
  FINAL_STATUSES,
  type Session,
  type SessionHistoryEntry,
  type SessionCause,
  type SessionStatus,
  type TerminalAction,
} from '@shared/schemas/ipp.schema';

/**
 * How many wrong PINs a session takes before it fails. Mirrors MAX_PIN_ATTEMPTS of the session machine
 * (src-main/core/ipp/session-machine.ts), which the renderer cannot import.
 */
export const MAX_PIN_ATTEMPTS = 3;

/** What a finished session's screen says. */
export type ScreenResult = 'approved' | 'declined' | 'cancelled' | 'expired';

/** What a terminal's screen shows, derived from its sessions and what the person at the console did. */
export type TerminalScreen =
  | { kind: 'idle'; note?: string }
  | { kind: 'payment'; session: Session; pinAttemptsLeft: number }
  | { kind: 'processing'; session: Session; action: TerminalAction }
  | { kind: 'result'; session: Session; result: ScreenResult; title: string; message: string };

export interface ScreenInput {
  /** The device's open session, from `ipp.devices.list`. */
  openSession: Session | null;
  /** The device's newest session from `ipp.sessions.list`, open or finished. */
  latest: Session | undefined;
  /** The finished session the person cleared from this screen, if any. */
  clearedSessionId?: string;
  /** A customer action sent to the simulator and not answered yet. */
  pendingAction?: TerminalAction;
}

export const isFinal = (status: SessionStatus): boolean =>
  (FINAL_STATUSES as readonly string[]).includes(status);

/** The cause of the session's newest status change. */
export const lastCause = (s: Session): SessionCause | undefined => s.history.at(-1)?.cause;

/**
 * Of two reads of sessions on one device, the one that is current: a newer session wins; for the same
 * session a finished read wins over an open one (a status never leaves a final state), then the later change.
 */
export function newerSession(a: Session | undefined, b: Session | undefined): Session | undefined {
  if (!a || !b) return a ?? b;
  if (a.session_id !== b.session_id) return a.created_at >= b.created_at ? a : b;
  if (isFinal(a.status) !== isFinal(b.status)) return isFinal(a.status) ? a : b;
  if (a.updated_at !== b.updated_at) return a.updated_at > b.updated_at ? a : b;
  return a.pin_attempts >= b.pin_attempts ? a : b;
}

/** The newest session of each device, from a list in any order. */
export function latestByDevice(sessions: readonly Session[]): Map<string, Session> {
  const out = new Map<string, Session>();
  for (const s of sessions) {
    const current = out.get(s.device_id);
    if (!current || s.created_at > current.created_at) out.set(s.device_id, s);
  }
  return out;
}

/**
 * The screen of one terminal. An open session shows its amount (or "processing" while an action is on its
 * way); a finished one shows its result until cleared or until the next session arrives; a cancel from the
 * point of sale clears the screen at once, as a real terminal does when the till withdraws the payment.
 */
export function deriveScreen(input: ScreenInput): TerminalScreen {
  const session = newerSession(input.openSession ?? undefined, input.latest);
  if (!session) return { kind: 'idle' };
  if (!isFinal(session.status)) {
    if (input.pendingAction) return { kind: 'processing', session, action: input.pendingAction };
    return { kind: 'payment', session, pinAttemptsLeft: pinAttemptsLeft(session) };
  }
  if (input.clearedSessionId === session.session_id) return { kind: 'idle' };
  if (lastCause(session) === 'api.cancel') {
    return { kind: 'idle', note: 'The last payment was cancelled by the point of sale.' };
  }
  return { kind: 'result', session, ...describeResult(session) };
}

export function pinAttemptsLeft(s: Session): number {
  return Math.max(0, MAX_PIN_ATTEMPTS - s.pin_attempts);
}

/** The result line of a finished session, in the customer's words. */
export function describeResult(s: Session): { result: ScreenResult; title: string; message: string } {
  const detail = s.history.at(-1)?.detail;
  switch (s.status) {
    case 'FINALIZED':
      return { result: 'approved', title: 'Approved', message: 'Payment approved. Remove card.' };
    case 'FAILED':
      return {
        result: 'declined',
        title: 'Declined',
        message: s.failure_reason ?? detail ?? 'Payment failed',
      };
    case 'EXPIRED':
      return { result: 'expired', title: 'Expired', message: detail ?? 'The session timed out' };
    default:
      return {
        result: 'cancelled',
        title: 'Cancelled',
        message: lastCause(s) === 'terminal.walk_away' ? 'The customer walked away' : (detail ?? 'Cancelled'),
      };
  }
}

/** The prompt under the amount while the terminal waits for the customer. */
export function paymentPrompt(s: Session): string {
  if (s.pin_attempts === 0) return 'Tap, insert or swipe card';
  const left = pinAttemptsLeft(s);
  return `Wrong PIN. ${left} attempt${left === 1 ? '' : 's'} left`;
}

/** What the screen says while an action is on its way. */
export const PROCESSING_WORDS: Record<TerminalAction, string> = {
  tap_card: 'Authorising…',
  decline: 'Processing…',
  wrong_pin: 'Checking PIN…',
  walk_away: 'Cancelling…',
};

/** A history entry's cause in words, next to its code. */
export const CAUSE_WORDS: Record<SessionCause, string> = {
  'api.create': 'created through the API',
  'api.cancel': 'cancelled through the API',
  'terminal.tap_card': 'card tapped on the terminal',
  'terminal.decline': 'card declined on the terminal',
  'terminal.wrong_pin': 'wrong PIN on the terminal',
  'terminal.walk_away': 'customer walked away from the terminal',
  'clock.expiry': 'expired on the simulator clock',
};

/** A history entry in words: what caused it, and its detail when that says more than the cause. */
export function historyWords(h: SessionHistoryEntry): string {
  const words = CAUSE_WORDS[h.cause];
  if (!h.detail || h.detail.trim().toLowerCase() === words.toLowerCase()) return words;
  return `${words} · ${h.detail}`;
}
