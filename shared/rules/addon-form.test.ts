import { describe, expect, it } from 'vitest';
import { type Addon } from '../schemas/integrator.schema';
import { addonInfo, addonPayload, addonProblems, choiceFee, initialAddonDrafts } from './addon-form';

const OFFERED: Addon[] = [
  { category: 'notifications', type: 'sms', required: true, default: true },
  { category: 'notifications', type: 'email', required: false, default: true },
  { category: 'delivery', type: 'additional-instructions', required: false, default: false, max_length: 10 },
  { category: 'delivery', type: 'leave-outside-door', required: false, default: false, price: 1300 },
];

describe('addonInfo', () => {
  it('labels known add-ons and gives free-text ones an input', () => {
    expect(addonInfo({ type: 'sms' }).text?.kind).toBe('tel');
    expect(addonInfo({ type: 'leave-outside-door' }).text).toBeUndefined();
    expect(addonInfo({ type: 'gift-note', max_length: 40 })).toEqual({
      label: 'Gift note',
      text: { kind: 'text', label: 'Text' },
    });
  });
});

describe('addonInfo: the known add-ons (spec § Add-on)', () => {
  it.each<[string, string, string?, string?, string?]>([
    ['sms', 'SMS notice', 'tel', 'Phone number', 'phone'],
    ['email', 'E-mail notice', 'email', 'E-mail address', 'email'],
    ['phone-required', 'Phone number for the carrier', 'tel', 'Phone number', 'phone'],
    ['entry-code', 'Door entry code', 'text', 'Entry code'],
    ['additional-instructions', 'Delivery instructions', 'textarea', 'Instructions'],
    ['leave-outside-door', 'Leave outside the door'],
    ['sustainable-packaging', 'Sustainable packaging'],
  ])('%s: %s', (type, label, kind, textLabel, contact) => {
    const text = kind ? { kind, label: textLabel, ...(contact ? { contact } : {}) } : undefined;
    expect(addonInfo({ type, max_length: 20 })).toEqual({ label, ...(text ? { text } : {}) });
  });

  it('gives an unknown add-on without a length bound no input', () => {
    expect(addonInfo({ type: 'gift-wrap' })).toEqual({ label: 'Gift wrap' });
  });
});

describe('initialAddonDrafts', () => {
  it('checks required and default add-ons and prefills contacts from the address', () => {
    const drafts = initialAddonDrafts(OFFERED, { phone: '+46 70 1', email: 'a@b.se' });
    expect(drafts.map((d) => [d.type, d.selected, d.text])).toEqual([
      ['sms', true, '+46 70 1'],
      ['email', true, 'a@b.se'],
      ['additional-instructions', false, ''],
      ['leave-outside-door', false, ''],
    ]);
  });

  it('restores an earlier choice: what was not selected then stays off', () => {
    const previous: Addon[] = [
      { category: 'notifications', type: 'sms', data: { selected: true, text: '+4670999' } },
      { category: 'delivery', type: 'leave-outside-door', data: { selected: true } },
    ];
    const drafts = initialAddonDrafts(OFFERED, {}, previous);
    expect(drafts.map((d) => d.selected)).toEqual([true, false, false, true]);
    expect(drafts[0]!.text).toBe('+4670999');
  });
});

describe('initialAddonDrafts: one add-on restored from an earlier choice', () => {
  const email: Addon = { category: 'notifications', type: 'email', required: false, default: true };
  it.each<[string, Addon['data'] | null | undefined, boolean, string]>([
    ['chosen with its text', { selected: true, text: 'x@y.se' }, true, 'x@y.se'],
    ['chosen, no selected flag', {}, true, 'a@b.se'],
    ['left unchecked', { selected: false }, false, 'a@b.se'],
    ['not in the earlier choice', null, false, 'a@b.se'],
    ['chosen, no data', undefined, true, 'a@b.se'],
  ])('%s', (_, data, selected, text) => {
    const previous: Addon[] = data === null ? [] : [{ ...email, data }];
    expect(initialAddonDrafts([email], { email: 'a@b.se' }, previous)).toEqual([
      { type: 'email', selected, text },
    ]);
  });

  it('keeps a required add-on checked, and an unknown contact empty', () => {
    const sms: Addon = { category: 'notifications', type: 'sms', required: true };
    expect(initialAddonDrafts([sms], {}, [{ ...sms, data: { selected: false } }])).toEqual([
      { type: 'sms', selected: true, text: '' },
    ]);
  });
});

describe('addonProblems', () => {
  const ok = () => initialAddonDrafts(OFFERED, { phone: '+46 70 123 45 67', email: 'a@example.se' });

  it('accepts a complete choice', () => {
    expect(addonProblems(OFFERED, ok()).size).toBe(0);
  });

  it('refuses an unchecked required add-on and a missing contact', () => {
    const drafts = ok();
    drafts[0] = { ...drafts[0]!, selected: false };
    drafts[1] = { ...drafts[1]!, text: '' };
    const problems = addonProblems(OFFERED, drafts);
    expect(problems.get(0)).toBe('SMS notice is required for this option');
    expect(problems.get(1)).toBe('Enter the e-mail address for the e-mail notice');
  });

  it('bounds free text by max_length and checks contact formats', () => {
    const drafts = ok();
    drafts[2] = { type: 'additional-instructions', selected: true, text: 'x'.repeat(11) };
    drafts[0] = { ...drafts[0]!, text: 'call me' };
    const problems = addonProblems(OFFERED, drafts);
    expect(problems.get(2)).toBe('At most 10 characters (now 11)');
    expect(problems.get(0)).toMatch(/^Enter a phone number/);
    // Unselected text is not checked.
    drafts[2] = { ...drafts[2], selected: false };
    expect(addonProblems(OFFERED, drafts).has(2)).toBe(false);
  });
});

describe('addonProblems: contact formats', () => {
  const offer = (type: string, extra: Partial<Addon> = {}): Addon[] => [
    { category: 'notifications', type, required: false, default: true, ...extra },
  ];
  const problem = (type: string, text: string, extra?: Partial<Addon>) =>
    addonProblems(offer(type, extra), [{ type, selected: true, text }]).get(0);

  const EMAIL_HINT = 'Enter an e-mail address such as name@example.com';
  const PHONE_HINT = 'Enter a phone number such as +46 70 123 45 67';
  it.each([
    'name@example',
    'x name@example.com',
    'name@example.com x',
    '@example.com',
    'a@@example.com',
    'name@.',
  ])('refuses the e-mail address %j', (text) => expect(problem('email', text)).toBe(EMAIL_HINT));
  it.each(['1234', 'x12345', '12345x', '++12345'])('refuses the phone number %j', (text) =>
    expect(problem('sms', text)).toBe(PHONE_HINT),
  );

  it.each<[string, string, string | undefined]>([
    ['email', ' name@example.com ', undefined],
    ['sms', '+46 (70) 123-45.67', undefined],
    ['sms', '12345', undefined],
    ['sms', '   ', 'Enter the phone number for the SMS notice'],
    ['phone-required', '', 'Enter the phone number for the phone number for the carrier'],
    ['entry-code', '', undefined],
    ['leave-outside-door', '', undefined],
  ])('%s %j: %s', (type, text, expected) => {
    expect(problem(type, text)).toBe(expected);
  });

  it.each<[number, string | undefined]>([
    [3, undefined],
    [2, 'At most 2 characters (now 3)'],
  ])('counts the text as typed against max_length %i', (max, expected) => {
    expect(problem('entry-code', 'abc', { max_length: max })).toBe(expected);
  });

  it('checks nothing for an add-on with no draft', () => {
    expect(addonProblems(offer('sms', { required: true }), []).size).toBe(0);
  });
});

describe('addonPayload and choiceFee', () => {
  it('sends every offered add-on with data.selected, and the text of selected text add-ons', () => {
    const drafts = initialAddonDrafts(OFFERED, { phone: ' +46 70 1 ', email: '' });
    expect(addonPayload(OFFERED, drafts)).toEqual([
      { type: 'sms', data: { selected: true, text: '+46 70 1' } },
      { type: 'email', data: { selected: true } },
      { type: 'additional-instructions', data: { selected: false } },
      { type: 'leave-outside-door', data: { selected: false } },
    ]);
  });

  it('sends a required add-on as selected even with no draft, one not required and without a draft as not, and no text for an add-on without one', () => {
    const offered: Addon[] = [
      { category: 'notifications', type: 'sms', required: true },
      { category: 'delivery', type: 'leave-outside-door', required: false },
      { category: 'delivery', type: 'entry-code', required: false },
    ];
    expect(
      addonPayload(offered, [undefined!, { type: 'leave-outside-door', selected: true, text: 'x' }]),
    ).toEqual([
      { type: 'sms', data: { selected: true } },
      { type: 'leave-outside-door', data: { selected: true } },
      { type: 'entry-code', data: { selected: false } },
    ]);
  });

  it('adds the location, timeslot and selected add-on prices', () => {
    const drafts = initialAddonDrafts(OFFERED, {});
    expect(choiceFee(4900, {}, OFFERED, drafts)).toBe(4900);
    drafts[3] = { ...drafts[3]!, selected: true };
    expect(choiceFee(4900, { locationPrice: 3900, timeslotPrice: 500 }, OFFERED, drafts)).toBe(5700);
    // A required add-on's price counts whether or not its draft says selected; one with no draft, not.
    const priced: Addon[] = [
      { category: 'delivery', type: 'x', required: true, price: 200 },
      { category: 'delivery', type: 'y', required: false, price: 50 },
    ];
    expect(choiceFee(100, {}, priced, [])).toBe(300);
  });
});
