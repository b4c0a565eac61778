import { DOCS_TAG } from './docs-op';

/** What each tag of the documents groups. */
export const TAG_TEXT: Record<string, string> = {
  Checkout: 'The checkout API (merchant → checkout service), Basic auth.',
  'Order management': 'The order after the purchase: read, acknowledge, capture, refund, cancel.',
  'In-person payments': 'Payment terminals and the payment sessions sent to them.',
  'Elements clients': 'Embedded-elements clients, their express configuration and allowed origins.',
  'Automation: customer steps':
    'Play the customer step by step, read the exchange log, change settings (the console runs the same code).',
  'Automation: after the purchase': 'Fraud review, push timelines, upsell.',
  'Automation: clock': 'The simulator clock that drives every timer.',
  'Automation: fake integrator': 'Fault switches and settings of the built-in fake integrator.',
  'Automation: shipping assistant':
    'The shipping assistant’s settings, pickup search, tracking, conformance runs.',
  'Automation: orders': 'Checkout orders as the console lists, creates, reads and aborts them.',
  'Automation: in-person terminals': 'Devices, in-person sessions and the customer at the terminal.',
  'Automation: elements clients': 'Elements clients as the console manages them.',
  'Automation: simulator': 'The simulator itself: its listeners and credentials.',
  'Automation: merchant faults':
    'The simulator misbehaving towards the merchant’s server on purpose: duplicate, late and lost pushes, racing and abandoned callbacks.',
  'Shipping integrator': 'The shipping integrator API of shipping-integrator-api.md.',
  Callbacks: 'What the checkout service sends to the merchant’s server.',
  'Callbacks (simulator-defined)':
    'Upsell callbacks: the spec names them, the simulator defines their payloads.',
  'Console control': 'The control contract over HTTP, as the console calls it in a browser.',
  'Embedded checkout': 'The checkout page’s own API: the customer’s view, its steps, its events.',
  'Embedded checkout pages': 'The page in the merchant’s iframe, the bootstrap script and their files.',
  [DOCS_TAG]: 'This document.',
};
