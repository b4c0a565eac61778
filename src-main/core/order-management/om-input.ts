import type { z } from 'zod';
import type { OrderLine } from '@shared/schemas/checkout-order.schema';
import type { FieldProblem } from '@shared/schemas/common.schema';
import {
  CaptureCreateSchema,
  MerchantReferencesSchema,
  RefundCreateSchema,
  type CaptureCreate,
  type RefundCreate,
} from '@shared/schemas/order-management.schema';
import {
  AuthorizationUpdateSchema,
  CaptureCustomerDetailsSchema,
  CustomerDetailsSchema,
  ExtendDueDateSchema,
  UpdateShippingInfoSchema,
  type AuthorizationUpdate,
  type ShippingInfo,
} from '@shared/schemas/om-updates.schema';
import { checkLine } from '@shared/rules/order-arithmetic';
import { schemaProblems } from '@shared/rules/schema-problems';
import { invalid } from '../errors';

function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const r = schema.safeParse(body);
  if (!r.success) throw invalid(schemaProblems(r.error));
  return r.data;
}

/** Lines checked with the checkout's arithmetic; when given, they must add up to the amount. */
export function lineProblems(
  lines: readonly OrderLine[],
  path: string,
  amount?: { field: string; value: number },
): FieldProblem[] {
  const problems = lines.flatMap((l, i) => checkLine(l, `${path}[${i}]`));
  if (amount && lines.length > 0) {
    const sum = lines.reduce((s, l) => s + l.total_amount, 0);
    if (sum !== amount.value) {
      problems.push({
        path: amount.field,
        message: `must equal the sum of ${path}[].total_amount (${sum}), got ${amount.value}`,
      });
    }
  }
  return problems;
}

/** `input` when its order_lines, if any, are each right and add up to its amount `field`; refused otherwise. */
function withLinesAddingUp<K extends string, T extends { order_lines?: OrderLine[] } & Record<K, number>>(
  input: T,
  field: K,
): T {
  const problems = lineProblems(input.order_lines ?? [], 'order_lines', { field, value: input[field] });
  if (problems.length > 0) throw invalid(problems);
  return input;
}

/** Body of POST …/captures: captured_amount a positive integer; order_lines, if any, reconcile with it. */
export function parseCapture(body: unknown): CaptureCreate {
  return withLinesAddingUp(parse(CaptureCreateSchema, body), 'captured_amount');
}

/** Body of POST …/refunds. */
export function parseRefund(body: unknown): RefundCreate {
  return withLinesAddingUp(parse(RefundCreateSchema, body), 'refunded_amount');
}

/** Body of PATCH …/merchant-references: at least one of the two. */
export function parseReferences(body: unknown): {
  merchant_reference1?: string;
  merchant_reference2?: string;
} {
  const input = parse(MerchantReferencesSchema, body);
  if (input.merchant_reference1 === undefined && input.merchant_reference2 === undefined) {
    throw invalid([{ path: '(body)', message: 'give merchant_reference1, merchant_reference2 or both' }]);
  }
  return {
    ...(input.merchant_reference1 !== undefined ? { merchant_reference1: input.merchant_reference1 } : {}),
    ...(input.merchant_reference2 !== undefined ? { merchant_reference2: input.merchant_reference2 } : {}),
  };
}

/** Body of PATCH …/authorization: order_lines, when given, checked line by line and adding up to order_amount. */
export function parseAuthorization(body: unknown): AuthorizationUpdate {
  return withLinesAddingUp(parse(AuthorizationUpdateSchema, body), 'order_amount');
}

/** Body of POST …/shipping-info (the order's or a capture's): one to 500 items. */
export function parseShippingInfo(body: unknown): ShippingInfo[] {
  return parse(UpdateShippingInfoSchema, body).shipping_info;
}

/** Body of PATCH …/customer-details. */
export const parseCustomerDetails = (body: unknown) => parse(CustomerDetailsSchema, body);

/** Body of PATCH …/captures/{capture_id}/customer-details. */
export const parseCaptureCustomerDetails = (body: unknown) => parse(CaptureCustomerDetailsSchema, body);

/** Body of PATCH …/captures/{capture_id}/extend-due-date. */
export const parseExtendDueDate = (body: unknown) => parse(ExtendDueDateSchema, body).number_of_days;
