import {
  AuthResponseSchema,
  ShippingOptionsResponseSchema,
  type ShippingOption,
} from '../schemas/integrator.schema';
import type { Violation } from '../schemas/exchange.schema';
import type { FallbackCause } from '../schemas/shipping-assistant.schema';
import type { RawAnswer } from './callback-answers';
import {
  contentTypeViolation,
  failureReasonOf,
  parseObject,
  schemaViolations,
  SPEC,
  statusText,
  transportProblem,
} from './shipping-conformance-common';

/*
 * Checks of the answers to POST /auth and POST /shippingoptions against shipping-integrator-api.md and
 * GAPS.md. Each check returns what the caller can use and the violations to record on the exchange.
 */

/** A failed call: the fallback cause, the reason in plain words, and the rules the answer broke. */
export interface Refusal {
  ok: false;
  cause: FallbackCause;
  reason: string;
  violations: Violation[];
}

const refuse = (cause: FallbackCause, reason: string, violations: Violation[] = []): Refusal => ({
  ok: false,
  cause,
  reason,
  violations,
});

export type AuthJudgement = { ok: true; token: string; violations: Violation[] } | Refusal;

/** POST /auth: 201 {"token"} (GAPS.md); 401 means the identifier or key is wrong. */
export function judgeAuthAnswer(a: RawAnswer, timeoutMs: number): AuthJudgement {
  const t = transportProblem(a, timeoutMs, 'POST /auth');
  if (t) return refuse(t.cause, t.reason);
  const status = a.status!;
  if (status === 401)
    return refuse(
      'unauthorized',
      'POST /auth answered 401: the integrator refused the identifier and key; check them in the shipping assistant settings',
    );
  if (status >= 500) return refuse('server_error', `POST /auth answered ${status}`);
  if (status !== 201 && status !== 200) {
    const why = failureReasonOf(a.body);
    return refuse('unlisted_status', `POST /auth answered ${status}${why ? ` (${why})` : ''}`, [
      {
        rule: SPEC.gaps,
        path: '(status)',
        message: `POST /auth answered ${status}${why ? ` with failure_reason '${why}'` : ''}; it answers 201 with {"token": "…"}, 400 for a malformed request, 401 for wrong credentials`,
      },
    ]);
  }
  const violations: Violation[] = [];
  if (status === 200)
    violations.push({
      rule: SPEC.gaps,
      path: '(status)',
      message: 'POST /auth answered 200; a new token is answered with 201 Created (GAPS.md)',
    });
  const parsed = parseObject(a.body);
  if ('problem' in parsed)
    return refuse('not_json', `POST /auth: ${parsed.problem}`, [
      ...violations,
      { rule: SPEC.authEndpoint, path: '(body)', message: `${parsed.problem}; answer {"token": "…"}` },
    ]);
  const r = AuthResponseSchema.safeParse(parsed.value);
  if (!r.success) {
    const v = [...violations, ...schemaViolations(r.error, parsed.value, SPEC.authEndpoint)];
    return refuse('invalid_response', 'POST /auth answered without a token', v);
  }
  return { ok: true, token: r.data.token, violations };
}

/** Which kind of POST /shippingoptions this was (spec § Endpoints). */
export type OptionsCall = 'preview' | 'full' | 'location_search';

export type OptionsJudgement =
  | { ok: true; options: ShippingOption[]; violations: Violation[] }
  | Refusal
  | { ok: false; cause: 'unauthorized'; reason: string; violations: Violation[]; retry: true };

const CALL_NAMES: Record<OptionsCall, string> = {
  preview: 'a preview request (country only)',
  full: 'a full-address request',
  location_search: 'a location search (country and postal code)',
};

/** Status problems: 401 (re-authenticate), 5xx, and statuses the spec does not list (GAPS.md: 200). */
function statusProblem(a: RawAnswer): OptionsJudgement | null {
  const status = a.status!;
  if (status === 200) return null;
  if (status === 401)
    return {
      ok: false,
      cause: 'unauthorized',
      reason: 'POST /shippingoptions answered 401: the token was refused',
      violations: [],
      retry: true,
    };
  if (status >= 500) return refuse('server_error', `POST /shippingoptions answered ${status}`);
  const why = failureReasonOf(a.body);
  const hint =
    status === 415
      ? '; it refused the Content-Type application/vdn.service.shipping.get_options-v1+json, the vendor media type the spec names for this call'
      : '';
  return refuse('unlisted_status', `POST /shippingoptions answered ${status}${why ? ` (${why})` : ''}`, [
    {
      rule: SPEC.options,
      path: '(status)',
      message: `POST /shippingoptions answered ${status}${why ? ` with failure_reason '${why}'` : ''}${hint}; it answers 200 with {"shipping_options": […]} (an empty list when nothing is available), and any other status means fallback options`,
    },
  ]);
}

/** Spec § Endpoints: preview requests get `preview: true` options; a full address gets valid ones. */
export function previewViolations(options: readonly ShippingOption[], call: OptionsCall): Violation[] {
  if (call === 'location_search') return [];
  const want = call === 'preview';
  return options.flatMap((o, i) =>
    o.preview === want
      ? []
      : [
          {
            rule: SPEC.options,
            path: `shipping_options[${i}].preview`,
            message: want
              ? `option '${o.id}' has preview: false in an answer to ${CALL_NAMES.preview}; while the address is unknown the integrator must return preview options (preview: true)`
              : `option '${o.id}' has preview: true in an answer to ${CALL_NAMES.full}; a full address must get valid options (preview: false)`,
          },
        ],
  );
}

/**
 * POST /shippingoptions. Fallback (spec § Errors) on no answer, 5xx, a status not listed, a body that is
 * not one JSON object, or JSON that does not match the spec (a wrong preview flag included). An empty
 * list is not a fallback: it is the "no shipping options" state.
 */
export function judgeOptionsAnswer(a: RawAnswer, call: OptionsCall, timeoutMs: number): OptionsJudgement {
  const t = transportProblem(a, timeoutMs, 'POST /shippingoptions');
  if (t) return refuse(t.cause, t.reason);
  const bad = statusProblem(a);
  if (bad) return bad;
  const violations: Violation[] = [];
  const type = contentTypeViolation(a, SPEC.resources);
  if (type) violations.push(type);
  const parsed = parseObject(a.body);
  if ('problem' in parsed)
    return refuse('not_json', `POST /shippingoptions: ${parsed.problem}`, [
      ...violations,
      {
        rule: SPEC.options,
        path: '(body)',
        message: `${parsed.problem}; the answer must be one JSON object {"shipping_options": […]}`,
      },
    ]);
  const r = ShippingOptionsResponseSchema.safeParse(parsed.value);
  if (!r.success) {
    const v = [...violations, ...schemaViolations(r.error, parsed.value, SPEC.options)];
    return refuse(
      'invalid_response',
      `POST /shippingoptions: the answer does not match the spec (${v.length} problem${v.length === 1 ? '' : 's'})`,
      v,
    );
  }
  const flags = previewViolations(r.data.shipping_options, call);
  if (flags.length > 0)
    return refuse(
      'invalid_response',
      `POST /shippingoptions: ${flags.length} option${flags.length === 1 ? ' has' : 's have'} the wrong preview flag for ${CALL_NAMES[call]}`,
      [...violations, ...flags],
    );
  return { ok: true, options: r.data.shipping_options, violations };
}

/** The outcome recorded on an options exchange. */
export function optionsOutcome(j: OptionsJudgement): string {
  if (j.ok) return j.options.length === 0 ? 'no_options' : `options:${j.options.length}`;
  return 'retry' in j ? 'token_refused' : `fallback:${j.cause}`;
}

export { statusText };
