import order from './order.json' with { type: 'json' };
import address from './address.json' with { type: 'json' };

/**
 * One valid checkout order (two power packs at 25 % VAT, merchant URLs on example.com) and one full
 * Swedish address: the examples the console shows, and what tests and benchmarks start from.
 */
export const SAMPLE_ORDER: Readonly<typeof order> = order;
export const SAMPLE_ADDRESS: Readonly<typeof address> = address;
