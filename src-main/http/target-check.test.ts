import { describe, expect, it } from 'vitest';
import { malformedEscape } from './target-check';

describe('malformedEscape', () => {
  it('names a path segment whose escapes do not decode', () => {
    for (const [path, segment] of [
      ['/kco/frame/%ZZ', '%ZZ'],
      ['/kco/frame/%', '%'],
      ['/kco/api/orders/%E0%A4%A', '%E0%A4%A'],
      ['/control/invoke/%ZZ', '%ZZ'],
      ['/a/%C3%28/b', '%C3%28'], // escapes that are not UTF-8
    ]) {
      const p = malformedEscape(path!, '');
      expect(p?.path).toBe('(path)');
      expect(p?.message).toContain(`'${segment}'`);
    }
  });

  it('names the query parameter whose value does not decode, or (query) for a name that does not', () => {
    expect(malformedEscape('/kco/frame/o1', 'origin=x&token=%ZZ')).toMatchObject({
      path: 'token',
      message: expect.stringContaining("'%ZZ'"),
    });
    expect(malformedEscape('/x', 'order_id=%E0%A4%A')?.path).toBe('order_id');
    expect(malformedEscape('/x', '%=1')?.path).toBe('(query)');
    expect(malformedEscape('/x', '=%')?.path).toBe('(query)');
  });

  it('passes targets that decode, with or without escapes', () => {
    expect(malformedEscape('/kco/frame/abc', 'token=t')).toBeNull();
    expect(malformedEscape('/a/%E2%98%83/%2F%2e%2E', 'q=%20%25&r=a+b&&s')).toBeNull();
    // A long hostile target is quoted cut short.
    expect(malformedEscape(`/${'a'.repeat(5000)}%`, '')!.message.length).toBeLessThan(200);
  });
});
