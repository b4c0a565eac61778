import { z } from 'zod';

/** The input of an operation that takes none (an empty object or nothing at all). */
export const NoInput = z.object({}).optional();

/** The input of an operation about one checkout order. */
export const OrderIdInput = z.object({ orderId: z.string().min(1) });
