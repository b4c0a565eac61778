/**
 * The words the checkout shows when a callback fails (spec: "a generic error"), and when the merchant's
 * page never answers `validation_callback`. A module of its own, without zod: the checkout frame's bundle
 * imports it, and the server shows the same words.
 */
export const GENERIC_ERROR =
  'Something went wrong and the purchase could not continue. Please try again in a moment.';
