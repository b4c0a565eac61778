import { UpsellRecommendationsSchema } from '../schemas/callbacks.schema';
import { type OrderLine } from '../schemas/checkout-order.schema';
import type { Violation } from '../schemas/exchange.schema';
import { noAnswerWithin, type RawAnswer } from './callback-answers';
import { checkLine } from './order-arithmetic';
import { schemaProblems } from './schema-problems';

/**
 * The three upsell callbacks' answers (payloads sim-defined in GAPS.md): `upsell` answers 200
 * `{upsell_order_lines: […]}`; `upsell_validation` answers 200 `{}` to allow or 4xx `{"error": "…"}` to
 * deny; `upsell_notification` answers 200.
 */

const RULE = 'gaps.upsell';

export type RecommendationVerdict =
  { outcome: 'applied'; lines: OrderLine[] } | { outcome: 'failed'; reason: string; violations: Violation[] };

export type UpsellValidationVerdict =
  | { outcome: 'allowed' }
  | { outcome: 'denied'; error: string | null; violations: Violation[] }
  | { outcome: 'failed'; reason: string; violations: Violation[] };

const failed = (reason: string, path = '(body)') => ({
  outcome: 'failed' as const,
  reason,
  violations: [{ rule: RULE, path, message: reason }],
});

/** Why there is no usable answer (time-out, unreachable), or null when there is one. */
function noAnswer(a: RawAnswer, timeoutMs: number): string | null {
  if (a.error === 'timeout') return `gave ${noAnswerWithin(timeoutMs)}`;
  if (a.error === 'unreachable') return `could not be reached (${a.errorDetail ?? 'no detail'})`;
  return null;
}

function parseJson(body: string | null): unknown {
  try {
    return body ? JSON.parse(body) : undefined;
  } catch {
    return undefined;
  }
}

/** Lines that pass the schema and the checkout's line arithmetic. */
export function upsellLineProblems(lines: readonly OrderLine[], path = 'upsell_order_lines') {
  return lines.flatMap((l, i) => checkLine(l, `${path}[${i}]`));
}

export function judgeRecommendations(a: RawAnswer, timeoutMs: number): RecommendationVerdict {
  const missing = noAnswer(a, timeoutMs);
  if (missing) return failed(`upsell ${missing}`);
  if (a.status !== 200) return failed(`upsell answered ${a.status}, not 200`);
  const parsed = UpsellRecommendationsSchema.safeParse(parseJson(a.body));
  if (!parsed.success) {
    const p = schemaProblems(parsed.error)[0]!;
    return failed(`upsell answered an invalid body: ${p.path}: ${p.message}`, p.path);
  }
  const problems = upsellLineProblems(parsed.data.upsell_order_lines);
  if (problems.length > 0) {
    return {
      outcome: 'failed',
      reason: `upsell answered lines that do not reconcile: ${problems[0]!.path}: ${problems[0]!.message}`,
      violations: problems.map((p) => ({ rule: RULE, path: p.path, message: p.message })),
    };
  }
  return { outcome: 'applied', lines: parsed.data.upsell_order_lines };
}

export function judgeUpsellValidation(a: RawAnswer, timeoutMs: number): UpsellValidationVerdict {
  const missing = noAnswer(a, timeoutMs);
  if (missing) return failed(`upsell_validation ${missing}`);
  const status = a.status ?? 0;
  if (status === 200) return { outcome: 'allowed' };
  if (status >= 400 && status < 500) {
    const body = parseJson(a.body) as { error?: unknown } | undefined;
    const error = typeof body?.error === 'string' ? body.error : null;
    const violations: Violation[] = error
      ? []
      : [
          {
            rule: RULE,
            path: 'error',
            message: `a ${status} denial should carry {"error": "…"} to show the customer`,
          },
        ];
    return { outcome: 'denied', error, violations };
  }
  return failed(`upsell_validation answered ${status}: 200 allows, 4xx denies`);
}
