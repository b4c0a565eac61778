import { describe, expect, it } from 'vitest';
import { formatMoney } from '../format/money';
import { eventWords } from './page-event-words';

/** Intl separates with no-break spaces; the tests read them as plain ones. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const sek = (n: number) => formatMoney(n, 'SEK', 'sv-SE');

describe('eventWords', () => {
  it('writes the amounts an event carried in the order’s locale and currency', () => {
    expect(plain(eventWords('{"order_total":34800}', sek))).toBe('order_total: 348,00 kr');
    expect(
      plain(eventWords('{"id":"home","name":"Home","price":4900,"tax_amount":980,"tax_rate":2500}', sek)),
    ).toBe('id: home · name: Home · price: 49,00 kr · tax_amount: 9,80 kr · tax_rate: 25 %');
  });

  it('keeps other values as they were told, and a body that is no object as it is', () => {
    expect(eventWords('{"postal_code":"111 22","nested":{"a":1}}', sek)).toBe(
      'postal_code: 111 22 · nested: {"a":1}',
    );
    expect(eventWords('not json', sek)).toBe('not json');
    expect(eventWords('[1,2]', sek)).toBe('[1,2]');
  });
});
