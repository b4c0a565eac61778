import { describe, expect, it } from 'vitest';
import { droppedText, formatBytes, sizeLine } from './log-status';

describe("the log's size figure", () => {
  it('reads sizes in binary units', () => {
    expect([0, 1023, 1024, 1536, 10 * 1024 ** 2 + 300 * 1024, 1024 ** 3].map(formatBytes)).toEqual([
      '0 B',
      '1023 B',
      '1 KB',
      '1.5 KB',
      '10.3 MB',
      '1 GB',
    ]);
  });

  it('says what was pruned and dropped only when something was', () => {
    const s = { bytes: 5 * 1024 ** 2, max_bytes: 1024 ** 3, pruned: 0, dropped: 0, disk_full: null };
    expect(sizeLine(s)).toBe('5 MB of 1 GB');
    expect(sizeLine({ ...s, pruned: 12345, dropped: 3 })).toBe(
      '5 MB of 1 GB · 12,345 oldest removed to stay under it · 3 not written',
    );
  });
});

describe('droppedText', () => {
  it('says how many exchanges a full disk kept out, one in the singular', () => {
    expect(droppedText(0)).toBe('.');
    expect(droppedText(1)).toBe('; 1 exchange could not be logged.');
    expect(droppedText(1500)).toBe('; 1,500 exchanges could not be logged.');
  });
});
