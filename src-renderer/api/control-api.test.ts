import { describe, expect, it } from 'vitest';
import { ControlApiError, isTransient, unwrapEnvelope } from './control-api';

describe('unwrapEnvelope', () => {
  it('returns the value of a success, even a null one', () => {
    expect(unwrapEnvelope({ ok: true, value: null })).toBeNull();
  });

  it('fills in a missing code or message of a failure', () => {
    expect(() => unwrapEnvelope({ ok: false, error: {} }, 500)).toThrow(
      expect.objectContaining({ code: 'unknown', message: 'The operation failed.', status: 500 }),
    );
  });
});

describe('unwrapEnvelope problems', () => {
  it('keeps the field problems of bad input and ignores malformed ones', () => {
    const problems = [{ path: 'merchant_urls.push', message: 'is required' }];
    expect(() =>
      unwrapEnvelope({ ok: false, error: { code: 'BAD_VALUE', message: 'm', problems } }, 400),
    ).toThrow(expect.objectContaining({ code: 'BAD_VALUE', problems }));
    expect(() => unwrapEnvelope({ ok: false, error: { code: 'X', message: 'm', problems: 'no' } })).toThrow(
      expect.objectContaining({ problems: [] }),
    );
  });
});

describe('isTransient', () => {
  it('is true only for errors where the simulator could not be reached', () => {
    expect(isTransient(new ControlApiError('network', 'down'))).toBe(true);
    expect(isTransient(new ControlApiError('not_found', 'no'))).toBe(false);
    expect(isTransient(new Error('x'))).toBe(false);
  });
});
