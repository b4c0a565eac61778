import { expect, test } from '@playwright/test';
import { embeddedCheckout, startSimulator, type StartedSimulator } from 'checkout-simulator/testing';

// The QA guide's example (docs/qa-guide.md, "The simulator inside your own tests"), as a merchant's suite would hold it: the
// entry imported by its package name, the checkout driven by roles and labels, a test clock for the push.
let sim: StartedSimulator;
test.beforeAll(async () => {
  sim = await startSimulator();
});
test.afterAll(() => sim.stop());

test('a purchase in the sample shop, its push on a clock of its own', async ({ page }) => {
  await page.goto(sim.urls.shop);
  await page.getByTestId('add-enamel-mug').click(); // the shop's own page: its own selectors
  await page.getByTestId('go-to-checkout').click();
  const checkout = embeddedCheckout(page);
  await checkout.fillTestPerson();
  await checkout.chooseOption('home delivery');
  await checkout.pay();
  await page.waitForURL(/\/confirmation\?order_id=/);
  const orderId = new URL(page.url()).searchParams.get('order_id')!;

  const clock = await sim.client.clocks.create({ name: 'this test' });
  await sim.client.clocks.bind(clock.clock_id, { order_id: orderId });
  await sim.client.clocks.advance(clock.clock_id, { seconds: 48 * 3600 });
  const log = await sim.client.exchanges(orderId);
  expect(log.filter((e) => e.kind === 'ordermanagement.acknowledge')).toHaveLength(1);
  await sim.client.clocks.delete(clock.clock_id);
});
