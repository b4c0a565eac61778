import type { CustomerView } from '@shared/schemas/customer.schema';

/*
 * When the checkout sends the merchant's page elsewhere: to the confirmation page once the purchase is
 * complete (at once, or after the first push is answered), or to the merchant's address when a callback
 * answered with a redirect. Derived from the change between two views, like the client-side events.
 */

export type Exit =
  /** Stay. */
  | { kind: 'none' }
  /** The purchase completed: `redirect_initiated`, then the merchant's page goes to the confirmation. */
  | { kind: 'confirmation'; url: string }
  /** A callback's 3xx (outcome redirected), or a denial with a redirect_url: the merchant's page goes there. */
  | { kind: 'merchant_redirect'; url: string };

const NONE: Exit = { kind: 'none' };

/**
 * What to do after `next` replaced `prev`. A page that loaded on a completed order (the confirmation
 * snippet) shows the receipt and never redirects; nor does a first view (a reload must not send the
 * customer away again).
 */
export function exitBetween(prev: CustomerView | null, next: CustomerView, loadedComplete: boolean): Exit {
  if (prev === null || loadedComplete) return NONE;
  const c = next.confirmation;
  if (next.status === 'checkout_complete' && c) {
    const wasNow = prev.status === 'checkout_complete' && prev.confirmation?.redirect === 'now';
    return c.redirect === 'now' && !wasNow ? { kind: 'confirmation', url: c.url } : NONE;
  }
  const n = next.notice;
  if (!n || !n.redirect_url || n.at === prev.notice?.at) return NONE;
  if (n.outcome === 'redirected' || n.outcome === 'denied')
    return { kind: 'merchant_redirect', url: n.redirect_url };
  return NONE;
}

/** What the page shows once the order is complete: the receipt, or where the redirect stands. */
export type CompletionMode = 'receipt' | 'redirecting' | 'waiting_for_push' | 'no_redirect';

export function completionMode(view: CustomerView, loadedComplete: boolean): CompletionMode | null {
  if (view.status !== 'checkout_complete') return null;
  if (loadedComplete) return 'receipt';
  switch (view.confirmation?.redirect) {
    case 'after_push':
      return 'waiting_for_push';
    case 'never':
      return 'no_redirect';
    default:
      return 'redirecting';
  }
}
