import { describe, expect, it } from 'vitest';
import { isPageEvent, kindParts } from './exchange-view';

describe('kindParts and isPageEvent', () => {
  it('splits a kind into its family and its name, so a row can show both', () => {
    expect(kindParts('ordermanagement.merchant_references')).toEqual({
      family: 'ordermanagement.',
      name: 'merchant_references',
    });
    expect(kindParts('shipping.options.preview')).toEqual({ family: 'shipping.', name: 'options.preview' });
    expect(kindParts('push')).toEqual({ family: '', name: 'push' });
  });

  it('knows the events told to the page from the calls', () => {
    expect(isPageEvent({ kind: 'client_event.load' })).toBe(true);
    expect(isPageEvent({ kind: 'address_update' })).toBe(false);
  });
});
