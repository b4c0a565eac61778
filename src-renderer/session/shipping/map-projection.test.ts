import { describe, expect, it } from 'vitest';
import { centreOf, distanceM, fitProjection, formatDistance, scaleBar } from './map-projection';

const BOX = { width: 400, height: 200, padding: 20 };

describe('fitProjection', () => {
  const points = [
    { lat: 59.3, lng: 18.3 },
    { lat: 59.31, lng: 18.36 },
    { lat: 59.29, lng: 18.34 },
  ];

  it('keeps the centre in the middle, north up and east right', () => {
    const p = fitProjection(points, BOX);
    expect(p.centre).toEqual(centreOf(points));
    const mid = p.project(p.centre);
    expect(mid.x).toBeCloseTo(200);
    expect(mid.y).toBeCloseTo(100);
    const north = p.project({ lat: 59.31, lng: p.centre.lng });
    expect(north.y).toBeLessThan(100);
    const east = p.project({ lat: p.centre.lat, lng: 18.36 });
    expect(east.x).toBeGreaterThan(200);
  });

  it('fits every point inside the padded box, at one scale for both axes', () => {
    const p = fitProjection(points, BOX);
    for (const pt of points.map(p.project)) {
      expect(pt.x).toBeGreaterThanOrEqual(BOX.padding - 1e-9);
      expect(pt.x).toBeLessThanOrEqual(BOX.width - BOX.padding + 1e-9);
      expect(pt.y).toBeGreaterThanOrEqual(BOX.padding - 1e-9);
      expect(pt.y).toBeLessThanOrEqual(BOX.height - BOX.padding + 1e-9);
    }
    // Drawing distance × metres per unit ≈ the true distance.
    const [a, b] = [points[0]!, points[1]!];
    const pa = p.project(a);
    const pb = p.project(b);
    const drawn = Math.hypot(pa.x - pb.x, pa.y - pb.y) * p.metresPerUnit;
    expect(Math.abs(drawn - distanceM(a, b)) / distanceM(a, b)).toBeLessThan(0.01);
  });

  it('draws a single point in the middle with a sensible scale', () => {
    const p = fitProjection([{ lat: 52.5, lng: 13.4 }], BOX);
    expect(p.project({ lat: 52.5, lng: 13.4 })).toEqual({ x: 200, y: 100 });
    expect(Number.isFinite(p.metresPerUnit)).toBe(true);
    expect(p.metresPerUnit).toBeGreaterThan(0);
  });
});

describe('distances and the scale bar', () => {
  it('measures and words distances', () => {
    // One degree of latitude is about 111 km.
    expect(distanceM({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeGreaterThan(110_000);
    expect(formatDistance(347)).toBe('350 m');
    expect(formatDistance(1234)).toBe('1.2 km');
    expect(formatDistance(15_400)).toBe('15 km');
  });

  it('picks the longest round distance that fits', () => {
    expect(scaleBar(10, 120)).toEqual({ units: 100, label: '1 km' });
    expect(scaleBar(2, 120)).toEqual({ units: 100, label: '200 m' });
  });
});
