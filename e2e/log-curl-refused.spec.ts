import { execFileSync } from 'node:child_process';
import { expect, test } from './fixtures';
import { copiedCurl, newestExchangeCurl } from './helpers';

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

  const { detail, preview } = await newestExchangeCurl(page, sim.console);
  await expect(preview).toContainText("-H 'authorization: Basic ••••••••'");
  await expect(preview).not.toContainText(sent.slice(6));
  await expect(preview).not.toContainText('-u ');

  const command = await copiedCurl(page, detail);
  expect(command).toContain(`-H 'authorization: ${sent}'`);
  expect(command).not.toContain('merchant:secret');
  // The real curl, as a user would paste it: refused again, for the same reason.
  const answer = execFileSync('sh', ['-c', `${command} -s -o /dev/null -w '%{http_code}'`], {
    encoding: 'utf8',
  });
  expect(answer).toBe('401');
});
