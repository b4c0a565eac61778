import { CheckoutErrorSchema } from '@shared/schemas/checkout-order.schema';
import { ElementsErrorSchema } from '@shared/schemas/elements.schema';
import { FailureBodySchema } from '@shared/schemas/integrator.schema';
import { ProblemSchema } from '@shared/schemas/ipp.schema';
import type { ApiDoc, OpDoc } from './op-types';
import { fail } from './responses';

/**
 * The APIs of the two listeners as the document describes them: each one's error shape and the errors
 * every operation of it can answer. Their operations are declared beside their handlers (Operation).
 */

const UNAUTHORIZED = fail(401, 'UNAUTHORIZED: missing or wrong Basic credentials');

/** An API answering in the checkout error body `{error_code, error_messages, correlation_id}`. */
export function checkoutApi(ops: readonly OpDoc[]): ApiDoc {
  return {
    errorSchema: CheckoutErrorSchema,
    errorMediaType: 'application/json',
    requestMediaTypes: ['application/json'],
    commonErrors: [UNAUTHORIZED],
    bodyErrors: [
      fail(400, 'BAD_VALUE: the body is not valid JSON or breaks a rule; each message names the field'),
      fail(413, 'BAD_VALUE: the body is over 1 MiB'),
      fail(415, 'BAD_VALUE: the Content-Type is not JSON'),
    ],
    ops,
  };
}

/** In-person payments (`/ipp/v1`): errors as RFC 7807 problem JSON with `errors{field: message}`. */
export function ippApi(ops: readonly OpDoc[]): ApiDoc {
  return {
    errorSchema: ProblemSchema,
    errorMediaType: 'application/problem+json',
    requestMediaTypes: ['application/json'],
    commonErrors: [UNAUTHORIZED],
    bodyErrors: [
      fail(400, 'VALIDATION_FAILED: `errors` names each field'),
      fail(413, 'PAYLOAD_TOO_LARGE'),
      fail(415, 'UNSUPPORTED_MEDIA_TYPE'),
    ],
    ops,
  };
}

/** Elements clients (`/elements/v1`): errors as `{message, additional_context, code}`. */
export function elementsApi(ops: readonly OpDoc[]): ApiDoc {
  return {
    errorSchema: ElementsErrorSchema,
    errorMediaType: 'application/json',
    requestMediaTypes: ['application/json'],
    commonErrors: [UNAUTHORIZED],
    bodyErrors: [
      fail(400, 'ARGUMENT_NOT_VALID: `additional_context` names each field'),
      fail(413, 'ARGUMENT_NOT_VALID: the body is over 1 MiB'),
      fail(415, 'ARGUMENT_NOT_VALID: the Content-Type is not JSON'),
    ],
    ops,
  };
}

/** The shipping integrator API (a TMS), as the built-in fake integrator serves it. */
export function integratorApi(ops: readonly OpDoc[]): ApiDoc {
  return {
    errorSchema: FailureBodySchema,
    errorMediaType: 'application/json',
    requestMediaTypes: ['application/json'],
    commonErrors: [],
    bodyErrors: [
      fail(400, '`invalid_request`: the body breaks the schema; the reason names each field'),
      fail(413, '`request_too_large`'),
      fail(415, '`unsupported_media_type`: neither the endpoint’s vendor type nor application/json'),
    ],
    ops,
  };
}
