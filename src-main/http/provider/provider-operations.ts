import type { Core } from '../../core/create-core';
import { operationGroup, type OperationGroup } from '../define-operation';
import { checkoutApi, elementsApi, ippApi } from '../openapi/apis';
import { generatedOperations } from './automation/automation-operations';
import { CHECKOUT_OPERATIONS } from './checkout-operations';
import { ELEMENTS_OPERATIONS } from './elements-operations';
import { elementsErrorShape } from './elements-errors';
import { scoped } from './error-shapes';
import { ippErrorShape } from './ipp-errors';
import { IPP_OPERATIONS } from './ipp-operations';
import { OM_CHANGE_OPERATIONS } from './order-management-change-operations';
import { idempotentChanges } from './order-management-http';
import { OM_OPERATIONS } from './order-management-operations';
import { TEST_HELPER_OPERATIONS } from './test-helper-operations';

/**
 * Every API of the provider listener, in the document's order: provider-app.ts registers these groups
 * and openapi/document.ts describes them, so a route is served exactly when it is documented. The
 * elements and in-person APIs answer in their own error shapes; everything else in checkout's.
 */
export const PROVIDER_APIS: readonly OperationGroup<Core>[] = [
  operationGroup({ api: checkoutApi, ops: CHECKOUT_OPERATIONS }),
  operationGroup({
    api: checkoutApi,
    ops: [...OM_OPERATIONS, ...OM_CHANGE_OPERATIONS],
    wrap: idempotentChanges,
  }),
  operationGroup({
    api: ippApi,
    ops: IPP_OPERATIONS,
    wrap: (core) => {
      const shape = ippErrorShape(core.log, core.disk);
      return (_op, handler) => scoped(shape, handler);
    },
  }),
  operationGroup({
    api: elementsApi,
    ops: ELEMENTS_OPERATIONS,
    wrap: (core) => {
      const shape = elementsErrorShape(core.log, core.disk);
      return (_op, handler) => scoped(shape, handler);
    },
  }),
  // The automation API: the operations generated from the control contract, then those written by hand.
  operationGroup({ api: checkoutApi, ops: () => [...generatedOperations(), ...TEST_HELPER_OPERATIONS] }),
];
