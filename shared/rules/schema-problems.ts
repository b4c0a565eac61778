import type { z } from 'zod';
import type { FieldProblem } from '../schemas/common.schema';

/** Renders a zod path as `order_lines[0].total_amount`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? '(body)' : out;
}

/** zod's own wording, which names the rule in its terms ("Too small: expected number to be >0"). */
const ZOD_DEFAULT = /^(Too big|Too small|Invalid option|Invalid input|Unrecognized key)/;

const quoted = (values: readonly unknown[]) => values.map((v) => JSON.stringify(v)).join(', ');
const items = (n: number | bigint) => `${n} item${n === 1 ? '' : 's'}`;

/** A size rule in words: what a number, a text or a list must be at most or at least. */
function bound(origin: string, limit: number | bigint, inclusive: boolean, most: boolean): string {
  if (origin === 'string') {
    if (!most && limit === 1) return 'must not be empty';
    return `must be at ${most ? 'most' : 'least'} ${limit} characters long`;
  }
  if (origin === 'array' || origin === 'set')
    return `must have at ${most ? 'most' : 'least'} ${items(limit)}`;
  if (inclusive) return `must be at ${most ? 'most' : 'least'} ${limit}`;
  return `must be ${most ? 'less' : 'more'} than ${limit}`;
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    // zod 4 leaves the input out of issues; its message ends with "received <type>".
    if (/received undefined$/.test(issue.message)) return 'is required';
    const got = /received (\w+)$/.exec(issue.message)?.[1];
    const want = issue.expected === 'int' ? 'an integer' : `of type ${issue.expected}`;
    return got ? `must be ${want}, got ${got}` : `must be ${want}`;
  }
  // A schema's own message says it best; zod's defaults are put in the words of the rest.
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'too_big':
      return bound(issue.origin, issue.maximum, issue.inclusive ?? true, true);
    case 'too_small':
      return bound(issue.origin, issue.minimum, issue.inclusive ?? true, false);
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${quoted(issue.values)}`
        : `must be one of ${quoted(issue.values)}`;
    default:
      return issue.message.replace(/^Invalid input: /, '');
  }
}

/** Turns zod issues into one problem per field, naming the path and the rule it broke. */
export function schemaProblems(error: z.ZodError): FieldProblem[] {
  return error.issues.flatMap((issue) =>
    // A field the schema does not have is named in the path, one problem each.
    issue.code === 'unrecognized_keys' && ZOD_DEFAULT.test(issue.message)
      ? issue.keys.map((key) => ({ path: formatPath([...issue.path, key]), message: 'is not a known field' }))
      : [{ path: formatPath(issue.path), message: describe(issue) }],
  );
}

/** `path: message` lines, the form every API's error body carries. */
export function problemMessages(problems: readonly FieldProblem[]): string[] {
  return problems.map((p) => `${p.path}: ${p.message}`);
}
