import { SessionCreateSchema, type SessionCreate } from '@shared/schemas/ipp.schema';
import type { FieldProblem } from '@shared/schemas/common.schema';
import { checkCart } from '@shared/rules/order-arithmetic';
import { schemaProblems } from '@shared/rules/schema-problems';
import { invalid, SimFailure } from '../errors';

/** Codes of the in-person API's failures; the HTTP layer turns each into a problem type. */
export const IPP_CODES = {
  validation: 'VALIDATION_FAILED',
  deviceNotFound: 'DEVICE_NOT_FOUND',
  sessionNotFound: 'SESSION_NOT_FOUND',
  deviceBusy: 'DEVICE_BUSY',
  sessionNotOpen: 'SESSION_NOT_OPEN',
} as const;

export const validationFailed = (problems: readonly FieldProblem[]): SimFailure =>
  invalid(problems, IPP_CODES.validation);

export const deviceNotFound = (id: string): SimFailure =>
  new SimFailure('not_found', IPP_CODES.deviceNotFound, `device '${id}' is not registered`);

export const sessionNotFound = (id: string): SimFailure =>
  new SimFailure('not_found', IPP_CODES.sessionNotFound, `session '${id}' was not found`);

/**
 * The item arithmetic of checkout order lines, applied to `order_items`: the same `checkCart` rules,
 * with the paths and messages renamed so they name this API's fields.
 */
export function checkItems(body: SessionCreate): FieldProblem[] {
  return checkCart({ ...body, order_lines: body.order_items }).map((p) => ({
    path: p.path.replace(/^order_lines/, 'order_items'),
    message: p.message.replace(/order_lines/g, 'order_items'),
  }));
}

/** Validates a create body: shape first, then arithmetic; each problem names its field. */
export function parseSessionCreate(body: unknown): SessionCreate {
  const parsed = SessionCreateSchema.safeParse(body);
  if (!parsed.success) throw validationFailed(schemaProblems(parsed.error));
  const problems = checkItems(parsed.data);
  if (problems.length > 0) throw validationFailed(problems);
  return { ...parsed.data, purchase_currency: parsed.data.purchase_currency.toUpperCase() };
}
