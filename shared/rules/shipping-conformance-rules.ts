import {
  LOCATION_TYPES,
  ShippingOptionsResponseSchema,
  type ShippingOption,
} from '../schemas/integrator.schema';
import type { RuleResult } from '../schemas/shipping-assistant.schema';
import type { RawAnswer } from './callback-answers';
import { judgeAuthAnswer, previewViolations, type OptionsCall } from './shipping-conformance';
import { groupedSchemaMessages, parseObject } from './shipping-conformance-common';
import {
  answered,
  evaluateRule,
  fail,
  listed,
  pass,
  skip,
  type ConformanceRecord,
  type ConformanceStep,
  type RuleSpec,
  type Verdict,
} from './shipping-conformance-record';
import { SHIPMENT_RULES } from './shipping-conformance-rules-shipment';

/*
 * The conformance run's rules for authentication and POST /shippingoptions, each tied to the spec section
 * it checks. Messages say what the integrator did and what the spec wants instead.
 */

const DOC = 'shipping-integrator-api.md';

const AUTH_RULES: RuleSpec[] = [
  {
    id: 'auth.wrong-credentials',
    title: 'POST /auth with wrong credentials answers 401',
    spec_ref: `${DOC} § Errors; § POST /auth`,
    step: 'wrong_credentials',
    evaluate: (c, r) => {
      if (c.answer.status === 401) return pass('401, as the spec requires');
      if (c.answer.status === 201 || c.answer.status === 200)
        return fail(
          `answered ${c.answer.status} to a digest made with a wrong key: compute sha256(nonce + key) with the identifier's key and compare it with secret.digest; refuse with 401 when they differ`,
        );
      return fail(`${answered(c.answer, r.timeoutMs)}; wrong credentials must get 401`);
    },
  },
  {
    id: 'auth.token',
    title: 'POST /auth with good credentials answers 201 with a token',
    spec_ref: `${DOC} § POST /auth, § Authentication; GAPS.md § Shipping integrator API (201 {"token"})`,
    step: 'auth',
    evaluate: (c, r) => {
      const j = judgeAuthAnswer(c.answer, r.timeoutMs);
      if (j.ok && j.violations.length === 0) return pass('201 with a token');
      if (j.ok) return fail(listed(j.violations.map((v) => v.message)));
      if (j.cause === 'unauthorized')
        return fail(
          'answered 401 to the right identifier and digest: the digest is hex SHA-256 of the nonce followed by the key (nonce first), compared case-insensitively',
        );
      const details = j.violations.map((v) => v.message);
      return fail(
        details.length
          ? listed(details)
          : `${answered(c.answer, r.timeoutMs)}; good credentials get 201 {"token": "…"}`,
      );
    },
  },
  {
    id: 'auth.token-reuse',
    title: 'A token stays valid for further calls',
    spec_ref: `${DOC} § Authentication (4: a token per merchant, about an hour; 5: cached until a 401)`,
    step: 'reuse',
    evaluate: (_c, r) => {
      const calls = r.calls.reuse ?? [];
      const refused = calls.findIndex((x) => x.answer.status === 401);
      if (refused >= 0)
        return fail(
          `call ${refused + 1} with a token fresh from POST /auth got 401; a token must stay valid for further calls (recommended lifetime about 1 hour) — the shipping assistant caches it until a 401, so a token that works once costs a POST /auth per call`,
        );
      const broken = calls.find((x) => x.answer.status === null || x.answer.status >= 500);
      if (broken)
        return skip(
          `skipped: the calls with the token ${answered(broken.answer, r.timeoutMs)}, so reuse could not be judged`,
        );
      return pass(`the same token worked for ${calls.length} calls`);
    },
  },
  {
    id: 'auth.wrong-token',
    title: 'A call with a wrong token answers 401',
    spec_ref: `${DOC} § Errors; § Endpoints (Authorization: Bearer)`,
    step: 'wrong_token',
    evaluate: (c, r) =>
      c.answer.status === 401
        ? pass('401, as the spec requires')
        : fail(
            `${answered(c.answer, r.timeoutMs)} to POST /shippingoptions with a made-up bearer token; any call but POST /auth with an old or wrong token must get 401`,
          ),
  },
];

/** The options of an answer with its schema problems, or why the answer is unusable before the schema. */
function readOptions(a: RawAnswer): {
  options: ShippingOption[] | null;
  problems: string[];
  early: string | null;
} {
  if (a.status !== 200) return { options: null, problems: [], early: 'status' };
  const parsed = parseObject(a.body);
  if ('problem' in parsed) return { options: null, problems: [], early: parsed.problem };
  const r = ShippingOptionsResponseSchema.safeParse(parsed.value);
  if (!r.success)
    return { options: null, problems: groupedSchemaMessages(r.error, parsed.value), early: null };
  return { options: r.data.shipping_options, problems: [], early: null };
}

const CALL_WORDS: Record<OptionsCall, string> = {
  preview: 'the preview call (recipient holds only country)',
  full: 'the full-address call',
  location_search: 'the location search (recipient holds country and postal_code)',
};

function answerRule(step: ConformanceStep, call: OptionsCall, id: string): RuleSpec {
  return {
    id,
    title: `${CALL_WORDS[call][0]!.toUpperCase()}${CALL_WORDS[call].slice(1)} answers 200 with one JSON object`,
    spec_ref: `${DOC} § POST /shippingoptions, § Errors; GAPS.md (200; vendor media type)`,
    step,
    evaluate: (c, r) => {
      const a = c.answer;
      if (a.status === 415)
        return fail(
          `answered 415: accept Content-Type application/vdn.service.shipping.get_options-v1+json, the spec's vendor media type for this call`,
        );
      if (a.status !== 200)
        return fail(
          `${answered(a, r.timeoutMs)}; POST /shippingoptions answers 200 with {"shipping_options": […]} (any other status sends the checkout to its fallback options)`,
        );
      const o = readOptions(a);
      if (o.early) return fail(`${o.early}; the answer must be one JSON object {"shipping_options": […]}`);
      return pass('200 with one JSON object');
    },
  };
}

function schemaRule(step: ConformanceStep, call: OptionsCall, id: string): RuleSpec {
  return {
    id,
    title: `Options of ${CALL_WORDS[call].replace(/ \(.*\)$/, '')} match the spec's fields`,
    spec_ref: `${DOC} § Shipping option, § Location, § Add-on, § Delivery time`,
    step,
    evaluate: (c) => {
      const o = readOptions(c.answer);
      if (o.early)
        return skip(`skipped: the answer is not usable (see the ${id.replace(/schema$/, 'answer')} rule)`);
      return o.problems.length
        ? fail(listed(o.problems))
        : pass(`${o.options!.length} options, every field as the spec says`);
    },
  };
}

function flagRule(step: ConformanceStep, call: 'preview' | 'full', id: string): RuleSpec {
  return {
    id,
    title:
      call === 'preview'
        ? 'A preview call gets preview: true options'
        : 'A full address gets valid options (preview: false)',
    spec_ref: `${DOC} § POST /shippingoptions (preview call); § States and transitions`,
    step,
    evaluate: (c) => {
      const o = readOptions(c.answer);
      if (!o.options) return skip(`skipped: the options could not be read (see the answer and schema rules)`);
      const v = previewViolations(o.options, call);
      return v.length
        ? fail(listed(v.map((x) => x.message)))
        : pass(`every option has preview: ${call === 'preview'}`);
    },
  };
}

const OPTIONS_RULES: RuleSpec[] = [
  answerRule('preview', 'preview', 'options.preview.answer'),
  schemaRule('preview', 'preview', 'options.preview.schema'),
  flagRule('preview', 'preview', 'options.preview.flag'),
  answerRule('full', 'full', 'options.full.answer'),
  schemaRule('full', 'full', 'options.full.schema'),
  flagRule('full', 'full', 'options.full.flag'),
  {
    id: 'options.full.available',
    title: 'An ordinary full address gets at least one option',
    spec_ref: `${DOC} § POST /shippingoptions (an empty list is the "no options" error state of the selector)`,
    step: 'full',
    evaluate: (c) => {
      const o = readOptions(c.answer);
      if (!o.options) return skip('skipped: the options could not be read (see the answer and schema rules)');
      return o.options.length > 0
        ? pass(`${o.options.length} options`)
        : fail(
            'answered an empty shipping_options list for an ordinary Stockholm (SE) address and a 2.4 kg parcel: the checkout shows "no shipping options" and the customer cannot buy. Offer at least one option, unless SE is outside your service area',
          );
    },
  },
  answerRule('locations', 'location_search', 'options.locations.answer'),
  schemaRule('locations', 'location_search', 'options.locations.schema'),
  {
    id: 'options.locations.found',
    title: 'A location search returns locations for the pickup options',
    spec_ref: `${DOC} § POST /shippingoptions (location search); § Location`,
    step: 'locations',
    evaluate: (c, r) => {
      const o = readOptions(c.answer);
      if (!o.options) return skip('skipped: the options could not be read (see the answer and schema rules)');
      const pickup = o.options.filter((x) => LOCATION_TYPES.includes(x.type));
      if (pickup.length === 0)
        return skip('skipped: the answer has no pickup options, so there are no locations to look for');
      const n = pickup.reduce((s, x) => s + (x.locations?.length ?? 0), 0);
      return n > 0
        ? pass(`${n} locations across ${pickup.length} pickup options for postal code ${r.postalCode}`)
        : fail(
            `the pickup options (${pickup.map((x) => `'${x.id}'`).join(', ')}) came back without locations for postal code ${r.postalCode}; the checkout takes nothing but the locations from this answer`,
          );
    },
  },
];

/** Every rule of the run, in the order of the sequence. */
export const CONFORMANCE_RULES: readonly RuleSpec[] = [...AUTH_RULES, ...OPTIONS_RULES, ...SHIPMENT_RULES];

/** The scorecard's rules for a recorded run. */
export function evaluateRun(r: ConformanceRecord): RuleResult[] {
  return CONFORMANCE_RULES.map((rule) => evaluateRule(rule, r));
}

export type { Verdict };
