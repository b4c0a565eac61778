/*
 * The channels and event topics the preload lets through. The preload runs sandboxed, where `require`
 * knows only `electron` and a few Node built-ins, and electron-vite leaves dependencies external, so the
 * preload must not import shared/contract/control.ts at runtime: that module builds zod schemas and
 * would pull in `require('zod')`. The values are repeated here and tied to the contract at compile time
 * (the type checks below) and at test time (preload-allowlist.test.ts).
 */
import type { EventName, IPC_EVENT, IPC_INVOKE, IPC_SUBSCRIBE } from '@shared/contract/control';

/** The only IPC channels the preload uses. */
export const CHANNELS: {
  invoke: typeof IPC_INVOKE;
  event: typeof IPC_EVENT;
  subscribe: typeof IPC_SUBSCRIBE;
} = {
  invoke: 'control:invoke',
  event: 'control:event',
  subscribe: 'control:subscribe',
};

/** Every event topic of the contract. */
export const EVENT_NAMES = [
  'order.created',
  'order.updated',
  'exchange.recorded',
  'exchanges.cleared',
  'log.status',
  'settings.changed',
  'events.skipped',
  'ipp.session.updated',
  'ipp.device.changed',
  'elements.client.changed',
  'clock.changed',
  'push.attempted',
  'om.order.updated',
  'notification.sent',
  'shipping.settings.changed',
  'shipping.tracking.updated',
  'shipping.conformance.finished',
  'integrator.changed',
  'merchantFaults.changed',
  'testClocks.changed',
] as const satisfies readonly EventName[];

// Fails to compile when the contract gains an event this list lacks.
type MissingEvents = Exclude<EventName, (typeof EVENT_NAMES)[number]>;
const _allEventsListed: [MissingEvents] extends [never] ? true : MissingEvents = true;

const EVENT_SET: ReadonlySet<string> = new Set(EVENT_NAMES);

/** The preload's `isEventName`: true for a topic the contract defines. */
export function isAllowedTopic(topic: unknown): topic is EventName {
  return typeof topic === 'string' && EVENT_SET.has(topic);
}
