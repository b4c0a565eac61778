import { z } from 'zod';
import { NoInput } from './op-inputs';
import {
  TestClockAdvanceResultSchema,
  TestClockAdvanceFieldsSchema,
  TestClockBindFieldsSchema,
  TestClockCreateSchema,
  TestClockListSchema,
  TestClockViewSchema,
} from '../schemas/test-clock.schema';

const ClockId = z.object({ clockId: z.string().min(1) });

/** Test clocks (sim-defined): a clock per test, with what is bound to it. */
export const testClockOps = {
  'testClocks.list': { input: NoInput, output: TestClockListSchema },
  'testClocks.create': { input: TestClockCreateSchema.optional(), output: TestClockViewSchema },
  'testClocks.get': { input: ClockId, output: TestClockViewSchema.nullable() },
  /** Fires the clock's own timers (the service checks "exactly one of seconds or until") (those of what is bound to it), in due order. */
  'testClocks.advance': { input: TestClockAdvanceFieldsSchema, output: TestClockAdvanceResultSchema },
  /** Binds an order or an in-person session made already; its pending timers move onto the clock. */
  'testClocks.bind': { input: TestClockBindFieldsSchema, output: TestClockViewSchema },
  /** What was bound goes back to the simulator clock, its pending timers with it. */
  'testClocks.delete': { input: ClockId, output: z.object({ deleted: z.literal(true), released: z.int() }) },
} as const;

/** Told when a test clock is made, moved, bound or deleted (the console's panel follows). */
export const testClockEvents = {
  'testClocks.changed': z.object({}),
} as const;
