import type { FieldProblem } from '@shared/schemas/common.schema';

/** Text quoted in a message, cut short: a hostile target may be kilobytes long. */
const quote = (s: string): string => `'${s.length > 80 ? `${s.slice(0, 80)}…` : s}'`;

/**
 * Whether a part decodes. The decoded text is compared, not dropped: a bundler may take a bare
 * `decodeURIComponent(part);` for a call without effects and remove it (rolldown did).
 */
const decodes = (part: string): boolean => {
  try {
    return typeof decodeURIComponent(part) === 'string';
  } catch {
    return false;
  }
};

const RULE = 'has a malformed percent-escape (each % must begin a %XX escape of UTF-8)';

/**
 * The first part of a request target whose percent-escapes do not decode (`%ZZ`, a lone `%`, `%E0%A4%A`,
 * bytes that are not UTF-8), as a field problem for a 400: `(path)` for a path segment, the parameter's
 * name for a query value (`(query)` when the name itself does not decode). Null when every part decodes.
 *
 * Every listener checks its target with this once, before routing, so that no handler's own
 * `decodeURIComponent` can throw a URIError: uncaught, one such GET from any web page stopped the process.
 */
export function malformedEscape(path: string, search: string): FieldProblem | null {
  // Most targets have no escape at all: one scan each and nothing else on the hot path.
  if (path.includes('%')) {
    for (const segment of path.split('/')) {
      if (segment.includes('%') && !decodes(segment))
        return { path: '(path)', message: `segment ${quote(segment)} ${RULE}` };
    }
  }
  if (search.includes('%')) {
    for (const pair of search.split('&')) {
      if (!pair.includes('%')) continue;
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      if (!decodes(name)) return { path: '(query)', message: `parameter ${quote(name)} ${RULE}` };
      const value = eq === -1 ? '' : pair.slice(eq + 1);
      if (!decodes(value))
        return {
          path: name === '' ? '(query)' : decodeURIComponent(name),
          message: `${quote(value)} ${RULE}`,
        };
    }
  }
  return null;
}
