/*
 * The messages between the bootstrap (in the merchant's page) and the checkout page (in the iframe), sent
 * with postMessage. Each side posts only to the other's origin and accepts only messages from it: the
 * bootstrap to the checkout's origin and from its iframe's window, the checkout page to the merchant
 * page's origin (which the bootstrap puts in the iframe's address and the simulator checks against its
 * framing setting) and from its parent window.
 */
import type { ClientEventName } from '@shared/schemas/customer.schema';

/** Every message carries this mark, so neither side mistakes another script's messages for its own. */
export const KCO_MARK = 'checkout-sim/1';

/** From the checkout page to the merchant's page. */
export type FrameToPage =
  /** The checkout page's script runs: the bootstrap sends what it queued (suspend, resume). */
  | { kco: typeof KCO_MARK; type: 'ready' }
  /** The page's content height in CSS pixels: the iframe grows and shrinks with it (no inner scroll bar). */
  | { kco: typeof KCO_MARK; type: 'height'; height: number }
  /** A client-side event for the merchant's handlers registered with api.on(). */
  | { kco: typeof KCO_MARK; type: 'event'; event: ClientEventName; data?: unknown; reply?: string }
  /** Send the merchant's page to this address (the confirmation, or a merchant's redirect). */
  | { kco: typeof KCO_MARK; type: 'navigate'; url: string };

/** From the merchant's page to the checkout page: the JavaScript API's two actions. */
export type PageToFrame =
  /** api.suspend(): the checkout is unresponsive until resume; it resumes by itself after 10 s unless told not to. */
  | { kco: typeof KCO_MARK; type: 'suspend'; autoResume: boolean }
  /** api.resume(): the checkout reads the order again (a cart changed server-side appears) and responds again. */
  | { kco: typeof KCO_MARK; type: 'resume' }
  /** The page's handler called validation_callback's callback: `reply` names the question it answers. */
  | {
      kco: typeof KCO_MARK;
      type: 'validation_answer';
      reply: string;
      should_proceed: unknown;
      message?: unknown;
    };

/**
 * How long pay waits for the page's answer to validation_callback. The public documentation does not say
 * what happens when a page never answers; the simulator gives up after this and shows the generic error
 * (the same 10 s the server-side validation callback gets with require_validate_callback_success).
 */
export const CLIENT_VALIDATION_TIMEOUT_MS = 10_000;

/** How long a suspend lasts when nobody resumes (the public documentation's safeguard). */
export const AUTO_RESUME_MS = 10_000;

export function isMessage<T extends { type: string }>(data: unknown): data is T {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { kco?: unknown }).kco === KCO_MARK &&
    typeof (data as { type?: unknown }).type === 'string'
  );
}
