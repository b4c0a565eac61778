import { describe, expect, it } from 'vitest';
import { fieldNames, markdownTables, statusClaims } from './markdown-tables';

describe('markdownTables', () => {
  it('reads each table under its heading, with an escaped pipe kept inside its cell', () => {
    const md = [
      '## One',
      'text',
      '| a | b |',
      '| --- | --- |',
      "| `x` | 'm' \\| 'k' |",
      '',
      '### Two',
      '| c |',
      '|---|',
      '| y |',
    ].join('\n');
    expect(markdownTables(md)).toEqual([
      { heading: 'One', header: ['a', 'b'], rows: [{ key: '`x`', cells: ['`x`', "'m' | 'k'"] }] },
      { heading: 'Two', header: ['c'], rows: [{ key: 'y', cells: ['y'] }] },
    ]);
  });
});

describe('statusClaims', () => {
  it('pairs a status with the code written after it, and leaves out what it used to answer', () => {
    expect(statusClaims('204; 403 `NOT_ALLOWED` on a cancelled order; 404')).toEqual([
      '204',
      '403 NOT_ALLOWED',
      '404',
    ]);
    expect(statusClaims('204 (it used to answer 200 to this); 400 `BAD_VALUE`')).toEqual([
      '204',
      '400 BAD_VALUE',
    ]);
    expect(statusClaims("CO-API's `x-400` example, 48 hours, 201 `Capture-Id`")).toEqual(['201']);
  });
});

describe('fieldNames', () => {
  it('expands a numbered pair and a name relative to the one before', () => {
    expect(fieldNames('`merchant_reference1/2`, `initial_payment_method.type`, `.description`')).toEqual([
      'merchant_reference1',
      'merchant_reference2',
      'initial_payment_method.type',
      'initial_payment_method.description',
    ]);
  });
});
