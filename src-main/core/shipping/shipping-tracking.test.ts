import { afterEach, describe, expect, it } from 'vitest';
import { stubOptions, stubShipment } from '../../test-kit/integrator-stub';
import { shippingEnv, type ShippingEnv } from '../../test-kit/shipping-env';
import { TRACKING_POLL_KIND } from './tracking';

let env: ShippingEnv;
afterEach(() => env?.close());

const HOUR = 3600;
const buy = async () => {
  await env.toAddress();
  await env.core.steps.shippingOption(env.id, { id: 'stub-point' });
  expect((await env.core.steps.complete(env.id, {})).outcome).toBe('completed');
};
const pollTimers = () => env.core.timers.forOrder(env.id).filter((t) => t.kind === TRACKING_POLL_KIND);

describe('tracking after purchase', () => {
  it('polls GET /shipment/{id} every interval on the clock until every shipment has a tracking_id', async () => {
    env = await shippingEnv();
    env.core.shipping.settings.update({ tracking_poll_interval_s: 600 });
    env.tms.tracksAfterReads = 3;
    const seen: string[] = [];
    env.core.events.on('shipping.tracking.updated', (t) => seen.push(`${t.status}:${t.polls}`));
    await buy();
    expect(env.core.shipping.tracker.get(env.id)).toMatchObject({
      status: 'polling',
      polls: 0,
      next_poll_at: '2026-01-01T00:10:00.000Z',
      poll_until: '2026-01-03T00:00:00.000Z',
    });
    await env.core.clockControl.advance({ seconds: HOUR });
    const reads = env.tms.to('GET /shipment/:id');
    expect(reads.map((r) => r.id)).toEqual(['shp-1', 'shp-1', 'shp-1']);
    expect(reads[0]!.headers.authorization).toMatch(/^Bearer tok-/);
    const t = env.core.shipping.tracker.get(env.id)!;
    expect(t).toMatchObject({
      status: 'complete',
      polls: 3,
      last_polled_at: '2026-01-01T00:30:00.000Z',
      next_poll_at: null,
    });
    expect(t.shipments).toEqual([{ carrier: 'stubpost', tracking_id: 'TRK0-shp-1' }]);
    expect(pollTimers()).toEqual([]);
    expect(seen).toEqual(['polling:0', 'polling:1', 'polling:2', 'complete:3']);
    expect((await env.exchanges('shipping.shipment.read')).map((e) => e.outcome)).toEqual([
      'tracking_pending',
      'tracking_pending',
      'tracking_complete',
    ]);
  });

  it('stops after 48 hours when tracking never comes', async () => {
    env = await shippingEnv();
    env.core.shipping.settings.update({ tracking_poll_interval_s: 4 * HOUR });
    env.tms.tracksAfterReads = Infinity;
    await buy();
    await env.core.clockControl.advance({ seconds: 72 * HOUR });
    expect(env.tms.to('GET /shipment/:id')).toHaveLength(12);
    expect(env.core.shipping.tracker.get(env.id)).toMatchObject({
      status: 'gave_up',
      polls: 12,
      next_poll_at: null,
    });
    expect(pollTimers()).toEqual([]);
  });

  it('keeps polling through errors; a 404 means the shipment is lost and polling stops', async () => {
    env = await shippingEnv();
    env.core.shipping.settings.update({ tracking_poll_interval_s: 600 });
    await buy();
    env.tms.on('GET /shipment/:id', { status: 503 });
    await env.core.clockControl.advance({ seconds: 600 });
    expect(env.core.shipping.tracker.get(env.id)).toMatchObject({
      status: 'polling',
      polls: 1,
      last_error: 'GET /shipment/{shipment_id} answered 503',
    });
    env.tms.on('GET /shipment/:id', { status: 404, body: { failure_reason: 'shipment_not_found' } });
    await env.core.clockControl.advance({ seconds: 600 });
    expect(env.core.shipping.tracker.get(env.id)).toMatchObject({
      status: 'lost',
      polls: 2,
      last_error: 'shipment_not_found',
    });
    expect(pollTimers()).toEqual([]);
  });

  it('does not poll when the shipment answer had every tracking id already', async () => {
    env = await shippingEnv();
    env.tms.on('POST /shipment', {
      status: 201,
      headers: { location: 'http://x' },
      body: stubShipment('shp-7', true, 2),
    });
    await buy();
    expect(env.core.shipping.tracker.get(env.id)).toMatchObject({
      status: 'complete',
      shipment_id: 'shp-7',
      polls: 0,
    });
    expect(pollTimers()).toEqual([]);
  });
});

describe('pickup search', () => {
  it('sends country and postal code only and takes nothing but the returned locations', async () => {
    env = await shippingEnv();
    await env.toAddress();
    env.tms.on('POST /shippingoptions', (req) => {
      const [home, point] = stubOptions(true, (req.json!.recipient as { postal_code: string }).postal_code);
      return {
        body: {
          shipping_options: [
            { ...home, name: 'Renamed', price: 1 },
            { ...point, name: 'Renamed too' },
          ],
        },
      };
    });
    const r = await env.core.shipping.pickupSearch(env.id, { postal_code: '41105' });
    expect(env.tms.to('POST /shippingoptions').at(-1)!.json!.recipient).toEqual({
      country: 'SE',
      postal_code: '41105',
    });
    expect([r.outcome, r.locations_found]).toEqual(['applied', { 'stub-point': 2 }]);
    expect(r.message).toMatch(
      /^2 locations near 41105 taken from the integrator's answer into 1 pickup option; everything else in the answer is ignored\.$/,
    );
    const s = env.session();
    const point = s.state.shipping_options.find((o) => o.id === 'stub-point')!;
    expect([point.name, point.preview]).toEqual(['Pickup point', false]);
    expect((point.locations as { id: string }[]).map((l) => l.id)).toEqual([
      'pt-41105-a',
      'pt-41105-b',
      'pt-11134-a',
      'pt-11134-b',
    ]);
    expect(s.state.shipping_options.find((o) => o.id === 'stub-home')!.name).toBe('Home delivery');
    expect((await env.exchanges('shipping.locations')).map((e) => e.outcome)).toEqual(['options:2']);
    await env.core.steps.shippingOption(env.id, { id: 'stub-point', location_id: 'pt-41105-b' });
  });

  it('a failed search leaves the options as they were; without integrator options it is refused', async () => {
    env = await shippingEnv();
    await env.toAddress();
    env.tms.on('POST /shippingoptions', { status: 500 });
    const r = await env.core.shipping.pickupSearch(env.id, { postal_code: '41105' });
    expect([r.outcome, r.message]).toEqual([
      'failed',
      'The location search for 41105 failed: POST /shippingoptions answered 500. The options shown stay as they were.',
    ]);
    expect(env.session().state.shipping?.source).toBe('integrator');
    await env.core.steps.country(env.id, { country: 'SE' }); // now falls back
    await expect(env.core.shipping.pickupSearch(env.id, { postal_code: '41105' })).rejects.toThrow(
      /fallback list/,
    );
    await expect(env.core.shipping.pickupSearch(env.id, { postal_code: '' })).rejects.toThrow(/postal_code/);
  });
});
