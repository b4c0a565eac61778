import type { Exchange } from '@shared/schemas/exchange.schema';
import type { OrderMerchantFaults } from '@shared/schemas/merchant-faults.schema';
import type { OmView } from '@shared/schemas/order-management.schema';
import type { PushTimeline } from '@shared/schemas/push.schema';
import type { Settings } from '@shared/schemas/settings.schema';
import type { Session } from '../checkout/session-state';
import { notFound, SimFailure } from '../errors';
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
  isIppSession(id: string): boolean;
  /** What the file must never hold: the merchant's password, the order's customer token. */
  secrets(orderId: string): string[];
  shopUrl(): string;
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
 * expectations read from what happened. An in-person session cannot be saved: scenario files have no
 * in-person steps.
 */
export async function saveJourney(src: JourneySource, orderId: string): Promise<SavedJourney> {
  const session = src.session(orderId);
  if (!session) {
    if (src.isIppSession(orderId))
      throw new SimFailure(
        'conflict',
        'NOT_EXPORTABLE',
        `${orderId} is an in-person session: scenario files have no in-person steps, so it cannot be saved as a scenario`,
      );
    throw notFound(`order ${orderId}`);
  }
  const j = journeyScenario({
    session,
    exchanges: await src.exchanges(orderId),
    push: src.push(orderId),
    om: src.om(orderId),
    faults: src.faults(orderId),
    settings: src.settings(),
    shopUrl: src.shopUrl(),
    savedAt: new Date(src.now()).toISOString(),
    version: src.version,
  });
  return {
    file_name: `journey-${orderId.slice(0, 8)}.yaml`,
    yaml: withoutSecrets(journeyYaml(j), src.secrets(orderId)),
  };
}
