import { describe, expect, it } from 'vitest';
import type { CheckoutOrder } from '../schemas/checkout-order.schema';
import {
  checkboxesOf,
  merchantRequestedOf,
  SINGLE_CHECKBOX_KEY,
  uncheckedRequired,
  withMerchantRequested,
} from './merchant-checkboxes';

/* options.additional_checkbox(es) and merchant_requested (CO-API): what the customer sees and answers. */

type Boxes = Pick<CheckoutOrder, 'options' | 'merchant_requested'>;
const single = { text: 'Sign me up', checked: false, required: false };
const terms = { id: 'terms', text: 'I accept', checked: false, required: true };
const news = { id: 'news', text: 'News', checked: true, required: false };
const order = (options: Boxes['options'], merchant_requested?: Boxes['merchant_requested']): Boxes => ({
  options,
  ...(merchant_requested ? { merchant_requested } : {}),
});

describe('checkboxesOf: every box asked, with the answer or its default', () => {
  it('no box asked: none', () => {
    expect(checkboxesOf(order(undefined))).toEqual([]);
    expect(checkboxesOf(order({}))).toEqual([]);
  });

  it('the single box goes by merchant_checkbox, the list by each id, in that order, defaults first', () => {
    expect(SINGLE_CHECKBOX_KEY).toBe('merchant_checkbox');
    expect(
      checkboxesOf(order({ additional_checkbox: single, additional_checkboxes: [terms, news] })),
    ).toEqual([
      { key: 'merchant_checkbox', text: 'Sign me up', required: false, checked: false },
      { key: 'terms', text: 'I accept', required: true, checked: false },
      { key: 'news', text: 'News', required: false, checked: true },
    ]);
  });

  it("the customer's answers win over the defaults, matched by id; a box not answered keeps its default", () => {
    const boxes = checkboxesOf(
      order(
        { additional_checkbox: single, additional_checkboxes: [terms, news] },
        { additional_checkbox: true, additional_checkboxes: [{ id: 'news', checked: false }] },
      ),
    );
    expect(boxes.map((b) => [b.key, b.checked])).toEqual([
      ['merchant_checkbox', true],
      ['terms', false],
      ['news', false],
    ]);
  });

  it("an answer counts for its own box only, and an answer for the single box alone leaves the list's defaults", () => {
    const listed = checkboxesOf(
      order(
        { additional_checkboxes: [terms, news] },
        { additional_checkboxes: [{ id: 'terms', checked: false }] },
      ),
    );
    expect(listed.map((b) => [b.key, b.checked])).toEqual([
      ['terms', false],
      ['news', true],
    ]);
    // Answered while the order asked only the single box; the merchant has since added a list.
    const added = checkboxesOf(
      order({ additional_checkbox: single, additional_checkboxes: [terms] }, { additional_checkbox: true }),
    );
    expect(added.map((b) => [b.key, b.checked])).toEqual([
      ['merchant_checkbox', true],
      ['terms', false],
    ]);
  });
});

describe('merchantRequestedOf', () => {
  it('is absent when no box is asked', () => {
    expect(merchantRequestedOf({ options: {} }, [])).toBeUndefined();
  });

  it('a boolean for the single box, [{id, checked}] for the list, each from the states', () => {
    const o = order({ additional_checkbox: single, additional_checkboxes: [terms, news] });
    const states = checkboxesOf(o).map((s) => ({ ...s, checked: s.key !== 'news' }));
    expect(merchantRequestedOf(o, states)).toEqual({
      additional_checkbox: true,
      additional_checkboxes: [
        { id: 'terms', checked: true },
        { id: 'news', checked: false },
      ],
    });
  });

  it('a list box without a state takes its default; a single box only when the order asks it', () => {
    const o = order({ additional_checkboxes: [terms, news] });
    expect(merchantRequestedOf(o, [{ key: 'terms', text: '', required: true, checked: true }])).toEqual({
      additional_checkboxes: [
        { id: 'terms', checked: true },
        { id: 'news', checked: true },
      ],
    });
    const state = { key: SINGLE_CHECKBOX_KEY, text: '', required: false, checked: true };
    expect(merchantRequestedOf(order({ additional_checkboxes: [] }), [state])).toEqual({
      additional_checkboxes: [],
    });
    expect(merchantRequestedOf(order({ additional_checkbox: single }), [state])).toEqual({
      additional_checkbox: true,
    });
  });

  it('finds the single box among the states by its key, wherever it is in the list', () => {
    const o = order({ additional_checkbox: single, additional_checkboxes: [terms] });
    const states = [
      { key: 'terms', text: '', required: true, checked: true },
      { key: SINGLE_CHECKBOX_KEY, text: '', required: false, checked: false },
    ];
    expect(merchantRequestedOf(o, states)).toEqual({
      additional_checkbox: false,
      additional_checkboxes: [{ id: 'terms', checked: true }],
    });
  });
});

describe('withMerchantRequested: the answer kept in step with the options', () => {
  const base = { order_id: 'o1' } as unknown as CheckoutOrder;

  it('adds the defaults when the order asks boxes, keeps answers for boxes still asked', () => {
    const o = {
      ...base,
      options: { additional_checkboxes: [terms] },
      merchant_requested: {
        additional_checkboxes: [
          { id: 'terms', checked: true },
          { id: 'gone', checked: true },
        ],
      },
    } as CheckoutOrder;
    expect(withMerchantRequested(o)).toEqual({
      ...base,
      options: { additional_checkboxes: [terms] },
      merchant_requested: { additional_checkboxes: [{ id: 'terms', checked: true }] },
    });
  });

  it('drops merchant_requested when no box is asked any more', () => {
    const o = { ...base, options: {}, merchant_requested: { additional_checkbox: true } } as CheckoutOrder;
    expect(withMerchantRequested(o)).toEqual({ ...base, options: {} });
    expect('merchant_requested' in withMerchantRequested(o)).toBe(false);
  });
});

describe('uncheckedRequired: what blocks pay', () => {
  it('the required boxes not checked, and only those', () => {
    const o = order({
      additional_checkbox: { ...single, required: true },
      additional_checkboxes: [terms, { ...news, required: true }, { ...terms, id: 'opt', required: false }],
    });
    expect(uncheckedRequired(o).map((b) => b.key)).toEqual(['merchant_checkbox', 'terms']);
    expect(
      uncheckedRequired({
        ...o,
        merchant_requested: {
          additional_checkbox: true,
          additional_checkboxes: [{ id: 'terms', checked: true }],
        },
      }),
    ).toEqual([]);
  });
});
