import type { faultOps } from '@shared/contract/fault-ops';
import {
  MERCHANT_FAULT_SCENARIOS,
  MERCHANT_FAULT_TEXT,
  MERCHANT_FAULTS,
} from '@shared/schemas/merchant-faults.schema';
import { fail } from '../../openapi/responses';
import type { CoverageOf } from './route-table';
import { TAGS } from './route-table';

const FAULTS = MERCHANT_FAULTS.map((f) => `\`${f}\` (${MERCHANT_FAULT_TEXT[f]})`).join('; ');
const SCENARIOS = Object.entries(MERCHANT_FAULT_SCENARIOS)
  .map(([name, faults]) => `\`${name}\` = ${faults.join(' + ')}`)
  .join('; ');

/** The console's merchant fault cards: the setting (Settings page) and an order's own set (its page). */
export const FAULT_COVERAGE: CoverageOf<typeof faultOps> = {
  'merchantFaults.get': {
    method: 'GET',
    path: '/test_helpers/merchant_faults',
    kind: 'test_helpers.merchant_faults.read',
    tag: TAGS.faults,
    summary: 'The merchant faults of every order without its own set (the setting)',
    description: `each switch on or off: ${FAULTS}.`,
  },
  'merchantFaults.set': {
    method: 'PUT',
    path: '/test_helpers/merchant_faults',
    kind: 'test_helpers.merchant_faults.update',
    body: 'whole',
    tag: TAGS.faults,
    summary: 'Replace the merchant faults setting',
    description: `the whole set: switches left out are off; \`scenario\` switches on a named set beside the switches given (${SCENARIOS}).`,
  },
  'merchantFaults.order.get': {
    method: 'GET',
    path: '/test_helpers/checkout/orders/:order_id/merchant_faults',
    kind: 'test_helpers.order_merchant_faults.read',
    tag: TAGS.faults,
    summary: 'An order’s merchant faults, and every fault applied to it',
    description:
      'its own set (null: the setting applies), the setting, what applies, and each fault applied so far with its exchanges, oldest first.',
    notFound: { what: 'order' },
  },
  'merchantFaults.order.set': {
    method: 'PUT',
    path: '/test_helpers/checkout/orders/:order_id/merchant_faults',
    kind: 'test_helpers.order_merchant_faults.update',
    tag: TAGS.faults,
    summary: 'Give an order its own merchant faults, or send it back to the setting',
    description:
      '`{"faults": {…}}` replaces the setting for this order (the same shape as the setting, `scenario` included); `{"faults": null}` goes back to the setting. Allowed on any order, completed ones too (push, acknowledgement and notification faults apply after the purchase).',
    errors: [fail(404, 'NOT_FOUND: no such order')],
  },
};
