import { INTEGRATOR_MEDIA_TYPES } from '@shared/schemas/integrator.schema';
import type { RawAnswer } from '@shared/rules/callback-answers';
import {
  judgeOptionsAnswer,
  optionsOutcome,
  type OptionsCall,
  type OptionsJudgement,
} from '@shared/rules/shipping-conformance';
import type { Session } from '../checkout/session-state';
import type { Clock } from '../clock';
import type { AssistantSettingsService, IntegratorTarget } from './assistant-settings';
import type { CallJudgement, IntegratorCaller } from './integrator-caller';
import {
  cartKind,
  fingerprint,
  fullRecipient,
  optionsRequestBody,
  previewRecipient,
} from './integrator-request';
import { baseState, toDigital, toFallback, toIntegrator, toMerchant } from './shipping-state';

export interface ShippingDeps {
  settings: AssistantSettingsService;
  caller: IntegratorCaller;
  clock: Clock;
}

/** A session after a refresh, the calls it made, and one line for the step's notes (null: nothing happened). */
export interface Refreshed {
  session: Session;
  exchangeIds: string[];
  note: string | null;
}

const KIND: Record<OptionsCall, string> = {
  preview: 'shipping.options.preview',
  full: 'shipping.options',
  location_search: 'shipping.locations',
};

/** Judged answers by their text: the checkout sends the same request on every refresh, the bench too. */
const MEMO_SIZE = 64;
const MEMO_MAX_BODY = 64 * 1024;

/**
 * POST /shippingoptions on every cart or address change (spec § What the service does): a preview while
 * only the country is known, valid options once the address is; fallback, digital and "no options" as the
 * spec's § Errors says.
 */
export class OptionsRefresher {
  private readonly memo = new Map<string, OptionsJudgement>();

  constructor(private readonly d: ShippingDeps) {}

  private at(): string {
    return new Date(this.d.clock.now()).toISOString();
  }

  /** Refreshes a session's options; without `force`, an unchanged request is not sent again. */
  async refresh(s: Session, force: boolean): Promise<Refreshed> {
    const at = this.at();
    if (!this.d.settings.enabled()) return { session: toMerchant(s, at), exchangeIds: [], note: null };
    const base = baseState(s, at);
    if (!cartKind(s.order).physical) {
      if (!force && base.source === 'digital') return { session: s, exchangeIds: [], note: null };
      return { ...toDigital(s, base, at), exchangeIds: [] };
    }
    const recipient = s.state.address_entered ? fullRecipient(s.order) : null;
    const request = recipient ? 'full' : 'preview';
    const body = optionsRequestBody(s.order, base.session_id, recipient ?? previewRecipient(s.order));
    const key = fingerprint(body);
    if (!force && key === base.request_key) return { session: s, exchangeIds: [], note: null };
    const target = this.d.settings.target();
    if ('problem' in target) {
      const reason = `the shipping assistant is on but not configured: ${target.problem}`;
      return {
        ...toFallback(s, base, { cause: 'not_configured', reason, request, key, ids: [], at }),
        exchangeIds: [],
      };
    }
    const r = await this.fetch(target, s.order.order_id, request, body);
    const next = r.j.ok
      ? toIntegrator(s, base, { options: r.j.options, request, key, ids: r.ids, at })
      : toFallback(s, base, { cause: r.j.cause, reason: r.j.reason, request, key, ids: r.ids, at });
    return { ...next, exchangeIds: r.ids };
  }

  /** One POST /shippingoptions with the token dance; a refused auth reads as a fallback judgement. */
  async fetch(
    target: IntegratorTarget,
    orderId: string,
    call: OptionsCall,
    body: string,
  ): Promise<{ j: OptionsJudgement; ids: string[] }> {
    const res = await this.d.caller.call(
      target,
      {
        kind: KIND[call],
        orderId,
        method: 'POST',
        path: '/shippingoptions',
        mediaType: INTEGRATOR_MEDIA_TYPES.options,
        body,
      },
      (a) => this.judge(a, call, target.timeoutMs),
    );
    if (!res.ok) {
      const reason = `the integrator gave no token (${res.auth.reason})`;
      return { j: { ...res.auth, reason }, ids: res.exchangeIds };
    }
    return { j: res.value, ids: res.exchangeIds };
  }

  private judge(a: RawAnswer, call: OptionsCall, timeoutMs: number): CallJudgement<OptionsJudgement> {
    const j = this.memoized(a, call, timeoutMs);
    return { outcome: optionsOutcome(j), violations: j.violations, value: j, retry: !j.ok && 'retry' in j };
  }

  private memoized(a: RawAnswer, call: OptionsCall, timeoutMs: number): OptionsJudgement {
    if (a.status !== 200 || a.body === null || a.body.length > MEMO_MAX_BODY)
      return judgeOptionsAnswer(a, call, timeoutMs);
    const k = `${call}\n${a.headers['content-type'] ?? ''}\n${a.body}`;
    let j = this.memo.get(k);
    if (!j) {
      j = judgeOptionsAnswer(a, call, timeoutMs);
      if (this.memo.size >= MEMO_SIZE) this.memo.delete(this.memo.keys().next().value!);
      this.memo.set(k, j);
    }
    return j;
  }
}
