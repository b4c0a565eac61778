import type { CustomerView } from '../schemas/customer.schema';

/**
 * What the simulator puts in the embedded checkout's document (`<script type="application/json"
 * id="kco-config">`) and the checkout page's script reads back: one declaration for both sides.
 */
export interface FrameConfig {
  orderId: string;
  token: string;
  /** The merchant page's origin as the bootstrap reported it (null when the page was opened without one). */
  parentOrigin: string | null;
  view: CustomerView;
  /** The framing setting's origins: when not empty, the page refuses to talk to other origins. */
  allowedOrigins: string[];
}
