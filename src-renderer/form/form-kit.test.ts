import { describe, expect, it } from 'vitest';
import { fieldShows, summaryOf, type FieldEntry } from './form-kit';
import { refusal } from './test-kit/refusal';

const field = (path: string, under = false): FieldEntry => ({
  path,
  under,
  label: path,
  targetId: `id-${path}`,
});

const errors = refusal([
  ['name', 'must not be empty'],
  ['origins[1]', 'not an origin'],
  ['order_lines[0].name', 'must not be empty'],
  ['mystery', 'odd'],
]);

describe('the form kit', () => {
  it('a field shows its own path, and with `under` the paths inside it', () => {
    expect(fieldShows(field('name'), 'name')).toBe(true);
    expect(fieldShows(field('name'), 'name.first')).toBe(false);
    expect(fieldShows(field('origins', true), 'origins[1]')).toBe(true);
    expect(fieldShows(field('origins', true), 'origins.x')).toBe(true);
    expect(fieldShows(field('origins', true), 'origins_more')).toBe(false);
  });

  it('the summary links the problems a field shows, counts those shown elsewhere, and lists the rest', () => {
    const model = summaryOf(errors, [field('name'), field('origins', true)], (p) =>
      p.startsWith('order_lines'),
    );
    expect(model.linked.map((l) => [l.problem.path, l.field.targetId])).toEqual([
      ['name', 'id-name'],
      ['origins[1]', 'id-origins'],
    ]);
    expect(model.marked).toBe(1);
    expect(model.unclaimed).toEqual([{ path: 'mystery', message: 'odd' }]);
  });

  it('the linked problems come in the order of the fields, not of the problems', () => {
    const model = summaryOf({ ...errors, problems: [...errors.problems].reverse() }, [
      field('name'),
      field('origins', true),
    ]);
    expect(model.linked.map((l) => l.problem.path)).toEqual(['name', 'origins[1]']);
  });

  it('without fields or claims every problem is listed with its path', () => {
    const model = summaryOf(errors, []);
    expect(model.linked).toEqual([]);
    expect(model.marked).toBe(0);
    expect(model.unclaimed).toHaveLength(4);
  });
});
