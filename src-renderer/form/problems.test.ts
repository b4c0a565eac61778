import { describe, expect, it } from 'vitest';
import { ControlApiError } from '../api/control-api';
import { errorTitle, problemAt, problemsUnder, toFormErrors, unclaimedProblems } from './problems';
import { problemList } from './test-kit/refusal';

const errors = toFormErrors(
  new ControlApiError(
    'BAD_VALUE',
    'bad',
    400,
    problemList([
      ['order_lines[0].name', 'must not be empty'],
      ['order_lines[0].name', 'too short'],
      ['order_lines[10].total_amount', 'must equal …'],
      ['merchant_urls.push', 'is required'],
      ['mystery', 'odd'],
    ]),
  ),
);

describe('form errors', () => {
  it('reads a ControlApiError with its problems, and any other error as a message', () => {
    expect(errors).toMatchObject({ code: 'BAD_VALUE', message: 'bad' });
    expect(toFormErrors(new Error('boom'))).toEqual({ code: 'unknown', message: 'boom', problems: [] });
    expect(toFormErrors(null)).toBeNull();
  });

  it('finds the messages of one field', () => {
    expect(problemAt(errors, 'order_lines[0].name')).toBe('must not be empty; too short');
    expect(problemAt(errors, 'order_lines[0]')).toBeUndefined();
    expect(problemAt(null, 'x')).toBeUndefined();
  });

  it('finds the problems inside a row without mixing up rows 1 and 10', () => {
    expect(problemsUnder(errors, 'order_lines[1]')).toEqual([]);
    expect(problemsUnder(errors, 'order_lines[10]')).toHaveLength(1);
    expect(problemsUnder(errors, 'merchant_urls')).toHaveLength(1);
  });

  it('lists what no field claims', () => {
    const claimed = (p: string) => p.startsWith('order_lines') || p.startsWith('merchant_urls');
    expect(unclaimedProblems(errors, claimed)).toEqual([{ path: 'mystery', message: 'odd' }]);
  });

  it('titles error codes in words', () => {
    expect(errorTitle('STEP_OUT_OF_ORDER')).toBe('This step cannot run yet');
    expect(errorTitle('WHATEVER')).toBe('The operation failed');
  });
});
