import type { OpName } from '@shared/contract/control';
import { AFTER_PURCHASE_COVERAGE } from './after-purchase-coverage';
import { CHECKOUT_COVERAGE } from './checkout-coverage';
import { EXPLORE_COVERAGE } from './explore-coverage';
import { ELEMENTS_COVERAGE, IPP_COVERAGE } from './ipp-elements-coverage';
import type { Coverage } from './route-table';
import { INTEGRATOR_COVERAGE, SHIPPING_COVERAGE } from './shipping-coverage';
import { FAULT_COVERAGE } from './fault-coverage';
import { LOG_COVERAGE } from './log-coverage';
import { SCENARIO_COVERAGE } from './scenario-coverage';
import { TEST_CLOCK_COVERAGE } from './test-clock-coverage';

/**
 * How a script reaches each operation of the control contract (parity with the console): a route under
 * `/test_helpers` generated from the operation (same input schema, same answer), a hand-written route
 * whose answer differs in a way said here, or a reason to be console-only. The type lists every
 * operation, so one added to the contract without a line here does not compile; the parity test
 * (automation-parity.test.ts) reads this table.
 */
export const AUTOMATION: { [K in OpName]: Coverage<K> } = {
  ...CHECKOUT_COVERAGE,
  ...AFTER_PURCHASE_COVERAGE,
  ...IPP_COVERAGE,
  ...ELEMENTS_COVERAGE,
  ...SHIPPING_COVERAGE,
  ...INTEGRATOR_COVERAGE,
  ...FAULT_COVERAGE,
  ...LOG_COVERAGE,
  ...SCENARIO_COVERAGE,
  ...EXPLORE_COVERAGE,
  ...TEST_CLOCK_COVERAGE,
};
