import type { testClockOps } from '@shared/contract/test-clock-ops';
import { fail } from '../../openapi/responses';
import type { CoverageOf } from './route-table';
import { TAGS } from './route-table';

const CLOCKS = '/test_helpers/test_clocks';
const CLOCK = `${CLOCKS}/:clock_id`;
const NO_CLOCK = { what: 'test clock', code: 'NO_SUCH_TEST_CLOCK' };

/** Test clocks: a clock per test, with the orders and in-person sessions bound to it. */
export const TEST_CLOCK_COVERAGE: CoverageOf<typeof testClockOps> = {
  'testClocks.list': {
    method: 'GET',
    path: CLOCKS,
    kind: 'test_helpers.test_clocks.list',
    tag: TAGS.testClocks,
    summary: 'List the test clocks',
    description: 'each with its time, its next timer and what is bound to it, oldest first.',
  },
  'testClocks.create': {
    method: 'POST',
    path: CLOCKS,
    kind: 'test_helpers.test_clocks.create',
    tag: TAGS.testClocks,
    optionalBody: true,
    status: 201,
    headers: (c) => ({ Location: `${CLOCKS}/${c.clock_id}` }),
    summary: 'Create a test clock',
    description:
      '`{"name"?, "frozen_time"?}`: a clock that stands still until advanced, starting at `frozen_time` (default: the simulator clock’s time now).',
  },
  'testClocks.get': {
    method: 'GET',
    path: CLOCK,
    kind: 'test_helpers.test_clocks.read',
    tag: TAGS.testClocks,
    summary: 'Read a test clock',
    description: 'its time, its next timer and what is bound to it.',
    notFound: NO_CLOCK,
  },
  'testClocks.advance': {
    method: 'POST',
    path: `${CLOCK}/advance`,
    kind: 'test_helpers.test_clocks.advance',
    tag: TAGS.testClocks,
    summary: 'Advance a test clock, firing its own timers in due order',
    description:
      'by `seconds`, or `until` its next timer. Only the timers of what is bound to this clock fire (push retries, expiry, tracking polls); the simulator clock and other test clocks stand still.',
    outcome: (r) => `fired ${r.fired_total}`,
    errors: [fail(404, 'NO_SUCH_TEST_CLOCK')],
  },
  'testClocks.bind': {
    method: 'POST',
    path: `${CLOCK}/bindings`,
    kind: 'test_helpers.test_clocks.bind',
    tag: TAGS.testClocks,
    summary: 'Bind an order or an in-person session to a test clock',
    description:
      '`{"order_id"}` (the checkout order and its order-management order) or `{"session_id"}`, after its creation, without any change to the merchant’s code: from then on what it records and checks reads this clock, and its pending timers (their due times unchanged) fire only when this clock is advanced.',
    errors: [fail(404, 'NO_SUCH_TEST_CLOCK, NO_SUCH_ORDER or NO_SUCH_SESSION')],
  },
  'testClocks.delete': {
    method: 'DELETE',
    path: CLOCK,
    kind: 'test_helpers.test_clocks.delete',
    tag: TAGS.testClocks,
    summary: 'Delete a test clock',
    description:
      'always allowed: what was bound to it goes back onto the simulator clock, its pending timers with it (due times unchanged; those already past fire at the simulator clock’s next round). `released` counts them.',
    errors: [fail(404, 'NO_SUCH_TEST_CLOCK')],
  },
};
