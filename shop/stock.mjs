// The shop's stock, kept in memory. A demo shop that runs dry after eight mugs breaks every demo (and a
// test suite run a thousand times against it), so the stock only counts down while the "Limited stock"
// switch is on; off (the default), the warehouse always has more. Switching it on starts the count from
// the catalogue's figures again, which is also how a test or a scenario gets a known stock to run out of.

import { PRODUCTS } from './catalogue.mjs';

export function createStock(switches) {
  const left = new Map();
  const restock = () => PRODUCTS.forEach((p) => left.set(p.id, p.stock));
  restock();
  return {
    /** Every product back to its starting figure (catalogue.mjs). */
    restock,
    /** How many of a product can be sold now: unlimited unless "Limited stock" is on. */
    available: (productId) => (switches.limitedStock ? (left.get(productId) ?? 0) : Infinity),
    /** Takes sold goods off the stock; counted only while "Limited stock" is on. */
    take(productId, quantity) {
      if (switches.limitedStock) left.set(productId, Math.max(0, (left.get(productId) ?? 0) - quantity));
    },
  };
}
