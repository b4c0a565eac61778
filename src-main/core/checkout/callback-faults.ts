import type { RawAnswer } from '@shared/rules/callback-answers';
import {
  NO_MERCHANT_FAULTS,
  type AppliedFault,
  type MerchantFault,
  type MerchantFaults,
} from '@shared/schemas/merchant-faults.schema';
import type { Judgement, OutboundClient, OutboundRequest } from '../outbound/callback-client';
import type { StepDraft } from './session-state';

/** An in-session callback as it was sent: what `late_callback` sends again after a newer one. */
export interface SentCallback {
  kind: string;
  url: string;
  body: string;
}

/** The merchant faults of an order as one in-session callback meets them. */
export interface CallbackFaults {
  faults: MerchantFaults;
  /** The time the faults are recorded at (the step's). */
  at: string;
  /** The order's callback before this one (null: none yet in this run). */
  earlier: SentCallback | null;
  /** Keeps this callback as the order's latest. */
  remember(sent: SentCallback): void;
}

export const NO_CALLBACK_FAULTS: CallbackFaults = {
  faults: NO_MERCHANT_FAULTS,
  at: '',
  earlier: null,
  remember: () => undefined,
};

/** What the faults added to a callback: more exchanges, the faults applied, notes for the step. */
export interface FaultsApplied {
  exchangeIds: string[];
  applied: AppliedFault[];
  notes: string[];
}

const answered = (a: RawAnswer) => (a.error ? `no answer: ${a.error}` : `answered ${a.status}`);

/** The judge of a call whose answer changes nothing: its outcome says what came back. */
const ignored = (a: RawAnswer): Judgement<null> => ({
  outcome: `${answered(a)}, ignored`,
  violations: [],
  value: null,
});

const applied = (fault: MerchantFault, at: string, ids: string[], note: string): AppliedFault => ({
  fault,
  at,
  exchange_ids: ids,
  note,
});

/**
 * Sends an in-session callback as the order's merchant faults say: twice at once
 * (`concurrent_callbacks`: the first request's answer applies), abandoned at the time limit with the
 * request left open (`abandon_slow_callback`), and followed by the order's previous callback again
 * (`late_callback`, its answer ignored). Without faults it is one plain call.
 */
export async function sendUnderFaults<T>(
  client: OutboundClient,
  req: OutboundRequest & { body: string },
  judge: (a: RawAnswer) => Judgement<T>,
  f: CallbackFaults,
): Promise<{ value: T; exchangeId: string; faults: FaultsApplied }> {
  const out: FaultsApplied = { exchangeIds: [], applied: [], notes: [] };
  const request: OutboundRequest = { ...req, abandon: f.faults.abandon_slow_callback };
  let sent: Awaited<ReturnType<typeof client.send<T>>>;
  if (f.faults.concurrent_callbacks) {
    const [first, second] = await Promise.all([
      client.send(request, judge),
      client.send({ ...request, fault: 'concurrent_callbacks' }, ignored),
    ]);
    sent = first;
    out.exchangeIds.push(second.exchangeId);
    out.applied.push(
      applied(
        'concurrent_callbacks',
        f.at,
        [first.exchangeId, second.exchangeId],
        `${req.kind} was sent twice at the same moment: the first request's answer applies, the second's (${answered(second.answer)}) is ignored`,
      ),
    );
  } else sent = await client.send(request, judge);
  if (sent.abandoned) {
    out.applied.push(
      applied(
        'abandon_slow_callback',
        f.at,
        [sent.exchangeId],
        `${req.kind} took longer than ${req.timeoutMs} ms: the service stopped waiting while the request stays open at your server; its answer will be ignored`,
      ),
    );
  }
  if (f.faults.late_callback) {
    if (f.earlier) {
      const late = await client.send(
        {
          ...f.earlier,
          orderId: req.orderId,
          method: 'POST',
          timeoutMs: req.timeoutMs,
          fault: 'late_callback',
        },
        ignored,
      );
      out.exchangeIds.push(late.exchangeId);
      out.applied.push(
        applied(
          'late_callback',
          f.at,
          [late.exchangeId],
          `the order's earlier ${f.earlier.kind} arrived again after this ${req.kind} was answered (${answered(late.answer)}, ignored)`,
        ),
      );
    } else {
      out.notes.push(
        'merchant fault late_callback: this order has no earlier callback to send late yet; it follows the next one',
      );
    }
  }
  f.remember({ kind: req.kind, url: req.url, body: req.body });
  return { value: sent.value, exchangeId: sent.exchangeId, faults: out };
}

/** The step's draft with what the faults added: their exchanges, a note each, and the record of them. */
export function withFaults(draft: StepDraft, f: FaultsApplied): StepDraft {
  if (f.exchangeIds.length === 0 && f.applied.length === 0 && f.notes.length === 0) return draft;
  const state = draft.session.state;
  return {
    ...draft,
    session: {
      ...draft.session,
      state: { ...state, faults_applied: [...(state.faults_applied ?? []), ...f.applied] },
    },
    result: {
      ...draft.result,
      exchange_ids: [...draft.result.exchange_ids, ...f.exchangeIds],
      notes: [
        ...draft.result.notes,
        ...f.applied.map((a) => `merchant fault ${a.fault}: ${a.note}.`),
        ...f.notes,
      ],
    },
  };
}
