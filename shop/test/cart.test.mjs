// Pure tests of the cart arithmetic, the per-market repricing and the shipping fee line.
import { describe, expect, it } from 'vitest';
import {
  buildCart,
  itemsFromLines,
  nextQuantity,
  productLine,
  repriceForMarket,
  sameCart,
  selectedOption,
  shippingFeeLine,
  shippingOptionsFor,
  taxIncluded,
} from '../cart.mjs';
import { findProduct, MARKETS, PRODUCTS } from '../catalogue.mjs';
import { cartProblems } from './reconcile.mjs';

const ALL = PRODUCTS.map((p, i) => ({ productId: p.id, quantity: i + 1 }));
const feeLines = (cart) => cart.order_lines.filter((l) => l.type === 'shipping_fee');

describe('markets', () => {
  it('have the currencies and VAT rates the shop sells in', () => {
    const table = Object.fromEntries(Object.values(MARKETS).map((m) => [m.country, [m.currency, m.vat]]));
    expect(table).toEqual({
      SE: ['SEK', 2500],
      NO: ['NOK', 2500],
      DK: ['DKK', 2500],
      FI: ['EUR', 2550],
      DE: ['EUR', 1900],
      NL: ['EUR', 2100],
      GB: ['GBP', 2000],
    });
  });

  it('each have an integer price for every product and three shipping options', () => {
    for (const market of Object.values(MARKETS)) {
      for (const p of PRODUCTS)
        expect(Number.isInteger(market.prices[p.id]), `${market.country} ${p.id}`).toBe(true);
      expect(market.shipping.map((o) => o.id)).toEqual(['pickup', 'home', 'express']);
    }
  });
});

describe('taxIncluded', () => {
  it('is the part of a gross amount above the net price, rounded', () => {
    expect(taxIncluded(12500, 2500)).toBe(2500);
    expect(taxIncluded(1990, 2550)).toBe(404); // 1990 − 1990 / 1.255 = 404.34
    expect(taxIncluded(2502, 1900)).toBe(399); // 2502 − 2502 / 1.19 = 399.48
    expect(taxIncluded(995, 2100)).toBe(173); // 995 − 995 / 1.21 = 172.69
    expect(taxIncluded(0, 2500)).toBe(0);
  });
});

describe('buildCart', () => {
  it('reconciles exactly in every market, for every shipping option and many quantities', () => {
    for (const market of Object.values(MARKETS)) {
      for (const option of shippingOptionsFor(market, null)) {
        for (let q = 1; q <= 7; q++) {
          const items = PRODUCTS.map((p, i) => ({ productId: p.id, quantity: ((q + i) % 7) + 1 }));
          const cart = buildCart(items, market, option);
          expect(cartProblems(cart), `${market.country} ${option.id} q=${q}`).toEqual([]);
        }
      }
    }
  });

  it("prices every line from the market's own list and VAT", () => {
    for (const market of Object.values(MARKETS)) {
      const cart = buildCart(ALL, market, selectedOption(market, null));
      for (const line of cart.order_lines.filter((l) => l.type === 'physical')) {
        expect(line.unit_price).toBe(market.prices[line.reference]);
        expect(line.tax_rate).toBe(market.vat);
      }
    }
  });

  it('adds exactly one shipping_fee line for the given option, with its price and tax', () => {
    const de = MARKETS.DE;
    const express = selectedOption(de, 'express');
    const cart = buildCart(ALL, de, express);
    expect(feeLines(cart)).toEqual([
      {
        type: 'shipping_fee',
        reference: 'express',
        name: 'DHL Express',
        quantity: 1,
        unit_price: 1290,
        tax_rate: 1900,
        total_amount: 1290,
        total_discount_amount: 0,
        total_tax_amount: 206,
      },
    ]);
    expect(cart.order_lines.at(-1).type).toBe('shipping_fee');
  });

  it('keeps a discount in total_discount_amount, never in unit_price', () => {
    const line = productLine(findProduct('wool-socks'), 2, MARKETS.SE);
    expect(line).toMatchObject({
      unit_price: 14900,
      total_discount_amount: 2980,
      total_amount: 26820,
      total_tax_amount: 5364,
    });
    expect(productLine(findProduct('wool-socks'), 2, MARKETS.DE)).toMatchObject({
      unit_price: 1390,
      total_discount_amount: 278,
      total_amount: 2502,
      total_tax_amount: 399,
    });
  });

  it('leaves out zero quantities and unknown products, and gives null for an empty cart', () => {
    const items = [
      { productId: 'enamel-mug', quantity: 0 },
      { productId: 'no-such-thing', quantity: 3 },
      { productId: 'tea-towel', quantity: 2 },
    ];
    const cart = buildCart(items, MARKETS.SE, selectedOption(MARKETS.SE, null));
    expect(cart.order_lines.map((l) => [l.reference, l.quantity])).toEqual([
      ['tea-towel', 2],
      ['pickup', 1],
    ]);
    expect(buildCart([], MARKETS.SE, selectedOption(MARKETS.SE, null))).toBeNull();
    expect(buildCart([{ productId: 'tea-towel', quantity: 0 }], MARKETS.SE, null)).toBeNull();
  });
});

describe('shippingOptionsFor', () => {
  it('marks exactly one option preselected: the given one, else the default', () => {
    for (const market of Object.values(MARKETS)) {
      for (const wanted of [null, 'pickup', 'home', 'express', 'teleport']) {
        const options = shippingOptionsFor(market, wanted);
        const pre = options.filter((o) => o.preselected);
        expect(pre).toHaveLength(1);
        expect(pre[0].id).toBe(wanted === null || wanted === 'teleport' ? 'pickup' : wanted);
        for (const o of options) {
          expect(o.tax_rate).toBe(market.vat);
          expect(o.tax_amount).toBe(taxIncluded(o.price, market.vat));
          expect(o.shipping_method).toMatch(/^(PickUpPoint|Home|BoxReg)$/);
        }
      }
    }
  });

  it('gives a fee line that reconciles on its own', () => {
    for (const market of Object.values(MARKETS)) {
      for (const o of shippingOptionsFor(market, null)) {
        const line = shippingFeeLine(o);
        expect(line.total_tax_amount).toBe(o.tax_amount);
        expect(
          cartProblems({ order_amount: o.price, order_tax_amount: o.tax_amount, order_lines: [line] }),
        ).toEqual([]);
      }
    }
  });
});

describe('repriceForMarket', () => {
  const seCart = buildCart(ALL, MARKETS.SE, selectedOption(MARKETS.SE, 'home'));

  it('moves a Swedish cart to every market: same goods, that market’s prices, VAT and fee', () => {
    for (const market of Object.values(MARKETS)) {
      const cart = repriceForMarket(seCart.order_lines, market, 'home');
      expect(cartProblems(cart), market.country).toEqual([]);
      const goods = cart.order_lines.filter((l) => l.type === 'physical');
      expect(goods.map((l) => [l.reference, l.quantity])).toEqual(ALL.map((i) => [i.productId, i.quantity]));
      for (const l of goods)
        expect([l.unit_price, l.tax_rate]).toEqual([market.prices[l.reference], market.vat]);
      const fees = feeLines(cart);
      expect(fees).toHaveLength(1);
      expect(fees[0]).toMatchObject({
        reference: 'home',
        unit_price: market.shipping[1].price,
        tax_rate: market.vat,
      });
    }
  });

  it('does not trust prices in the request, and drops lines it does not know', () => {
    const tampered = [
      { ...seCart.order_lines[0], unit_price: 1, total_amount: 1, total_tax_amount: 0 },
      { type: 'physical', reference: 'gold-bar', name: 'Gold bar', quantity: 1, unit_price: 1, tax_rate: 0 },
      ...seCart.order_lines.slice(1),
    ];
    const cart = repriceForMarket(tampered, MARKETS.SE, 'home');
    expect(sameCart(cart, seCart)).toBe(true);
  });

  it('falls back to the default option when the market does not know the selected one', () => {
    const cart = repriceForMarket(seCart.order_lines, MARKETS.GB, 'drone');
    expect(feeLines(cart).map((l) => l.reference)).toEqual(['pickup']);
  });
});

describe('itemsFromLines, sameCart, nextQuantity', () => {
  it('reads products and quantities back, without the fee', () => {
    const cart = buildCart(ALL, MARKETS.NL, selectedOption(MARKETS.NL, null));
    expect(itemsFromLines(cart.order_lines)).toEqual(ALL);
    expect(itemsFromLines(undefined)).toEqual([]);
  });

  it('tells carts apart by what the checkout would see', () => {
    const a = buildCart(ALL, MARKETS.SE, selectedOption(MARKETS.SE, null));
    expect(sameCart(a, buildCart(ALL, MARKETS.SE, selectedOption(MARKETS.SE, null)))).toBe(true);
    expect(sameCart(a, buildCart(ALL, MARKETS.SE, selectedOption(MARKETS.SE, 'home')))).toBe(false);
    expect(sameCart(a, buildCart(ALL.slice(1), MARKETS.SE, selectedOption(MARKETS.SE, null)))).toBe(false);
    expect(sameCart(a, null)).toBe(false);
  });

  it('changes quantities within the stock', () => {
    expect(nextQuantity(0, 'add', 5)).toBe(1);
    expect(nextQuantity(4, 'inc', 5)).toBe(5);
    expect(nextQuantity(5, 'inc', 5)).toBe(5);
    expect(nextQuantity(1, 'dec', 5)).toBe(0);
    expect(nextQuantity(0, 'dec', 5)).toBe(0);
    expect(nextQuantity(3, 'remove', 5)).toBe(0);
    expect(nextQuantity(3, 'bogus', 5)).toBe(3);
    expect(nextQuantity(0, 'add', 0)).toBe(0);
  });
});

describe('shipping option descriptions', () => {
  it('say working day in the singular for one day and in the plural for a range (issue 34 point 5)', () => {
    const texts = Object.values(MARKETS).flatMap((m) => shippingOptionsFor(m).map((o) => o.description));
    expect(texts).toContain('Delivered in 1 working day');
    expect(texts).toContain('Delivered in 2–4 working days');
    expect(texts).toContain('Delivered in 1–2 working days');
    expect(texts.filter((t) => /\b1 working days/.test(t))).toEqual([]);
  });
});
