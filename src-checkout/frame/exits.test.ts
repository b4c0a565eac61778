import { describe, expect, it } from 'vitest';
import type { CustomerConfirmation, CustomerNotice, CustomerView } from '@shared/schemas/customer.schema';
import { completionMode, exitBetween } from './exits';
import { view, withAddress } from '../test-kit/view-fixture';

const open = withAddress(view());

function complete(redirect: CustomerConfirmation['redirect']): CustomerView {
  return {
    ...open,
    status: 'checkout_complete',
    step: 'complete',
    confirmation: {
      url: 'https://shop.test/thanks?id=order-1',
      arrival: { mode: 'redirect_first', from: 'setting' },
      redirect,
      completed_at: '2030-01-01T00:05:00.000Z',
    },
  };
}

function withNotice(over: Partial<CustomerNotice>): CustomerView {
  return {
    ...open,
    notice: {
      step: 'address',
      outcome: 'redirected',
      text: 'You are being sent to https://shop.test/sorry.',
      error_type: null,
      redirect_url: 'https://shop.test/sorry',
      at: '2030-01-01T00:01:00.000Z',
      ...over,
    },
  };
}

describe('exitBetween', () => {
  it('goes to the confirmation when the order completes while the page is open', () => {
    expect(exitBetween(open, complete('now'), false)).toEqual({
      kind: 'confirmation',
      url: 'https://shop.test/thanks?id=order-1',
    });
  });

  it('waits for the first push (after_push), then goes once it is answered', () => {
    expect(exitBetween(open, complete('after_push'), false)).toEqual({ kind: 'none' });
    expect(exitBetween(complete('after_push'), complete('now'), false).kind).toBe('confirmation');
    // Already sent: a later view of the same completed order does not send the page again.
    expect(exitBetween(complete('now'), complete('now'), false)).toEqual({ kind: 'none' });
  });

  it('never goes when the customer does not arrive (push only)', () => {
    expect(exitBetween(open, complete('never'), false)).toEqual({ kind: 'none' });
  });

  it('never redirects a page that loaded on a completed order, nor on its first view', () => {
    expect(exitBetween(complete('after_push'), complete('now'), true)).toEqual({ kind: 'none' });
    expect(exitBetween(null, complete('now'), false)).toEqual({ kind: 'none' });
    expect(exitBetween(null, withNotice({}), false)).toEqual({ kind: 'none' });
  });

  it("follows a merchant's redirect (3xx, or a denial with a redirect_url) once", () => {
    const redirected = withNotice({});
    expect(exitBetween(open, redirected, false)).toEqual({
      kind: 'merchant_redirect',
      url: 'https://shop.test/sorry',
    });
    expect(exitBetween(redirected, { ...redirected }, false)).toEqual({ kind: 'none' });
    const denied = withNotice({ step: 'complete', outcome: 'denied' });
    expect(exitBetween(open, denied, false).kind).toBe('merchant_redirect');
  });

  it('stays for a refusal without an address', () => {
    expect(exitBetween(open, withNotice({ outcome: 'rejected', redirect_url: null }), false)).toEqual({
      kind: 'none',
    });
  });
});

describe('completionMode', () => {
  it('is null while the order is open', () => {
    expect(completionMode(open, false)).toBeNull();
  });

  it('shows the receipt when the page loaded on a completed order, whatever the redirect', () => {
    expect(completionMode(complete('after_push'), true)).toBe('receipt');
  });

  it('follows the redirect otherwise', () => {
    expect(completionMode(complete('now'), false)).toBe('redirecting');
    expect(completionMode(complete('after_push'), false)).toBe('waiting_for_push');
    expect(completionMode(complete('never'), false)).toBe('no_redirect');
  });
});
