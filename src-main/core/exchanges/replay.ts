import type { RawAnswer } from '@shared/rules/callback-answers';
import type { Exchange, ReplayEdits, Violation } from '@shared/schemas/exchange.schema';
import { invalid, notFound, SimFailure } from '../errors';
import type { SettingsService } from '../settings';
import type { ExchangeLog } from './exchange-log';

/** Headers the client writes itself for every call (from the body sent now), never copied nor edited. */
const COMPUTED = new Set(['content-length', 'host', 'connection', 'transfer-encoding']);
/** Headers the client always sends: they can be given another value, not removed. */
const ALWAYS = new Set(['user-agent', 'content-type']);

/** A recorded call sent again: what the replay hands the outbound client. */
export interface ReplayCall {
  kind: string;
  orderId: string | null;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  timeoutMs: number;
  replayOf: { id: string; edited: string[] };
}

interface ReplayJudgement {
  outcome: string;
  violations: Violation[];
  value: null;
}

/**
 * What a replay needs of the outbound client, owned here so that exchanges/ stays below outbound/ (the
 * client records every call into the log); createCore hands the OutboundClient in.
 */
export interface ReplaySender {
  send(
    call: ReplayCall,
    judge: (a: RawAnswer) => ReplayJudgement,
  ): Promise<{ exchangeId: string; answer: RawAnswer }>;
}

/** The verdict on a replay's answer: what came back, nothing more (a replay changes no order). */
function judgeReplay(a: RawAnswer): ReplayJudgement {
  const outcome = a.error
    ? `replay: no answer (${a.errorDetail ?? a.error})`
    : `replay: answered ${a.status}${a.status !== null && a.status >= 200 && a.status < 300 ? '' : ' (not 2xx)'}`;
  return { outcome, violations: [], value: null };
}

/** The recorded headers with the edits applied (matched by name without regard to case), and what changed. */
function editHeaders(
  recorded: Record<string, string>,
  edits: Record<string, string | null> | undefined,
  edited: string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(recorded))
    if (!COMPUTED.has(name.toLowerCase())) out[name] = value;
  const refused = Object.entries(edits ?? {}).flatMap(([name, value]) => {
    const lower = name.toLowerCase();
    if (COMPUTED.has(lower))
      return [{ path: `headers.${name}`, message: 'is written by the client for the body sent' }];
    if (value === null && ALWAYS.has(lower))
      return [{ path: `headers.${name}`, message: 'is always sent: give it another value instead' }];
    return [];
  });
  if (refused.length > 0) throw invalid(refused);
  for (const [name, value] of Object.entries(edits ?? {})) {
    const existing = Object.keys(out).find((k) => k.toLowerCase() === name.toLowerCase());
    if (value === null ? existing === undefined : existing !== undefined && out[existing] === value) continue;
    if (existing !== undefined) delete out[existing];
    if (value !== null) out[name] = value;
    edited.push(`headers.${name}`);
  }
  return out;
}

/**
 * Sends a recorded outbound exchange (a callback, a push, a notification, a call to an integrator) again
 * through the same outbound client, as it was recorded or edited first, to the same or another URL. The
 * new exchange is recorded under the same order and kind, naming the one it replays (`replay_of`) and
 * what was edited (`edited`). Secrets were masked when recorded (`Basic ****`): they go out masked unless
 * an edit sets them.
 */
export class ExchangeReplay {
  constructor(
    private readonly exchanges: ExchangeLog,
    private readonly outbound: ReplaySender,
    private readonly settings: SettingsService,
  ) {}

  async replay(exchangeId: string, edits: ReplayEdits): Promise<Exchange> {
    const original = await this.exchanges.find(exchangeId);
    if (!original) throw notFound(`exchange ${exchangeId}`);
    if (original.direction !== 'out') {
      throw new SimFailure(
        'conflict',
        'NOT_REPLAYABLE',
        `exchange ${exchangeId} is a call made to the simulator (${original.kind}): only the simulator's own calls (callbacks, pushes, notifications) can be sent again`,
      );
    }
    const edited: string[] = [];
    let url = original.url;
    if (edits.url !== undefined && edits.url !== original.url) {
      url = edits.url;
      edited.push('url');
    }
    const headers = editHeaders(original.request.headers, edits.headers, edited);
    let body = original.request.body;
    if (edits.body !== undefined) {
      const next =
        typeof edits.body === 'string' || edits.body === null ? edits.body : JSON.stringify(edits.body);
      if (next !== body) {
        body = next;
        edited.push('body');
      }
    }
    const sent = await this.outbound.send(
      {
        kind: original.kind,
        orderId: original.order_id,
        method: original.method,
        url,
        headers,
        body,
        timeoutMs: this.settings.get().callback_timeout_ms,
        replayOf: { id: exchangeId, edited },
      },
      judgeReplay,
    );
    const replayed = await this.exchanges.find(sent.exchangeId);
    // The log was cleared while the call was out (Clear log, DELETE /test_helpers/exchanges): the call
    // was made, but its record is gone with the rest.
    if (!replayed) {
      const answered = sent.answer.error ? 'no answer' : `answered ${sent.answer.status}`;
      throw new SimFailure(
        'conflict',
        'LOG_CLEARED',
        `exchange ${exchangeId} was sent again (${answered}), but the log was cleared before its record could be read: it is not in the log`,
      );
    }
    return replayed;
  }
}
