import type { ElementsError } from '@shared/schemas/elements.schema';
import type { SimFailure } from '../../core/errors';
import type { DiskWatch } from '../../core/disk-watch';
import { asFailure, statusOf } from '../failure-status';
import type { Logger } from '../../core/log';
import { noteInternalError } from '../internal-error';
import { json } from '../json';
import type { ExchangeMeta, HttpRequest, HttpResponse } from '../router';
import { BASIC_CHALLENGE, unknownRoute, type ErrorShape } from './error-shapes';

/** The codes the elements API defines; any other failure of bad input is reported as ARGUMENT_NOT_VALID. */
const OWN_CODES = new Set(['CLIENT_NOT_FOUND', 'ORIGIN_NOT_ALLOWED', 'ARGUMENT_NOT_VALID', 'DISK_FULL']);

/** The elements API's error body: `{message, additional_context, code}`. */
export function elementsError(
  status: number,
  code: ElementsError['code'],
  message: string,
  context: ElementsError['additional_context'] = [],
  headers?: Record<string, string>,
): HttpResponse {
  const body: ElementsError = { message, additional_context: context, code };
  return json(status, body, headers);
}

function codeOf(err: SimFailure): ElementsError['code'] {
  if (OWN_CODES.has(err.code)) return err.code as ElementsError['code'];
  return err.kind === 'not_found' ? 'NOT_FOUND' : 'ARGUMENT_NOT_VALID';
}

/** Maps what an elements handler throws to that body; field problems go to additional_context. */
export function elementsErrorMapper(log: Logger, disk?: DiskWatch) {
  return (thrown: unknown, meta: ExchangeMeta): HttpResponse => {
    const err = asFailure(thrown, disk);
    if (err) {
      const code = codeOf(err);
      meta.outcome = code;
      const status = statusOf(err);
      const context = err.problems.map((p) => ({ field: p.path, message: p.message }));
      return elementsError(status, code, err.message, context);
    }
    noteInternalError(log, thrown, meta, 'INTERNAL_ERROR');
    return elementsError(500, 'INTERNAL_ERROR', 'the simulator failed unexpectedly; see its log');
  };
}

/** The elements API's error shape, for the provider app's guard and unknown routes. */
export function elementsErrorShape(log: Logger, disk?: DiskWatch): ErrorShape {
  return {
    prefix: '/elements/',
    unauthorized: (why) => elementsError(401, 'UNAUTHORIZED', why, [], BASIC_CHALLENGE),
    notFound: (req: HttpRequest, allowed: string[]) =>
      unknownRoute(req, allowed, (status, code, message, headers) =>
        elementsError(status, code, message, [], headers),
      ),
    onError: elementsErrorMapper(log, disk),
  };
}
