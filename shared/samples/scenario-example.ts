/**
 * The scenario the console's Scenarios page starts with: scenarios/push-acknowledged.yaml without its
 * editor line (a test keeps the two the same).
 */
export const EXAMPLE_SCENARIO = `name: Push acknowledged within 10 minutes
description: >
  The customer pays and closes the tab (push only: the confirmation page is never visited), so only the push
  tells the shop. It must answer 200, read the order from order management, write merchant_reference1 and
  acknowledge before the second attempt is due.
order:
  from_merchant:
    - { method: POST, path: /cart/lines, form: { product: enamel-mug, action: add } }
    - { path: /checkout }
steps:
  - address: { test_person: SE }
  - complete: { arrival: push_only }
  - advance: 2m
  - advance: 10m
expect:
  - callback: { name: push, status: 2xx, within: 2s }
  - acknowledged: { within: 10m }
  - push_attempts: { at_most: 1 }
  - order_management: { status: AUTHORIZED, merchant_reference1: { matches: '^SHOP-\\d+$' } }
`;
