// The repository's import graph, for the import-cycles test: every source file that is not a test, with the
// files it imports (relative and `@shared/` specifiers; `import type`, `export … from` and `import()` included).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const ROOT = path.resolve(import.meta.dirname, '..');

const SKIP_DIRS = new Set(['node_modules', 'out', 'test-results', 'playwright-report', 'resources']);
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const TEST = /\.(test|spec)\.(ts|tsx|mts|mjs)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx', '/index.mjs'];

/** Repository-relative paths (with `/`) of every source file that is not a test. */
export function sourceFiles(dir = ROOT) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIP_DIRS.has(entry.name)) continue;
    const abs = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(abs));
    else if (SOURCE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith('.d.ts'))
      files.push(path.relative(ROOT, abs).split(path.sep).join('/'));
  }
  return files.sort();
}

function resolveFile(base) {
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  // `./x.js` written for `./x.ts`.
  if (/\.m?js$/.test(base)) return resolveFile(base.replace(/\.(m?)js$/, '.$1ts'));
  return null;
}

/** The repository file a specifier names, or null for a package or a Node module. */
export function resolveImport(spec, fromRel) {
  let base;
  if (spec.startsWith('.')) base = path.resolve(ROOT, path.dirname(fromRel), spec);
  else if (spec.startsWith('@shared/')) base = path.join(ROOT, 'shared', spec.slice('@shared/'.length));
  else return null;
  const found = resolveFile(base);
  return found ? path.relative(ROOT, found).split(path.sep).join('/') : null;
}

/** The sorted repository files that `text`, the source of `file`, imports. */
export function importsOf(text, file) {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const targets = new Set();
  for (const { fileName } of importedFiles) {
    const target = resolveImport(fileName, file);
    if (target && target !== file) targets.add(target);
  }
  return [...targets].sort();
}

/** Map from each file to the sorted repository files it imports. */
export function importGraph(files = sourceFiles()) {
  const graph = new Map();
  for (const file of files) graph.set(file, importsOf(readFileSync(path.join(ROOT, file), 'utf8'), file));
  return graph;
}

/** Strongly connected components of more than one file (Tarjan), each sorted, as import circles. */
export function importCircles(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  function visit(v) {
    indexOf.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indexOf.get(w)));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) circles.push(component.sort());
    }
  }
  for (const v of graph.keys()) if (!indexOf.has(v)) visit(v);
  return circles.sort((a, b) => a[0].localeCompare(b[0]));
}

/** One loop through a circle's files, as `a → b → … → a`, to show a reader where it closes. */
export function describeCircle(graph, circle) {
  const members = new Set(circle);
  const start = circle[0];
  // Breadth-first from start back to start, inside the circle.
  const previous = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const loop = [start];
        for (let u = v; u !== start; u = previous.get(u)) loop.splice(1, 0, u);
        return [...loop, start].join(' → ');
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return circle.join(', ');
}
