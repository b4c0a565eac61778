import type { Page } from '@playwright/test';
import type { EmbeddedCheckout } from './public';

/**
 * Drives the embedded checkout inside any merchant page by roles and labels, the way a customer reads it:
 * the iframe the snippet's bootstrap makes (titled "Checkout"), its test-person buttons, the delivery
 * options by name, the Pay button. A merchant's own end-to-end tests then need no iframe selectors.
 */
export function embeddedCheckout(page: Page): EmbeddedCheckout {
  const frame = page.frameLocator('iframe[title="Checkout"]');
  return {
    frame,
    async fillTestPerson(index = 0) {
      await frame
        .getByRole('group', { name: 'Fill in a test person' })
        .getByRole('button')
        .nth(index)
        .click();
      await frame.getByRole('button', { name: 'Continue' }).click();
      // The address is taken once the delivery options are offered.
      await frame.getByRole('radiogroup', { name: 'Delivery options' }).waitFor();
    },
    async chooseOption(name) {
      // Clicked, not check(): once chosen, the section closes to a summary and the radio is gone.
      await frame.getByRole('radiogroup', { name: 'Delivery options' }).getByRole('radio', { name }).click();
      await frame.getByRole('button', { name: /^Pay / }).waitFor();
    },
    async pay() {
      await frame.getByRole('button', { name: /^Pay / }).click();
    },
  };
}
