import type { Exchange } from '@shared/schemas/exchange.schema';
import type { OrderMerchantFaults } from '@shared/schemas/merchant-faults.schema';
import type { OmView } from '@shared/schemas/order-management.schema';
import type { PushTimeline } from '@shared/schemas/push.schema';
import type { Settings } from '@shared/schemas/settings.schema';
import type { Session } from '../checkout/session-state';

/** Everything the simulator recorded about one order, as a journey's export reads it. */
export interface JourneyRecords {
  /** The order's row: its document, its steps (with the customer's input), its arrival and faults. */
  session: Session;
  /** The order's exchanges, oldest first. */
  exchanges: Exchange[];
  /** Null until the purchase completed. */
  push: PushTimeline | null;
  om: OmView | null;
  faults: OrderMerchantFaults | null;
  /** The simulator's settings when the journey is saved. */
  settings: Settings;
  /** The sample shop's address ('' when it is not running): an order it made is saved as its requests. */
  shopUrl: string;
  /** When the journey is saved (the computer's time). */
  savedAt: string;
  version: string;
}
