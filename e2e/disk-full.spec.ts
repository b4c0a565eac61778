import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, startServer, stopServer, CREDENTIALS } from './fixtures';
import { refusedOp } from './helpers';

test.use({ expectedConsoleErrors: [refusedOp('settings.update')] });

const AUTH = `Basic ${Buffer.from(`${CREDENTIALS.username}:${CREDENTIALS.password}`).toString('base64')}`;

/** A 4 MB tmpfs for the data folder (CI runs as root on Linux), or null where it cannot be mounted. */
function smallDisk(): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'checkout-sim-e2e-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', dir], { stdio: 'pipe' });
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

/** Fills what is left of the disk with files, until a write is refused. */
function fill(dir: string): void {
  for (let size = 256 * 1024, k = 0; size >= 512; k++) {
    try {
      writeFileSync(join(dir, `filler-${k}`), Buffer.alloc(size));
    } catch {
      size /= 2;
    }
  }
}

test('the log cap is set in Settings and shown on the log page; a full disk puts a banner on every page', async ({
  page,
}) => {
  const disk = smallDisk();
  test.skip(disk === null, 'cannot mount a tmpfs here (needs root on Linux)');
  const { child, urls } = await startServer(disk!);
  try {
    await page.goto(`${urls.console}/#/log`);
    await expect(page.getByTestId('log-size')).toHaveAttribute('data-max-bytes', String(1024 ** 3));
    await expect(page.getByTestId('log-size')).toContainText('of 1 GB');

    await page.getByTestId('nav-settings').click();
    const cap = page.getByTestId('settings-log-cap-mb');
    await expect(cap).toHaveValue('1024');
    await cap.fill('0.5');
    await page.getByTestId('settings-log-cap-save').click();
    await expect(page.getByTestId('settings-log-cap-mb-error')).toContainText('must be at least 1048576');
    await cap.fill('8');
    await page.getByTestId('settings-log-cap-save').click();
    // Taken before the disk is filled (else the save itself meets the full disk: 507).
    await expect(page.getByTestId('settings-log-cap')).toContainText('Now 8 MB.');
    await expect(page.getByTestId('settings-log-cap-saved')).toHaveText('Saved.');
    await expect(page.getByTestId('settings-log-cap-mb')).toHaveValue('8');

    const order: unknown = JSON.parse(readFileSync(join(process.cwd(), 'shared/samples/order.json'), 'utf8'));
    fill(disk!);
    // Orders until one finds no room: 507 in the checkout API's shape, naming the folder.
    let refused: { status: number; body: { error_code?: string; error_messages?: string[] } } | null = null;
    for (let i = 0; i < 200 && refused === null; i++) {
      const r = await page.request.post(`${urls.api}/checkout/v3/orders`, {
        headers: { authorization: AUTH },
        data: order,
      });
      if (r.status() !== 201) refused = { status: r.status(), body: await r.json() };
    }
    expect(refused?.status).toBe(507);
    expect(refused?.body.error_code).toBe('DISK_FULL');
    expect(refused?.body.error_messages?.[0]).toContain(disk!);

    const banner = page.getByTestId('disk-full');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(`the disk holding the data folder ${disk!} is full`);
    await page.getByTestId('nav-log').click();
    await expect(banner).toBeVisible();

    // Space again: the next exchange the log writes takes the banner away.
    for (let k = 0; k < 200; k++) rmSync(join(disk!, `filler-${k}`), { force: true });
    await page.request.get(`${urls.api}/test_helpers/settings`, { headers: { authorization: AUTH } });
    await expect(banner).toHaveCount(0);
  } finally {
    // The page leaves first: a server stopping under its open event stream is an error in its console.
    await page.goto('about:blank');
    await stopServer(child);
    execFileSync('umount', [disk!]);
    rmSync(disk!, { recursive: true, force: true });
  }
});
