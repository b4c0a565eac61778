import { z } from 'zod';
import { NoInput, OrderIdInput } from './op-inputs';
import {
  MerchantFaultsInputSchema,
  MerchantFaultsSchema,
  OrderMerchantFaultsSchema,
} from '../schemas/merchant-faults.schema';

/** Merchant faults (sim-defined): the setting for all orders, and an order's own set. */
export const faultOps = {
  'merchantFaults.get': { input: NoInput, output: MerchantFaultsSchema },
  /** Replaces the setting: switches left out are off; `scenario` switches on a named set. */
  'merchantFaults.set': { input: MerchantFaultsInputSchema, output: MerchantFaultsSchema },
  /** The order's own set, the setting, what applies, and every fault applied so far; null when unknown. */
  'merchantFaults.order.get': { input: OrderIdInput, output: OrderMerchantFaultsSchema.nullable() },
  /** The order's own set (replacing the setting for it), or null to go back to the setting. */
  'merchantFaults.order.set': {
    input: OrderIdInput.extend({ faults: MerchantFaultsInputSchema.nullable() }),
    output: OrderMerchantFaultsSchema,
  },
} as const;

export const faultEvents = {
  /** The setting (order_id null) or an order's own set changed, or a fault was applied to an order. */
  'merchantFaults.changed': z.object({ order_id: z.string().nullable() }),
} as const;
