import { describe, expect, it } from 'vitest';
import { CALLBACK_KEYS } from '../schemas/checkout-order.schema';
import {
  ANSWER_PATH_PATTERN,
  covers,
  formatAnswerPath,
  parseAnswerPath,
  type AnswerPath,
} from './compare-path';

const read = (text: string) => parseAnswerPath(text) as AnswerPath;

describe('the paths of a comparison', () => {
  it('reads fields, items, wildcards and quoted names, and writes them back the same way', () => {
    for (const text of [
      'callbacks.push.body',
      'callbacks.push.body.order_number',
      'callbacks.address_update.body.order_lines[2].name',
      'callbacks.*.body.order_lines.*.merchant_data',
      'callbacks.validation.body["a.b"].c',
    ])
      expect(formatAnswerPath(read(text))).toBe(text);
    expect(read('callbacks.push.body.a[*]')).toEqual({
      callback: 'push',
      body: [{ key: 'a' }, { any: true }],
    });
  });

  it('refuses what it cannot read, saying what is wrong and the callback meant', () => {
    expect(parseAnswerPath('push.body.x')).toEqual({
      problem:
        'must start callbacks.CALLBACK.body (such as callbacks.push.body.order_number), got "push.body.x"',
    });
    expect(parseAnswerPath('callbacks.pish.body.x')).toMatchObject({
      problem: expect.stringMatching(/^"pish" is not a callback \(did you mean push\?\): one of push, /),
    });
    expect(parseAnswerPath('callbacks.push.body.a..b')).toEqual({
      problem: 'cannot read "..b" after "callbacks.push.body.a": write .field, [0], .*, [*] or ["a field"]',
    });
    expect(parseAnswerPath('callbacks.push.bodyx')).toHaveProperty('problem');
    expect(parseAnswerPath('callbacks.push.body[x]')).toHaveProperty('problem');
  });

  it('reads a list index of more than one digit and a field wildcard, and only a path that starts callbacks.', () => {
    expect(read('callbacks.push.body.order_lines[12].*')).toEqual({
      callback: 'push',
      body: [{ key: 'order_lines' }, { index: 12 }, { any: true }],
    });
    // Five characters before it would leave ".body" to read after the head, were the start not pinned.
    expect(parseAnswerPath('body.callbacks.push.body')).toHaveProperty('problem');
  });

  it('names the callbacks when the one given is close to none of them', () => {
    expect(parseAnswerPath('callbacks.zzzzzzzz.body')).toEqual({
      problem: `"zzzzzzzz" is not a callback: one of ${CALLBACK_KEYS.join(', ')}, or *`,
    });
  });

  // Everything under a path, for its callback or every one; a field matched by its name, an item by its index.
  it.each<[string, boolean]>([
    ['callbacks.push.body.lines', true],
    ['callbacks.*.body.lines[*].at', true],
    ['callbacks.push.body.lines.*.at', true],
    ['callbacks.push.body.lines[3]', true],
    ['callbacks.push.body.lines[3].at', true],
    ['callbacks.push.body.lines[2]', false],
    ['callbacks.validation.body.lines', false],
    ['callbacks.push.body.lines[3].at.x', false],
    ['callbacks.push.body.other', false],
    ['callbacks.push.body.lines[3].to', false],
  ])('%s covers callbacks.push.body.lines[3].at: %s', (path, want) => {
    expect(covers(read(path), read('callbacks.push.body.lines[3].at'))).toBe(want);
  });
});

describe('the JSON Schema’s pattern of a path', () => {
  it('takes what the reader takes and refuses what it refuses', () => {
    const pattern = new RegExp(ANSWER_PATH_PATTERN);
    for (const text of [
      'callbacks.push.body',
      'callbacks.*.body.order_lines[*].a-b.$c',
      'callbacks.validation.body["a.b \\" c"][0].*',
      'push.body.x',
      'callbacks.pish.body.x',
      'callbacks.push.body.a..b',
      'callbacks.push.bodyx',
      'callbacks.push.body[x]',
      'callbacks.push.body["open]',
    ])
      expect([text, pattern.test(text)]).toEqual([text, !('problem' in parseAnswerPath(text))]);
  });
});
