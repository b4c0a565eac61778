import { z } from 'zod';
import { formatPath } from './schema-problems';
import { closest } from './suggest';

/*
 * Problems of a scenario file in words a QA engineer can act on: the whole path, what was expected and
 * what was found, the field or step meant when a name is misspelt. zod's own wording ("Invalid input")
 * says none of that, least of all for a union (a step, an expectation), where it hides which branch was
 * meant; so parsing passes `scenarioErrorMap` and reads the issues with `scenarioProblems`.
 */

export interface ScenarioProblem {
  path: string;
  message: string;
  /** The path as keys and indexes, for finding the place in the file (the line and column). */
  at?: PropertyKey[];
}

/** Unions whose branches are one-key objects (`{advance: 2m}`): the key names the branch. */
const ONE_KEY_UNIONS = new WeakMap<z.ZodType, { kind: string; names: string[] }>();

/** Marks a union of one-key objects (steps, expectations), so that a problem names the key's branch. */
export function markOneKeyUnion<T extends z.ZodType>(union: T, kind: string, names: string[]): T {
  ONE_KEY_UNIONS.set(union, { kind, names });
  return union;
}

/** The same mark on a copy of a marked union (strictDeep clones schemas). */
export function copyOneKeyMark(from: z.ZodType, to: z.ZodType): void {
  const mark = ONE_KEY_UNIONS.get(from);
  if (mark) ONE_KEY_UNIONS.set(to, mark);
}

/** A value as the message names it: `the number 200`, `the string "wait"`, `a list`. */
export function valueWords(v: unknown): string {
  if (v === null) return 'null (an empty value)';
  if (Array.isArray(v)) return 'a list';
  switch (typeof v) {
    case 'string':
      return `the string ${JSON.stringify(v.length > 60 ? `${v.slice(0, 60)}…` : v)}`;
    case 'number':
      return `the number ${v}`;
    case 'boolean':
      return `${v}`;
    case 'object':
      return 'an object';
    default:
      return typeof v;
  }
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null (an empty value)',
};

const list = (values: readonly unknown[]) =>
  values.length === 1
    ? JSON.stringify(values[0])
    : `one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;

interface RawIssue {
  code: string;
  input?: unknown;
  inst?: unknown;
  expected?: string;
  values?: unknown[];
  [extra: string]: unknown;
}

/** The keys an object (or a record with enum keys) knows, for "did you mean". */
function knownKeys(inst: unknown): string[] {
  const def = (inst as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (def?.type === 'object') return Object.keys(def.shape as object);
  const keyDef = (def?.keyType as { _zod?: { def?: { entries?: Record<string, string> } } } | undefined)?._zod
    ?.def;
  return keyDef?.entries ? Object.values(keyDef.entries) : [];
}

function examplesOf(inst: unknown): unknown[] {
  const meta = z.globalRegistry.get(inst as z.ZodType) as { examples?: unknown[] } | undefined;
  return Array.isArray(meta?.examples) ? meta.examples : [];
}

/** What one-key union problem there is, when the value is not an object with one known key. */
function oneKeyMessage(iss: RawIssue, mark: { kind: string; names: string[] }): string | undefined {
  const { kind, names } = mark;
  const v = iss.input;
  if (v === null || typeof v !== 'object' || Array.isArray(v))
    return `expected ${kind === 'expectation' ? 'an' : 'a'} ${kind} (an object with one key: ${names.join(', ')}), got ${valueWords(v)}`;
  const keys = Object.keys(v);
  if (keys.length !== 1)
    return `${kind === 'expectation' ? 'an' : 'a'} ${kind} has exactly one key (${names.join(', ')}), got ${keys.length}${keys.length ? `: ${keys.join(', ')}` : ''}`;
  const key = keys[0]!;
  const index = names.indexOf(key);
  if (index >= 0) {
    // The key is right: the problem is inside that branch, which the reader descends into.
    iss.branch = index;
    return undefined;
  }
  const near = closest(key, names);
  return `unknown ${kind} "${key}"${near ? ` (did you mean ${near}?)` : ''}, the ${kind}s are: ${names.join(', ')}`;
}

/** The error map of scenario parsing: every message names what was expected and what was found. */
export function scenarioErrorMap(iss: RawIssue): string | undefined {
  switch (iss.code) {
    case 'invalid_type': {
      if (iss.input === undefined) return 'is required';
      const examples = examplesOf(iss.inst);
      const type = TYPE_WORDS[iss.expected ?? ''] ?? `of type ${iss.expected}`;
      const want = examples.length
        ? `${type} such as ${examples.map((e) => JSON.stringify(e)).join(' or ')}`
        : type;
      return `expected ${want}, got ${valueWords(iss.input)}`;
    }
    case 'invalid_value': {
      const values = iss.values ?? [];
      const near =
        typeof iss.input === 'string'
          ? closest(
              iss.input,
              values.filter((v): v is string => typeof v === 'string'),
            )
          : null;
      return `expected ${list(values)}, got ${valueWords(iss.input)}${near ? ` (did you mean ${near}?)` : ''}`;
    }
    case 'unrecognized_keys':
      // zod drops the schema from the issue it returns but keeps the raw issue's own keys: the reader
      // finds the object's keys here, for "did you mean".
      iss.known = knownKeys(iss.inst);
      return 'not a known field';
    case 'invalid_union': {
      const mark = ONE_KEY_UNIONS.get(iss.inst as z.ZodType);
      return mark ? oneKeyMessage(iss, mark) : undefined;
    }
    default:
      return undefined;
  }
}

type FinalIssue = z.core.$ZodIssue & {
  input?: unknown;
  known?: string[];
  branch?: number;
  errors?: FinalIssue[][];
};

/** How far a branch's issue got into the value: a wrong type at the root is 0, a missing key ½. */
function progress(iss: FinalIssue): number {
  if (iss.code === 'unrecognized_keys') return iss.path.length + 0.5;
  if (iss.code === 'invalid_type' && iss.input === undefined) return iss.path.length - 0.5;
  return iss.path.length;
}

const suggested = (iss: FinalIssue) =>
  iss.code === 'unrecognized_keys' ? iss.keys.filter((k) => closest(k, iss.known ?? [])).length : 0;

/** The branch of a failed union that was most likely meant: the one that got furthest into the value. */
function bestBranch(branches: FinalIssue[][]): { issues: FinalIssue[]; depth: number } {
  const scored = branches.map((issues) => ({
    issues,
    depth: Math.min(...issues.map(progress)),
    hints: issues.reduce((n, i) => n + suggested(i), 0),
  }));
  scored.sort((a, b) => b.depth - a.depth || b.hints - a.hints || a.issues.length - b.issues.length);
  return scored[0]!;
}

/** `a duration such as …` out of `expected a duration such as …, got …` or `must be a duration …`. */
const wanted = (message: string) => message.replace(/^(expected|must be) /, '').replace(/, got .*$/s, '');

function unionProblems(iss: FinalIssue, path: PropertyKey[]): ScenarioProblem[] {
  const branches = iss.errors ?? [];
  if (iss.branch !== undefined && branches[iss.branch]) return collect(branches[iss.branch]!, path);
  if (iss.message !== 'Invalid input' || branches.length === 0)
    return [{ path: formatPath(path), message: iss.message, at: path }];
  const best = bestBranch(branches);
  if (best.depth > 0) return collect(best.issues, path);
  // Every branch failed at the value itself: say what each would have taken.
  const alternatives = branches.flatMap((b) => collect(b, path).map((p) => wanted(p.message)));
  return [
    {
      path: formatPath(path),
      message: `expected ${[...new Set(alternatives)].join(', or ')}, got ${valueWords(iss.input)}`,
      at: path,
    },
  ];
}

/** A schema's own message (a duration, a status) with what was found after it. */
function withFound(iss: FinalIssue): string {
  const own = iss.message;
  if (/, got /.test(own) || iss.input === undefined || typeof iss.input === 'object') return own;
  return `${own}, got ${valueWords(iss.input)}`;
}

function collect(issues: FinalIssue[], prefix: PropertyKey[]): ScenarioProblem[] {
  const out: ScenarioProblem[] = [];
  for (const iss of issues) {
    const path = [...prefix, ...iss.path];
    if (iss.code === 'unrecognized_keys') {
      for (const key of iss.keys) {
        const near = closest(key, iss.known ?? []);
        const hint = near
          ? ` (did you mean ${near}?)`
          : iss.known?.length
            ? ` (the fields here are: ${iss.known.join(', ')})`
            : '';
        out.push({
          path: formatPath([...path, key]),
          message: `not a known field${hint}`,
          at: [...path, key],
        });
      }
    } else if (iss.code === 'invalid_union') out.push(...unionProblems(iss, path));
    else out.push({ path: formatPath(path), message: withFound(iss), at: path });
  }
  // "x is required" beside "xx: not a known field (did you mean x?)" says the same thing twice.
  const meant = new Set(
    out.flatMap((p) => {
      const m = /\(did you mean (.+)\?\)$/.exec(p.message);
      return m ? [p.path.replace(/[^.[\]]+$/, m[1]!)] : [];
    }),
  );
  return out.filter((p) => !(p.message === 'is required' && meant.has(p.path)));
}

/** Reads the issues of a scenario parse (with `scenarioErrorMap` and `reportInput`) as problems. */
export function scenarioProblems(error: z.ZodError): ScenarioProblem[] {
  return collect(error.issues as FinalIssue[], []);
}
