import type { VNode } from 'preact';
import type { CustomerView } from '@shared/schemas/customer.schema';
import { describe, expect, it } from 'vitest';
import { StepActions } from './ui';
import type { Checkout } from './use-checkout';

type Props = Record<string, unknown> & { children?: unknown };
const onDone = () => undefined;

/** The buttons (and anything else) StepActions puts in its row, as [test id or text, disabled]. */
function row(step: 'address' | 'shipping', at: string, editing: boolean, busy: string | null) {
  const node = StepActions({
    step,
    section: {
      view: { step: at } as CustomerView,
      checkout: { busy } as unknown as Checkout,
      editing,
      onDone,
    },
    label: 'Continue',
    children: 'note',
  }) as VNode<Props>;
  expect(node.props.class).toBe('actions');
  const kids = (node.props.children as unknown[]).filter((k) => k !== false && k != null);
  return kids.map((k) => {
    if (typeof k === 'string') return [k];
    const p = (k as VNode<Props>).props;
    return [p['data-testid'], p.disabled, p.onClick === onDone, p.children];
  });
}

describe('a step’s actions', () => {
  it('on its own step: the submit button only, then what follows', () => {
    expect(row('address', 'address', false, null)).toEqual([
      ['kco-address-submit', false, false, 'Continue'],
      ['note'],
    ]);
  });

  it('editing a done step again from a later one: Cancel too, which ends the edit', () => {
    expect(row('shipping', 'pay', true, null)).toEqual([
      ['kco-shipping-submit', false, false, 'Continue'],
      ['kco-shipping-cancel', false, true, 'Cancel'],
      ['note'],
    ]);
  });

  it('no Cancel when editing the step the checkout is at, and nothing to press while busy', () => {
    expect(row('shipping', 'shipping', true, 'address').map((b) => b.slice(0, 2))).toEqual([
      ['kco-shipping-submit', true],
      ['note'],
    ]);
    expect(row('address', 'shipping', true, 'shipping').map((b) => b.slice(0, 2))).toEqual([
      ['kco-address-submit', true],
      ['kco-address-cancel', true],
      ['note'],
    ]);
  });
});
