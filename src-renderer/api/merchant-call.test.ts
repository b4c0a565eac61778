import { describe, expect, it } from 'vitest';
import { answerSummary } from './merchant-call';

describe('answerSummary', () => {
  it('says a success by its status', () => {
    expect(answerSummary({ status: 204, headers: {}, body: null })).toEqual({
      ok: true,
      text: '204 No Content',
    });
    expect(answerSummary({ status: 201, headers: {}, body: {} })).toEqual({ ok: true, text: '201 Created' });
  });

  it('says a refusal by its code and messages, in each API’s error shape', () => {
    expect(
      answerSummary({
        status: 403,
        headers: {},
        body: { error_code: 'CAPTURE_NOT_ALLOWED', error_messages: ['beyond the remaining amount'] },
      }),
    ).toEqual({ ok: false, text: '403 CAPTURE_NOT_ALLOWED: beyond the remaining amount' });
    expect(
      answerSummary({
        status: 409,
        headers: {},
        body: { title: 'DEVICE_BUSY', detail: 'a session is open' },
      }),
    ).toEqual({ ok: false, text: '409 DEVICE_BUSY: a session is open' });
    expect(answerSummary({ status: 500, headers: {}, body: 'boom' })).toEqual({ ok: false, text: '500' });
  });
});
