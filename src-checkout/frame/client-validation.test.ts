import { describe, expect, it } from 'vitest';
import { GENERIC_ERROR } from '@shared/rules/generic-error';
import type { PageToFrame } from '../protocol';

type PageToFrameLike = Omit<PageToFrame, 'kco'> & { kco?: string };
import { askPage, STOPPED_BY_PAGE, verdictOf } from './client-validation';
import type { ClientEventOut, Emitter } from './events';
import type { ParentLink } from './parent-link';

/** A framed link whose page answers validation_callback as `answer` says (or never, for null). */
function page(answer: ((reply: string) => PageToFrameLike) | null) {
  const sent: ClientEventOut[] = [];
  let handler: ((m: PageToFrameLike) => void) | null = null;
  const link = {
    status: { kind: 'framed', origin: 'http://shop.test' },
    post: () => true,
    listen: (h: (m: PageToFrameLike) => void) => {
      handler = h;
      return () => (handler = null);
    },
  } as unknown as ParentLink;
  const emitter: Emitter = {
    emit(events) {
      sent.push(...events);
      for (const e of events) if (answer && e.reply) handler?.(answer(e.reply));
    },
  };
  return { link, emitter, sent };
}

const timers = (fire: boolean) =>
  ({
    setTimeout: (fn: () => void) => (fire ? (queueMicrotask(fn), 1) : 1),
    clearTimeout: () => undefined,
  }) as unknown as Pick<Window, 'setTimeout' | 'clearTimeout'>;

describe('validation_callback', () => {
  it('fires validation_callback with {} and a reply id, and goes on when the page says should_proceed: true', async () => {
    const p = page((reply) => ({ type: 'validation_answer', reply, should_proceed: true }));
    await expect(askPage(p.link, p.emitter, timers(false))).resolves.toEqual({ proceed: true });
    expect(p.sent).toEqual([{ event: 'validation_callback', data: {}, reply: expect.any(String) }]);
  });

  it("stops with the page's message on should_proceed: false", async () => {
    const p = page((reply) => ({
      type: 'validation_answer',
      reply,
      should_proceed: false,
      message: 'Sold out',
    }));
    await expect(askPage(p.link, p.emitter, timers(false))).resolves.toEqual({
      proceed: false,
      message: 'Sold out',
    });
  });

  it('ignores an answer to another question, and gives the generic error when none comes in time', async () => {
    const p = page(() => ({ type: 'validation_answer', reply: 'someone-else', should_proceed: true }));
    await expect(askPage(p.link, p.emitter, timers(true))).resolves.toEqual({
      proceed: false,
      message: GENERIC_ERROR,
    });
    // The checkout cannot complete the order: the page hears can_not_complete_order ({}), once.
    expect(p.sent.map((e) => e.event)).toEqual(['validation_callback', 'can_not_complete_order']);
    expect(p.sent[1]).toEqual({ event: 'can_not_complete_order', data: {} });
  });

  it('fires no can_not_complete_order when the page answers, yes or no', async () => {
    for (const should_proceed of [true, false]) {
      const p = page((reply) => ({ type: 'validation_answer', reply, should_proceed }));
      await askPage(p.link, p.emitter, timers(false));
      expect(p.sent.map((e) => e.event)).toEqual(['validation_callback']);
    }
  });

  it('lets only a literal true through, and fills in a message when the page gives none', () => {
    expect(verdictOf({ should_proceed: 'yes' })).toEqual({ proceed: false, message: STOPPED_BY_PAGE });
    expect(verdictOf({ should_proceed: false, message: '  ' })).toEqual({
      proceed: false,
      message: STOPPED_BY_PAGE,
    });
  });

  it('asks nobody when the checkout is not framed', async () => {
    const p = page(null);
    const link = { ...p.link, status: { kind: 'standalone' } } as unknown as ParentLink;
    await expect(askPage(link, p.emitter, timers(false))).resolves.toEqual({ proceed: true });
    expect(p.sent).toEqual([]);
  });
});
