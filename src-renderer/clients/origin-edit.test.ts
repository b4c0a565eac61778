import { describe, expect, it } from 'vitest';
import { originProblems, pageOf, previewAdd, splitOriginInput, withoutOrigin } from './origin-edit';
import { refusal } from '../form/test-kit/refusal';

describe('splitOriginInput', () => {
  it('reads one entry per line, commas and spaces too, dropping blanks', () => {
    expect(splitOriginInput(' https://a.example\n\nhttps://b.example, http://localhost:3000 ')).toEqual([
      'https://a.example',
      'https://b.example',
      'http://localhost:3000',
    ]);
    expect(splitOriginInput('  \n ')).toEqual([]);
  });
});

describe('previewAdd', () => {
  it('tells new entries from those already allowed, comparing normalized origins', () => {
    const existing = ['https://shop.example.com'];
    expect(
      previewAdd(existing, ['HTTPS://Shop.example.com:443', 'https://new.example', 'https://new.example']),
    ).toEqual({
      added: ['https://new.example'],
      duplicates: ['HTTPS://Shop.example.com:443', 'https://new.example'],
    });
  });

  it('counts entries the rule refuses as new, for the simulator to name', () => {
    expect(previewAdd([], ['http://bad.example'])).toEqual({ added: ['http://bad.example'], duplicates: [] });
  });
});

describe('withoutOrigin', () => {
  it('removes one origin and keeps the order', () => {
    expect(withoutOrigin(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });
});

describe('originProblems', () => {
  it('ties each problem to the entry it names, in the order sent', () => {
    const errors = refusal(
      [
        ['allowed_origins[2]', "'ftp://c' must use https"],
        ['name', 'must not be empty'],
        ['allowed_origins[0]', "'http://a' must use https"],
        ['allowed_origins', 'too many'],
      ],
      { code: 'ORIGIN_NOT_ALLOWED', message: 'x' },
    );
    expect(originProblems(errors, ['http://a', 'https://b', 'ftp://c'])).toEqual([
      { index: -1, entry: undefined, message: 'too many' },
      { index: 0, entry: 'http://a', message: "'http://a' must use https" },
      { index: 2, entry: 'ftp://c', message: "'ftp://c' must use https" },
    ]);
    expect(originProblems(null, [])).toEqual([]);
  });
});

describe('pageOf', () => {
  it('slices a page and keeps the page number in range', () => {
    const items = [1, 2, 3, 4, 5];
    expect(pageOf(items, 0, 2)).toEqual({ items: [1, 2], page: 0, pages: 3 });
    expect(pageOf(items, 2, 2)).toEqual({ items: [5], page: 2, pages: 3 });
    expect(pageOf(items, 9, 2)).toEqual({ items: [5], page: 2, pages: 3 });
    expect(pageOf([], 0, 2)).toEqual({ items: [], page: 0, pages: 1 });
  });
});
