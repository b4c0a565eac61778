import { createIppSession } from './api-helpers';
import { expect, test } from './fixtures';
import { refusedOp } from './helpers';

test.describe('an in-person session', () => {
  test.use({ expectedConsoleErrors: [refusedOp('scenarios.export', 409)] });

  test('is refused in the preview the console’s usual way, saying why, with nothing to download', async ({
    page,
    sim,
  }) => {
    const sessionId = await createIppSession(sim.api, 'device-counter-1');
    await page.goto(`${sim.console}/#/terminals?session=${sessionId}`);
    const detail = page.getByTestId('session-detail');
    await detail.getByTestId('order-save-scenario').click();
    const preview = page.getByTestId('scenario-preview');
    const error = preview.getByTestId('scenario-export-error');
    await expect(error).toHaveAttribute('data-code', 'NOT_EXPORTABLE');
    await expect(error).toContainText('This cannot be saved as a scenario');
    await expect(error).toContainText(`${sessionId} is an in-person session`);
    await expect(preview.getByTestId('scenario-download')).toBeDisabled();
    await expect(preview.getByTestId('scenario-preview-yaml')).toHaveCount(0);
    await preview.getByTestId('scenario-preview-close').click();
    await expect(preview).toHaveCount(0);
  });
});
