import { execFileSync } from 'node:child_process';
import { expect, test } from './fixtures';

/*
 * Copy as cURL of a refused request (401): the preview keeps the credentials masked, the copied command
 * carries the ones the request sent (not the simulator's own), and run with the real curl it is refused
 * again.
 */
test('copy as cURL of a 401 sends the credentials that were sent, and fails the same way', async ({
  page,
  context,
  sim,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: sim.console });
  const sent = `Basic ${Buffer.from('merchant:typo-pass').toString('base64')}`;
  const refused = await fetch(`${sim.api}/checkout/v3/orders/no-such-order`, {
    headers: { authorization: sent },
  });
  expect(refused.status).toBe(401);

  await page.goto(`${sim.console}/#/log`);
  await page.getByTestId('log-row').first().click();
  const detail = page.getByTestId('exchange-detail');
  await detail.getByTestId('exchange-show-curl').click();
  const preview = detail.getByTestId('exchange-curl');
  await expect(preview).toContainText("-H 'authorization: Basic ••••••••'");
  await expect(preview).not.toContainText(sent.slice(6));
  await expect(preview).not.toContainText('-u ');

  await detail.getByTestId('exchange-copy-curl').click();
  await expect(detail.getByTestId('exchange-copy-curl')).toHaveText('Copied');
  const command = await page.evaluate(() => navigator.clipboard.readText());
  expect(command).toContain(`-H 'authorization: ${sent}'`);
  expect(command).not.toContain('merchant:secret');
  // The real curl, as a user would paste it: refused again, for the same reason.
  const answer = execFileSync('sh', ['-c', `${command} -s -o /dev/null -w '%{http_code}'`], {
    encoding: 'utf8',
  });
  expect(answer).toBe('401');
});
