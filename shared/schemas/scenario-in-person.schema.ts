import { z } from 'zod';
import { DEVICE_PLATFORMS, SessionCreateSchema, TERMINAL_ACTIONS } from './ipp.schema';
import { oneKey } from './scenario-expect.schema';

/*
 * The in-person part of scenario files (sim-defined): a session the merchant sends to a device instead of a
 * checkout order, the customer's actions at the terminal, and the merchant's cancel.
 */

/** The device the session is sent to: registered for the scenario's run, so parallel runs never share one. */
export const ScenarioDeviceSchema = z
  .strictObject({
    name: z.string().min(1, 'must not be empty').max(255).describe('The device’s name (“Counter 1”)'),
    platform: z.enum(DEVICE_PLATFORMS).optional().describe('android, ios or other (default other)'),
    location_id: z.string().min(1, 'must not be empty').max(255).optional().describe('Its location'),
    metadata: z.record(z.string(), z.unknown()).optional().describe('Its metadata, as registered'),
  })
  .describe('A device registered for the run (each run its own)');
export type ScenarioDevice = z.infer<typeof ScenarioDeviceSchema>;

/** One object, so that a misspelt key is named against every key the in-person part may have. */
export const ScenarioInPersonSchema = z
  .strictObject({
    device: ScenarioDeviceSchema.optional().describe(
      'A device registered for the run (default: one named after the scenario, platform other)',
    ),
    device_id: z
      .string()
      .min(1, 'must not be empty')
      .optional()
      .describe(
        'Instead of device: a device already registered in the simulator (runs of the file then share it: not with --parallel)',
      ),
    session: SessionCreateSchema.omit({ device_id: true }).describe(
      'The body of POST /ipp/v1/sessions without device_id (the device above gets it); its amounts and items are checked by the in-person API when the scenario runs',
    ),
  })
  .superRefine((o, ctx) => {
    if (o.device && o.device_id !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['device_id'],
        message: 'goes instead of device, not with it: give one of the two',
      });
    if ('device_id' in o.session)
      ctx.addIssue({
        code: 'custom',
        path: ['session', 'device_id'],
        message:
          'is the device the scenario registers (device) or names (in_person.device_id), not part of session',
      });
  })
  .describe(
    'An in-person session instead of a checkout order: the device it is sent to and the body the merchant sends to POST /ipp/v1/sessions',
  );
export type ScenarioInPerson = z.infer<typeof ScenarioInPersonSchema>;

/** The customer at the terminal: an action, or `{decline: reason}`. */
export const TerminalStepValueSchema = z.union([
  z.enum(TERMINAL_ACTIONS).meta({
    description:
      'tap_card pays, decline fails the session (card declined), wrong_pin counts a wrong PIN (the third fails it), walk_away cancels it',
    examples: ['tap_card'],
  }),
  z.strictObject({
    decline: z.string().min(1, 'must not be empty').max(200).describe('Why the card was declined'),
  }),
]);
export type TerminalStepValue = z.infer<typeof TerminalStepValueSchema>;

/** The in-person steps, beside the checkout's (scenario.schema.ts gathers both). */
export const IN_PERSON_STEPS = {
  terminal: oneKey(
    'terminal',
    TerminalStepValueSchema,
    'In-person: the customer at the terminal: tap_card, wrong_pin, walk_away, decline or {decline: reason} (the first action shows the session: CREATED → ACTIVE)',
  ),
  cancel: oneKey(
    'cancel',
    z.null(),
    'In-person: the merchant cancels the session (PUT /ipp/v1/sessions/{id}/cancel), as its till does when the customer changes their mind',
  ),
};

/** The action and the decline reason of a terminal step. */
export function terminalAction(v: TerminalStepValue): {
  action: (typeof TERMINAL_ACTIONS)[number];
  reason?: string;
} {
  return typeof v === 'string' ? { action: v } : { action: 'decline', reason: v.decline };
}
