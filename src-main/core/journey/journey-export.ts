import type { Exchange } from '@shared/schemas/exchange.schema';
import type { Device, Session as IppSession } from '@shared/schemas/ipp.schema';
import type { OrderMerchantFaults } from '@shared/schemas/merchant-faults.schema';
import type { OmView } from '@shared/schemas/order-management.schema';
import type { PushTimeline } from '@shared/schemas/push.schema';
import type { Settings } from '@shared/schemas/settings.schema';
import type { Session } from '../checkout/session-state';
import { notFound } from '../errors';
import { inPersonScenario } from './journey-in-person';
import { journeyScenario } from './journey-scenario';
import { journeyYaml } from './journey-yaml';

/** Where a journey's export reads the simulator's records (create-core wires each to its service). */
export interface JourneySource {
  session(orderId: string): Session | undefined;
  /** The order's exchanges, oldest first. */
  exchanges(orderId: string): Promise<Exchange[]>;
  push(orderId: string): PushTimeline | null;
  om(orderId: string): OmView | null;
  faults(orderId: string): OrderMerchantFaults | null;
  settings(): Settings;
  /** The in-person session of that id, if it is one. */
  ippSession(id: string): IppSession | undefined;
  /** A registered device; undefined once deregistered. */
  device(id: string): Device | undefined;
  /** What the file must never hold: the merchant's password, the order's customer token. */
  secrets(orderId: string): string[];
  /** The sample shop's address ('' when it is not running): an order it made is saved as its requests. */
  shopUrl: string;
  /** The computer's time, for the date the file says it was saved. */
  now(): number;
  version: string;
}

export interface SavedJourney {
  file_name: string;
  yaml: string;
}

/** Blanks out each secret wherever it appears (none should: this is the last guard). */
function withoutSecrets(text: string, secrets: string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join('********');
  return out;
}

/**
 * Saves an order's journey as a scenario file: its order, steps, clock moves, faults and settings, and
 * expectations read from what happened. An in-person session (its id is the order it becomes) is saved
 * as its device, the session the merchant sent, the terminal actions and the merchant's cancel.
 */
export async function saveJourney(src: JourneySource, orderId: string): Promise<SavedJourney> {
  const session = src.session(orderId);
  if (!session) {
    const ipp = src.ippSession(orderId);
    if (!ipp) throw notFound(`order ${orderId}`);
    const j = inPersonScenario({
      session: ipp,
      device: src.device(ipp.device_id) ?? null,
      exchanges: await src.exchanges(orderId),
      push: src.push(orderId),
      om: src.om(orderId),
      savedAt: new Date(src.now()).toISOString(),
      version: src.version,
    });
    return {
      file_name: `session-${orderId.slice(0, 8)}.yaml`,
      yaml: withoutSecrets(journeyYaml(j), src.secrets(orderId)),
    };
  }
  const j = journeyScenario({
    session,
    exchanges: await src.exchanges(orderId),
    push: src.push(orderId),
    om: src.om(orderId),
    faults: src.faults(orderId),
    settings: src.settings(),
    shopUrl: src.shopUrl,
    savedAt: new Date(src.now()).toISOString(),
    version: src.version,
  });
  return {
    file_name: `journey-${orderId.slice(0, 8)}.yaml`,
    yaml: withoutSecrets(journeyYaml(j), src.secrets(orderId)),
  };
}
