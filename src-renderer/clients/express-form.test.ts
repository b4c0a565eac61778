import { type Placement } from '@shared/schemas/elements.schema';
import { describe, expect, it } from 'vitest';
import { expressBody, expressFormFor, expressFormOf } from './express-form';

const withExpress: Placement = {
  key: 'pdp',
  content: ['express_button'],
  express_config: {
    push_url: 'https://shop.example/push',
    payment_methods: [{ method: 'card', provider: 'acme' }],
  },
};

describe('expressFormOf', () => {
  it('starts a client without placements on a new "express" placement with one empty row', () => {
    expect(expressFormOf({ placements: [] })).toEqual({
      placementKey: 'express',
      urls: { push_url: '', validation_url: '', confirmation_url: '' },
      methods: [{ method: '', provider: '' }],
    });
  });

  it('picks the placement that has a configuration', () => {
    const form = expressFormOf({ placements: [{ key: 'badge', content: [] }, withExpress] });
    expect(form.placementKey).toBe('pdp');
    expect(form.urls.push_url).toBe('https://shop.example/push');
    expect(form.methods).toEqual([{ method: 'card', provider: 'acme' }]);
  });

  it('opens another placement by key', () => {
    expect(expressFormFor({ placements: [withExpress] }, 'cart').placementKey).toBe('cart');
    expect(expressFormFor({ placements: [withExpress] }, 'pdp').urls.push_url).toBe(
      'https://shop.example/push',
    );
  });
});

describe('expressBody', () => {
  it('leaves blank URLs out, trims, and keeps every method row', () => {
    expect(
      expressBody({
        placementKey: 'x',
        urls: { push_url: ' https://a/push ', validation_url: '', confirmation_url: '  ' },
        methods: [
          { method: ' card ', provider: 'acme' },
          { method: 'invoice', provider: '' },
        ],
      }),
    ).toEqual({
      push_url: 'https://a/push',
      payment_methods: [
        { method: 'card', provider: 'acme' },
        { method: 'invoice', provider: '' },
      ],
    });
  });
});
