import { describe, expect, it } from 'vitest';
import { WEEKDAY_KEYS } from '../schemas/integrator.schema';
import {
  dateLabel,
  dateRows,
  hoursSummary,
  periodsText,
  WEEKDAYS,
  weekHours,
  weekRows,
} from './opening-hours';

describe('WEEKDAYS', () => {
  it('is the schema’s WEEKDAY_KEYS, in the same order', () => {
    expect(WEEKDAYS).toEqual(WEEKDAY_KEYS);
  });
});

const SHOP = {
  default: [{ open: '09:00', close: '18:00' }],
  overrides: {
    weekday: {
      thu: [{ open: '09:00', close: '21:00' }],
      sat: [{ open: '10:00', close: '16:00' }],
      sun: [],
    },
    date: { '2026-12-31': [{ open: '10:00', close: '13:00' }], '2026-12-24': [] },
  },
};

describe('periodsText', () => {
  it('says closed, open 24 hours, unknown, or the periods', () => {
    expect(periodsText([])).toBe('Closed');
    expect(periodsText([{ always_open: true }])).toBe('Open 24 hours');
    expect(periodsText(undefined)).toBe('Hours not given');
    expect(
      periodsText([
        { open: '08:00', close: '12:00' },
        { open: '13:00', close: '17:00' },
      ]),
    ).toBe('08:00–12:00, 13:00–17:00');
  });
});

describe('weekHours and weekRows', () => {
  it('applies weekday overrides over the default', () => {
    const week = weekHours(SHOP);
    expect(week.map((d) => d.text)).toEqual([
      '09:00–18:00',
      '09:00–18:00',
      '09:00–18:00',
      '09:00–21:00',
      '09:00–18:00',
      '10:00–16:00',
      'Closed',
    ]);
  });

  it('merges consecutive days with the same hours', () => {
    expect(weekRows(SHOP)).toEqual([
      { label: 'Mon–Wed', text: '09:00–18:00' },
      { label: 'Thu', text: '09:00–21:00' },
      { label: 'Fri', text: '09:00–18:00' },
      { label: 'Sat', text: '10:00–16:00' },
      { label: 'Sun', text: 'Closed' },
    ]);
    expect(weekRows({ default: [{ always_open: true }] })).toEqual([
      { label: 'Every day', text: 'Open 24 hours' },
    ]);
  });

  it('leaves days without a default or override unknown (only overrides given)', () => {
    const rows = weekRows({ overrides: { weekday: { mon: [{ open: '10:00', close: '12:00' }] } } });
    expect(rows).toEqual([
      { label: 'Mon', text: '10:00–12:00' },
      { label: 'Tue–Sun', text: 'Hours not given' },
    ]);
  });
});

describe('date overrides', () => {
  it('lists them by date with the weekday, from a given day on', () => {
    expect(dateRows(SHOP)).toEqual([
      { label: 'Thu 24 Dec', text: 'Closed' },
      { label: 'Thu 31 Dec', text: '10:00–13:00' },
    ]);
    expect(dateRows(SHOP, '2026-12-25')).toEqual([{ label: 'Thu 31 Dec', text: '10:00–13:00' }]);
    expect(dateLabel('2027-01-01')).toBe('Fri 1 Jan');
  });
});

describe('hoursSummary', () => {
  it('is one line for a list row', () => {
    expect(hoursSummary({ default: [{ always_open: true }] })).toBe('Open 24 hours');
    expect(hoursSummary({ default: [{ open: '08:00', close: '22:00' }] })).toBe('Every day 08:00–22:00');
    expect(hoursSummary(undefined)).toBe('Hours not given');
    expect(hoursSummary(SHOP)).toBe(
      'Mon–Wed 09:00–18:00 · Thu 09:00–21:00 · Fri 09:00–18:00 · Sat 10:00–16:00 · Sun Closed',
    );
  });
});
