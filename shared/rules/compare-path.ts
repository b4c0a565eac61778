import { CALLBACK_KEYS } from '../schemas/checkout-order.schema';
import { closest } from './suggest';

/*
 * The paths of `checkout-sim run --compare` (sim-defined): where a field of a callback answer is, as a
 * difference names it and as an ignore list (`compare.ignore` in a scenario file, `--ignore PATH`) writes
 * it. One grammar for both, so a path printed by a comparison can be pasted into the ignore list:
 *
 *   callbacks.CALLBACK.body[.KEY | [N] | .* | [*] | ["ANY KEY"]]…
 *
 * CALLBACK is a callback's name (push, address_update, …, the merchant_urls key) or `*` for every one;
 * after `body`, `.key` a field, `[2]` an item of a list (from 0), `*` / `[*]` any field or item, `["a.b"]`
 * a field whose name holds other characters. A path stands for everything under it.
 */

export type PathSegment = { key: string } | { index: number } | { any: true };

export interface AnswerPath {
  /** A callback name, or `*`. */
  callback: string;
  /** The place in the answer's body; empty for the whole body. */
  body: PathSegment[];
}

const PLAIN_KEY = /^[A-Za-z0-9_$-]+$/;

/** The same grammar as one regular expression, for the JSON Schema (editors flag a path that breaks it). */
export const ANSWER_PATH_PATTERN = `^callbacks\\.(${CALLBACK_KEYS.join('|')}|\\*)\\.body(\\.([A-Za-z0-9_$-]+|\\*)|\\[([0-9]+|\\*)\\]|\\["([^"\\\\]|\\\\.)*"\\])*$`;
const SEGMENT = /^(?:\.([A-Za-z0-9_$-]+|\*)|\[(\d+|\*)\]|\[("(?:[^"\\]|\\.)*")\])/;
const EXAMPLE = 'callbacks.push.body.order_number';

/** A path read, or what is wrong with it in words (`callback "pish" is not one: did you mean push?`). */
export function parseAnswerPath(text: string): AnswerPath | { problem: string } {
  const head = /^callbacks\.([^.[\]]+)\.body/.exec(text);
  if (!head)
    return {
      problem: `must start callbacks.CALLBACK.body (such as ${EXAMPLE}), got ${JSON.stringify(text)}`,
    };
  const callback = head[1]!;
  if (callback !== '*' && !(CALLBACK_KEYS as readonly string[]).includes(callback)) {
    const meant = closest(callback, CALLBACK_KEYS);
    return {
      problem: `"${callback}" is not a callback${meant ? ` (did you mean ${meant}?)` : ''}: one of ${CALLBACK_KEYS.join(', ')}, or *`,
    };
  }
  const body: PathSegment[] = [];
  let rest = text.slice(head[0].length);
  while (rest) {
    const m = SEGMENT.exec(rest);
    if (!m)
      return {
        problem: `cannot read ${JSON.stringify(rest)} after ${JSON.stringify(text.slice(0, text.length - rest.length))}: write .field, [0], .*, [*] or ["a field"]`,
      };
    if (m[1] !== undefined) body.push(m[1] === '*' ? { any: true } : { key: m[1] });
    else if (m[2] !== undefined) body.push(m[2] === '*' ? { any: true } : { index: Number(m[2]) });
    else body.push({ key: JSON.parse(m[3]!) as string });
    rest = rest.slice(m[0].length);
  }
  return { callback, body };
}

/** A path written out: `callbacks.address_update.body.order_lines[2].name`. */
export function formatAnswerPath(p: AnswerPath): string {
  const body = p.body
    .map((s) =>
      'any' in s
        ? '.*'
        : 'index' in s
          ? `[${s.index}]`
          : PLAIN_KEY.test(s.key)
            ? `.${s.key}`
            : `[${JSON.stringify(s.key)}]`,
    )
    .join('');
  return `callbacks.${p.callback}.body${body}`;
}

const segmentMatches = (pattern: PathSegment, s: PathSegment) =>
  'any' in pattern ||
  ('key' in pattern && 'key' in s && pattern.key === s.key) ||
  ('index' in pattern && 'index' in s && pattern.index === s.index);

/** Whether an ignore path covers a place: the same callback (or `*`), and a prefix of its body path. */
export function covers(ignore: AnswerPath, place: AnswerPath): boolean {
  if (ignore.callback !== '*' && ignore.callback !== place.callback) return false;
  if (ignore.body.length > place.body.length) return false;
  return ignore.body.every((seg, i) => segmentMatches(seg, place.body[i]!));
}
