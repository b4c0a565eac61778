import type { RuleResult } from '../schemas/shipping-assistant.schema';
import type { RawAnswer } from './callback-answers';
import { failureReasonOf, statusText } from './shipping-conformance-common';

/*
 * What a conformance run recorded, step by step, and the helpers the rule evaluations share. The run
 * (src-main/core/shipping/conformance) makes the calls; the rules (shipping-conformance-rules*.ts) judge
 * the recorded answers, purely.
 */

/** The steps of the fixed sequence, in order. */
export const CONFORMANCE_STEPS = [
  'wrong_credentials',
  'auth',
  'reuse',
  'wrong_token',
  'preview',
  'full',
  'locations',
  'create',
  'update',
  'read',
] as const;
export type ConformanceStep = (typeof CONFORMANCE_STEPS)[number];

export interface RecordedCall {
  answer: RawAnswer;
  exchangeId: string;
}

export interface ConformanceRecord {
  baseUrl: string;
  timeoutMs: number;
  /** The calls of each step (token reuse makes two; a step whose token was refused adds the retry). */
  calls: Partial<Record<ConformanceStep, RecordedCall[]>>;
  /** Steps that could not run, with why (no token, no option to ship, …). */
  blocked: Partial<Record<ConformanceStep, string>>;
  /** Steps whose call was refused with 401 even with a fresh token (the token problem is reuse's). */
  tokenRefused: Partial<Record<ConformanceStep, true>>;
  /** The postal code of the location search, for messages. */
  postalCode: string;
  /** The option the shipment steps used, for messages. */
  optionId: string | null;
  shipmentId: string | null;
}

export type Verdict = Pick<RuleResult, 'status' | 'message'>;

export interface RuleSpec {
  id: string;
  title: string;
  spec_ref: string;
  step: ConformanceStep;
  evaluate(call: RecordedCall, r: ConformanceRecord): Verdict;
}

export const pass = (message: string): Verdict => ({ status: 'pass', message });
export const fail = (message: string): Verdict => ({ status: 'fail', message });
export const skip = (message: string): Verdict => ({ status: 'skip', message });

/** "answered 503 (failure_reason 'x')" or "gave no answer (timeout after 10000 ms)". */
export function answered(a: RawAnswer, timeoutMs: number): string {
  if (a.error === 'timeout') return `gave no answer within ${timeoutMs} ms`;
  if (a.error) return `could not be reached (${a.errorDetail ?? a.error})`;
  const why = failureReasonOf(a.body);
  return `answered ${statusText(a)}${why ? ` with failure_reason '${why}'` : ''}`;
}

/** Evaluates one rule: skipped when its step did not run or its token was refused, else judged. */
export function evaluateRule(rule: RuleSpec, r: ConformanceRecord): RuleResult {
  const calls = r.calls[rule.step] ?? [];
  const base = {
    id: rule.id,
    title: rule.title,
    spec_ref: rule.spec_ref,
    exchange_ids: calls.map((c) => c.exchangeId),
  };
  const last = calls[calls.length - 1];
  if (!last) return { ...base, ...skip(`skipped: ${r.blocked[rule.step] ?? 'the step did not run'}`) };
  if (r.tokenRefused[rule.step] && rule.step !== 'reuse')
    return {
      ...base,
      ...skip(
        'skipped: the call was refused with 401 even with a fresh token from POST /auth (see auth.token-reuse)',
      ),
    };
  return { ...base, ...rule.evaluate(last, r) };
}

/** Joins violation messages for a rule's message. */
export const listed = (messages: string[]): string =>
  messages.length <= 1 ? (messages[0] ?? '') : messages.map((m, i) => `(${i + 1}) ${m}`).join('; ');
