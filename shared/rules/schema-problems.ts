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

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    // zod 4 leaves the input out of issues; its message ends with "received <type>".
    if (/received undefined$/.test(issue.message)) return 'is required';
    const got = /received (\w+)$/.exec(issue.message)?.[1];
    const want = issue.expected === 'int' ? 'an integer' : `of type ${issue.expected}`;
    return got ? `must be ${want}, got ${got}` : `must be ${want}`;
  }
  return issue.message.replace(/^Invalid input: /, '');
}

/** Turns zod issues into one problem per field, naming the path and the rule it broke. */
export function schemaProblems(error: z.ZodError): FieldProblem[] {
  return error.issues.map((issue) => ({ path: formatPath(issue.path), message: describe(issue) }));
}

/** `path: message` lines, the form every API's error body carries. */
export function problemMessages(problems: readonly FieldProblem[]): string[] {
  return problems.map((p) => `${p.path}: ${p.message}`);
}
