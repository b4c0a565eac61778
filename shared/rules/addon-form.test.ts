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

  it('adds the location, timeslot and selected add-on prices', () => {
    const drafts = initialAddonDrafts(OFFERED, {});
    expect(choiceFee(4900, {}, OFFERED, drafts)).toBe(4900);
    drafts[3] = { ...drafts[3]!, selected: true };
    expect(choiceFee(4900, { locationPrice: 3900, timeslotPrice: 500 }, OFFERED, drafts)).toBe(5700);
  });
});
