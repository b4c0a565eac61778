import { z } from 'zod';
import {
  MerchantFaultsInputSchema,
  MerchantFaultsSchema,
  OrderMerchantFaultsSchema,
} from '../schemas/merchant-faults.schema';

const OrderId = z.object({ orderId: z.string().min(1) });

/** Merchant faults (sim-defined): the setting for all orders, and an order's own set. */
export const faultOps = {
  'merchantFaults.get': { input: z.object({}).optional(), output: MerchantFaultsSchema },
  /** Replaces the setting: switches left out are off; `scenario` switches on a named set. */
  'merchantFaults.set': { input: MerchantFaultsInputSchema, output: MerchantFaultsSchema },
  /** The order's own set, the setting, what applies, and every fault applied so far; null when unknown. */
  'merchantFaults.order.get': { input: OrderId, output: OrderMerchantFaultsSchema.nullable() },
  /** The order's own set (replacing the setting for it), or null to go back to the setting. */
  'merchantFaults.order.set': {
    input: OrderId.extend({ faults: MerchantFaultsInputSchema.nullable() }),
    output: OrderMerchantFaultsSchema,
  },
} as const;

export const faultEvents = {
  /** The setting (order_id null) or an order's own set changed, or a fault was applied to an order. */
  'merchantFaults.changed': z.object({ order_id: z.string().nullable() }),
} as const;
