import { type Page } from '@playwright/test';
import { callApi, createIppSession, ippSessionStatus } from './api-helpers';
import { expect, test } from './fixtures';
import { refusedOp, screenshot } from './helpers';

// The add-device test sends an empty name on purpose.
test.use({ expectedConsoleErrors: [refusedOp('ipp.devices.add')] });

const TERMINALS = 'article[data-device-id]';

async function openTerminals(page: Page, consoleUrl: string) {
  await page.goto(consoleUrl);
  await page.getByTestId('nav-terminals').click();
  await expect(page.getByTestId('terminals-page')).toBeVisible();
}

/** Opens the Terminals page on one device's terminal (`terminal-<device id>`) and its screen. */
async function openTerminal(page: Page, consoleUrl: string, deviceId: string) {
  await openTerminals(page, consoleUrl);
  const terminal = page.getByTestId(`terminal-${deviceId}`);
  return { terminal, screen: terminal.getByTestId('terminal-screen') };
}

/** The same, once a session the API creates on the device (SEK 250.00) shows on it; answers its id too. */
async function sessionOnTerminal(page: Page, sim: { console: string; api: string }, deviceId: string) {
  const shown = await openTerminal(page, sim.console, deviceId);
  const sessionId = await createIppSession(sim.api, deviceId);
  await expect(shown.terminal.getByTestId('terminal-amount')).toHaveText('SEK 250.00');
  return { ...shown, sessionId };
}

test('a session from the API shows on the terminal, is approved there, and reads FINALIZED', async ({
  page,
  sim,
}) => {
  const { terminal, screen } = await openTerminal(page, sim.console, 'device-counter-1');
  await expect(screen).toHaveAttribute('data-state', 'idle');
  await expect(terminal.getByTestId('terminal-ready')).toHaveText('Ready');
  await expect(terminal.getByTestId('terminal-tap')).toBeDisabled();

  const sessionId = await createIppSession(sim.api, 'device-counter-1');

  // No reload: the event stream brings the session to the screen.
  await expect(screen).toHaveAttribute('data-state', 'payment');
  await expect(terminal.getByTestId('terminal-amount')).toHaveText('SEK 250.00');
  await expect(terminal.getByTestId('terminal-item')).toHaveText([
    /Coffee beans × 2\s*SEK\s200\.00/,
    /Mug × 1\s*SEK\s50\.00/,
  ]);
  await expect(terminal.getByTestId('terminal-reference')).toHaveText('Ref till-42');
  await expect(terminal.getByTestId('terminal-pin-left')).toHaveText('3 tries left');
  // The other terminal stays idle.
  await expect(page.getByTestId('terminal-device-pop-up-stand')).toHaveAttribute('data-screen', 'idle');
  await screenshot(page, 'terminal-amount');

  await terminal.getByTestId('terminal-tap').click();
  await expect(screen).toHaveAttribute('data-result', 'approved');
  await expect(terminal.getByTestId('terminal-result-title')).toHaveText('Approved');
  await expect(terminal.getByTestId('terminal-tap')).toBeDisabled();
  expect(await ippSessionStatus(sim.api, sessionId)).toBe('FINALIZED');

  // The session list shows every status change with its cause, and the API calls about the session.
  const row = page.locator(`[data-testid="session-row"][data-session-id="${sessionId}"]`);
  await expect(row).toHaveAttribute('data-status', 'FINALIZED');
  await row.click();
  const detail = page.getByTestId('session-detail');
  await expect(detail.getByTestId('session-history-cause')).toHaveText([
    'api.create',
    'terminal.tap_card',
    'terminal.tap_card',
  ]);
  await expect(detail.getByTestId('session-history-status')).toHaveText(['CREATED', 'ACTIVE', 'FINALIZED']);
  await expect(detail.getByTestId('session-exchange')).toHaveCount(2);
  await expect(detail.getByTestId('session-exchange').first()).toHaveAttribute(
    'data-kind',
    'ipp.session.create',
  );
  await screenshot(page, 'terminal-approved');

  await terminal.getByTestId('terminal-clear').click();
  await expect(screen).toHaveAttribute('data-state', 'idle');

  // The API call that started the session opens in the log's side panel, filed under the session.
  await detail.getByTestId('session-exchange-link').first().click();
  await expect(page.getByTestId('log-page')).toBeVisible();
  const logged = page.getByTestId('log-panel');
  await expect(logged).toContainText(sessionId);
  await expect(logged.getByTestId('exchange-session-link')).toHaveText(`Session ${sessionId}`);
  await screenshot(page, 'terminal-log-session');

  // The session's id finds its calls in the log (server side, as an order id does) ...
  await page.getByTestId('log-filter').fill(sessionId);
  await expect(page.getByTestId('log-count')).toHaveAttribute('data-server-filter', 'true');
  await expect(page.getByTestId('log-count')).toHaveText('2 exchanges of this order or session');
  await expect(page.getByTestId('log-row-kind')).toHaveText(['ipp.session.read', 'ipp.session.create']);

  // ... and a call leads back to the session, unfolded on the Terminals page (the create call is
  // still open from the link that opened the log).
  await expect(page.getByTestId('log-row').last()).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('log-panel').getByTestId('exchange-session-link').click();
  await expect(page.getByTestId('terminals-page')).toBeVisible();
  await expect(page.getByTestId('session-detail')).toBeVisible();
  await expect(page.getByTestId('session-detail').getByTestId('session-exchange')).toHaveCount(2);
});

test('wrong PINs count down and the third fails; a declined card shows its reason', async ({ page, sim }) => {
  const { terminal, screen, sessionId: first } = await sessionOnTerminal(page, sim, 'device-pop-up-stand');
  await terminal.getByTestId('terminal-wrong-pin').click();
  await expect(terminal.getByTestId('terminal-prompt')).toHaveText('Wrong PIN. 2 attempts left');
  await expect(terminal.getByTestId('terminal-session-status')).toHaveText('ACTIVE');
  await terminal.getByTestId('terminal-wrong-pin').click();
  await expect(terminal.getByTestId('terminal-pin-left')).toHaveText('1 try left');
  await screenshot(page, 'terminal-wrong-pin');
  await terminal.getByTestId('terminal-wrong-pin').click();
  await expect(screen).toHaveAttribute('data-result', 'declined');
  await expect(terminal.getByTestId('terminal-result-message')).toHaveText('wrong PIN entered 3 times');
  expect(await ippSessionStatus(sim.api, first)).toBe('FAILED');
  // The result screen links to the session's history.
  await terminal.getByTestId('terminal-session-link').click();
  await expect(page).toHaveURL(new RegExp(`#/terminals\\?session=${first}$`));
  await expect(page.getByTestId('session-detail')).toContainText('wrong PIN entered 3 times');

  // The next session replaces the result on the screen without a Clear.
  const second = await createIppSession(sim.api, 'device-pop-up-stand');
  await expect(screen).toHaveAttribute('data-state', 'payment');
  await terminal.getByTestId('terminal-decline').click();
  await expect(terminal.getByTestId('terminal-result-message')).toHaveText('card declined');
  await screenshot(page, 'terminal-declined');
  expect(await ippSessionStatus(sim.api, second)).toBe('FAILED');

  // The dark theme: a waiting payment next to the declined one.
  await createIppSession(sim.api, 'device-counter-1');
  await expect(page.getByTestId('terminal-device-counter-1').getByTestId('terminal-amount')).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'terminal-dark');
});

test('a cancel from the point of sale clears the screen', async ({ page, sim }) => {
  const { terminal, screen, sessionId } = await sessionOnTerminal(page, sim, 'device-counter-1');
  const cancel = await callApi(sim.api, 'PUT', `/ipp/v1/sessions/${sessionId}/cancel`);
  expect(cancel.status).toBe(200);

  await expect(screen).toHaveAttribute('data-state', 'idle');
  await expect(terminal.getByTestId('terminal-idle-note')).toContainText('cancelled by the point of sale');
  await expect(terminal.getByTestId('terminal-tap')).toBeDisabled();
  const row = page.locator(`[data-testid="session-row"][data-session-id="${sessionId}"]`);
  await expect(row).toHaveAttribute('data-status', 'CANCELLED');
  await row.click();
  await expect(page.getByTestId('session-history-cause').last()).toHaveText('api.cancel');
  await screenshot(page, 'terminal-cancelled');
});

test('a device added in the console gets a terminal; deregistered through the API, it goes', async ({
  page,
  sim,
}) => {
  await openTerminals(page, sim.console);
  await expect(page.locator(TERMINALS)).toHaveCount(2);
  await page.getByTestId('device-add-open').click();
  await page.getByTestId('device-add').click();
  await expect(page.getByTestId('device-name-error')).toBeVisible();

  await page.getByTestId('device-name').fill('Kiosk 3');
  await page.getByTestId('device-platform').selectOption('ios');
  await page.getByTestId('device-location').fill('store-malmo');
  await page.getByTestId('device-add').click();
  await expect(page.getByTestId('add-device-form')).toHaveCount(0);
  const kiosk = page.locator(TERMINALS, { hasText: 'Kiosk 3' });
  await expect(kiosk.getByTestId('terminal-screen')).toContainText('ios · store-malmo');
  const deviceId = await kiosk.getAttribute('data-device-id');
  expect(deviceId).toBeTruthy();

  const removed = await callApi(sim.api, 'DELETE', `/ipp/v1/devices/${deviceId}`);
  expect(removed.status).toBe(204);
  await expect(kiosk).toHaveCount(0);
  await expect(page.locator(TERMINALS)).toHaveCount(2);
});

test.describe('removing a terminal from the console', () => {
  // The first removal is refused on purpose: a payment waits on the terminal.
  test.use({ expectedConsoleErrors: [refusedOp('ipp.devices.remove', 409)] });

  test('is refused while a payment waits, asks once more, and keeps the past sessions listed', async ({
    page,
    sim,
  }) => {
    const { terminal, sessionId } = await sessionOnTerminal(page, sim, 'device-counter-1');

    // Cancelling at the question keeps the terminal.
    await terminal.getByTestId('terminal-remove').click();
    await terminal.getByTestId('terminal-remove-cancel').click();
    await expect(terminal.getByTestId('terminal-remove')).toBeVisible();

    await terminal.getByTestId('terminal-remove').click();
    await expect(terminal.getByText('Deregister it? Its past sessions stay listed.')).toBeVisible();
    await terminal.getByTestId('terminal-remove-confirm').click();
    await expect(terminal.locator('.field-error')).toContainText(
      `runs session ${sessionId} (CREATED); cancel it before deregistering the device`,
    );
    await screenshot(page, 'terminal-remove-refused');
    await expect(page.locator(TERMINALS)).toHaveCount(2);

    await terminal.getByTestId('terminal-tap').click();
    await expect(terminal.getByTestId('terminal-result-title')).toHaveText('Approved');
    await terminal.getByTestId('terminal-remove-confirm').click();
    await expect(page.locator(TERMINALS)).toHaveCount(1);
    await expect(terminal).toHaveCount(0);
    const row = page.locator(`[data-testid="session-row"][data-session-id="${sessionId}"]`);
    await expect(row).toHaveAttribute('data-status', 'FINALIZED');
    const devices = await callApi(sim.api, 'GET', '/ipp/v1/devices');
    expect((devices.json as { content: { id: string }[] }).content.map((d) => d.id)).toEqual([
      'device-pop-up-stand',
    ]);
  });
});
