import type { Exchange } from '@shared/schemas/exchange.schema';
import type { Session } from '@shared/schemas/ipp.schema';
import type { PushTimeline } from '@shared/schemas/push.schema';
import type { StepSeen } from './expect-calls';
import type { MerchantStateSeen } from './merchant-state';

// What a scenario's expectations and explore's invariants are judged on, apart from both so that neither
// imports the other for it.

/** What a scenario's expectations are judged on, read from the simulator's public APIs after the steps. */
export interface Evidence {
  /** Every exchange of the order, oldest first (GET /test_helpers/exchanges?order_id=). */
  exchanges: Exchange[];
  /** GET /test_helpers/orders/{id}/push, once the order completed. */
  push: PushTimeline | null;
  /** GET /ordermanagement/v1/orders/{id}, once the order completed. */
  om: Record<string, unknown> | null;
  /** GET /test_helpers/checkout/orders/{id}: what the customer sees. */
  view: Record<string, unknown> | null;
  /** The customer steps the scenario took, with their outcomes. */
  steps: StepSeen[];
  /** An in-person scenario's session at the end (GET /ipp/v1/sessions/{id}); absent for a checkout order. */
  session?: Session | null;
  /** The merchant's pages the scenario opened (the confirmation page, a `merchant` step), in order. */
  pages?: PageSeen[];
  /** What each merchant-state URL of the expectations answered at the end, by its template. */
  merchantState?: Record<string, MerchantStateSeen>;
}

/** A page of the merchant's the scenario opened, and its answer (not in the simulator's log: the runner's own). */
export interface PageSeen {
  method: string;
  path: string;
  status: number;
  /** `confirmation page` after pay, `merchant step` for a request of the file's. */
  what: string;
}
