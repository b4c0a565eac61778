import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../store/store';
import { createCore, type Core, type CoreConfig } from '../core/create-core';
import { ManualClock } from '../core/clock';
import { silentLogger } from '../core/log';

/** A core on a real SQLite file in a fresh temp folder, with a manual clock. */
export function tempCore(config?: Partial<CoreConfig>): {
  core: Core;
  clock: ManualClock;
  dir: string;
  dispose(): void;
} {
  const dir = mkdtempSync(join(tmpdir(), 'checkout-sim-'));
  const clock = new ManualClock();
  const core = createCore({ ...openStore(join(dir, 'simulator.db')), clock, log: silentLogger, config });
  return {
    core,
    clock,
    dir,
    dispose: async () => {
      await core.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A valid checkout order body (two power packs, 25 % VAT). */
export function sampleOrder(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    purchase_country: 'SE',
    purchase_currency: 'SEK',
    locale: 'sv-SE',
    order_amount: 50000,
    order_tax_amount: 10000,
    order_lines: [
      {
        type: 'physical',
        reference: '19-402',
        name: 'Battery Power Pack',
        quantity: 2,
        unit_price: 25000,
        tax_rate: 2500,
        total_amount: 50000,
        total_tax_amount: 10000,
      },
    ],
    merchant_urls: {
      terms: 'https://example.com/terms',
      checkout: 'https://example.com/checkout',
      confirmation: 'https://example.com/confirmation',
      push: 'https://example.com/api/push?order_id={checkout.order.id}',
    },
    ...over,
  };
}

export const basic = (user = 'merchant', pass = 'secret') =>
  `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
