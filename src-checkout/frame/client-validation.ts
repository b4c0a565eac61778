import { GENERIC_ERROR } from '@shared/rules/generic-error';
import { CLIENT_VALIDATION_TIMEOUT_MS } from '../protocol';
import type { Emitter } from './events';
import type { ParentLink } from './parent-link';

/*
 * options.require_client_validation: before pay, the checkout fires `validation_callback` and waits for
 * the merchant page's handler to call its callback with {should_proceed, message}. The purchase goes on
 * only on `should_proceed: true`; `false` stops it with the page's message; no answer within the time-out
 * stops it with the generic error (the documentation is silent on a page that never answers).
 *
 * A page that never answers leaves the checkout unable to complete the order ("Something went wrong"): that
 * is `can_not_complete_order`, which the documentation fires when "the merchant has to provide other means
 * of paying". `should_proceed: false` fires nothing more: the page decided, and already knows.
 */

export type PageVerdict = { proceed: true } | { proceed: false; message: string };

/** What the checkout shows when the page says no without a message of its own. */
export const STOPPED_BY_PAGE = 'The shop stopped the purchase.';

/** The verdict an answer gives: only a literal `true` lets the purchase go on. */
export function verdictOf(answer: { should_proceed: unknown; message?: unknown }): PageVerdict {
  if (answer.should_proceed === true) return { proceed: true };
  const message = typeof answer.message === 'string' && answer.message.trim() !== '' ? answer.message : null;
  return { proceed: false, message: message ?? STOPPED_BY_PAGE };
}

let asked = 0;

/**
 * Asks the merchant's page. A checkout that is not framed by a page it may talk to has nobody to ask: the
 * purchase goes on (the server-side validation callback still runs).
 */
export function askPage(
  link: ParentLink,
  emitter: Emitter,
  timers: Pick<Window, 'setTimeout' | 'clearTimeout'> = window,
  timeoutMs = CLIENT_VALIDATION_TIMEOUT_MS,
): Promise<PageVerdict> {
  if (link.status.kind !== 'framed') return Promise.resolve({ proceed: true });
  asked += 1;
  const reply = `v${asked}-${Date.now()}`;
  return new Promise((resolve) => {
    const done = (v: PageVerdict) => {
      timers.clearTimeout(timer);
      off();
      resolve(v);
    };
    const off = link.listen((m) => {
      if (m.type === 'validation_answer' && m.reply === reply) done(verdictOf(m));
    });
    const timer = timers.setTimeout(() => {
      emitter.emit([{ event: 'can_not_complete_order', data: {} }]);
      done({ proceed: false, message: GENERIC_ERROR });
    }, timeoutMs);
    emitter.emit([{ event: 'validation_callback', data: {}, reply }]);
  });
}
