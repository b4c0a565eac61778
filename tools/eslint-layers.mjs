// ESLint rule enforcing the one direction of imports that docs/architecture.md describes: between layers
// (named by runtime), and inside two of them: the core's folders, the console's features and shared folders.
import { existsSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const relative = (absPath) => path.relative(ROOT, absPath).split(path.sep).join('/');

/** Layer folders, most specific first. */
export const LAYERS = [
  ['shared', 'shared/'],
  ['store', 'src-main/store/'],
  ['net', 'src-main/net/'],
  ['scenario-runner', 'src-main/scenario-runner/'],
  ['explore', 'src-main/explore/'],
  ['core', 'src-main/core/'],
  ['http', 'src-main/http/'],
  ['boot', 'src-main/boot/'],
  ['electron', 'src-main/electron/'],
  ['cli', 'src-main/cli/'],
  ['test-kit', 'src-main/test-kit/'],
  ['package-entry', 'src-main/package-entry/'],
  ['renderer', 'src-renderer/'],
  ['checkout', 'src-checkout/'],
  ['shop', 'shop/'],
  ['e2e', 'e2e/'],
  ['bench', 'bench/'],
  ['tools', 'tools/'],
  ['scripts', 'scripts/'],
  ['bin', 'bin/'],
];

/** Layers only tests may import, from any layer (the rule holds them to the arrows of their own layer otherwise). */
const TEST_ONLY = new Set(['test-kit']);

/**
 * A layer's own test kits (fixtures, corpora, socket and file helpers) sit in a `test-kit/` folder inside
 * it: held to the arrows of that layer, imported by tests and other test kits only.
 */
export const isTestKit = (absPath) => relative(absPath).split('/').includes('test-kit');

/** Which layers each layer may import (itself included). */
export const ALLOWED = {
  shared: ['shared'],
  store: ['shared', 'store'],
  // The HTTP/1.1 stack (parsers, server, client): below core and http, it knows neither.
  net: ['shared', 'net'],
  // The scenario runner is a client of the simulator's public HTTP APIs: it knows no core, no store.
  'scenario-runner': ['shared', 'scenario-runner'],
  // Explore generates journeys and runs them with the scenario runner: a client of the public APIs too.
  explore: ['shared', 'scenario-runner', 'explore'],
  // The core runs scenarios for the console (scenarios.run) against its own API URL.
  core: ['shared', 'store', 'net', 'scenario-runner', 'explore', 'core'],
  http: ['shared', 'net', 'core', 'http'],
  // The one start-up of both shells: store, core, listeners, and the sample shop beside them.
  boot: ['shared', 'store', 'net', 'core', 'http', 'boot', 'shop'],
  electron: ['shared', 'store', 'net', 'core', 'http', 'boot', 'electron'],
  cli: ['shared', 'store', 'net', 'core', 'http', 'boot', 'scenario-runner', 'explore', 'cli'],
  // The package's public `checkout-simulator/testing` entry: the simulator started inside a merchant's own
  // test runner.
  'package-entry': ['shared', 'store', 'net', 'core', 'http', 'boot', 'package-entry'],
  // The main process's own test kit (temp cores, merchant and integrator stubs): it builds what tests need
  // from any layer of the main process; only tests import it (see TEST_ONLY).
  'test-kit': ['shared', 'store', 'net', 'core', 'http', 'boot', 'scenario-runner', 'test-kit'],
  renderer: ['shared', 'renderer'],
  // The embedded checkout runs in the customer's browser, inside the merchant's page.
  checkout: ['shared', 'checkout'],
  // The sample shop is the reference integration: it uses the simulator's public APIs only.
  shop: ['shop'],
  // The browser tests drive the built app through its pages and APIs; they read the shared rules and the
  // console's own types (the HAR file it downloads) to state what they expect.
  e2e: ['shared', 'renderer', 'e2e'],
  // The npm scripts (start, build, the Electron addon) run under plain Node before anything is built.
  scripts: ['scripts'],
  // The `checkout-sim` command: builds when needed (scripts), then runs the bundled CLI.
  bin: ['scripts', 'bin'],
  // Developer tools (this rule, the import graph, the fuzzer and its simulator and merchant-stub processes):
  // they run the built simulator as a process; the fuzzer knows the sample shop's products.
  tools: ['scripts', 'shop', 'tools'],
  // The benchmarks measure the built simulator as a process, with the tools' process helpers and fuzzer.
  bench: ['scripts', 'tools', 'bench'],
};

/**
 * Arrows only a layer's tests may take besides the layer's own: scripts' start-plan test checks that the
 * start script names the Electron addon as the store looks for it.
 */
const TEST_ALLOWED = { scripts: ['store'] };

/**
 * Inside the core, its folders (and the root files below them) in a one-way order, lowest first: a file
 * imports its own folder and what stands before it, never after. A circle between two folders is broken
 * by an interface the lower one owns (checkout/shipping-port.ts, order-management/push-schedule.ts) or by
 * a domain event. The core's root files not named here are its composition (create-core.ts, the build-*
 * factories, the *-handlers that gather areas, timer-kinds.ts): they import any folder, no folder imports
 * them (tests may, to build a whole core), and a new folder must be given its place here.
 */
export const CORE_ORDER = [
  // The ground every service stands on: errors, logs, the two event buses, the per-order lock, handler types.
  'errors.ts',
  'log.ts',
  'version.ts',
  'runtime-info.ts',
  'config-file.ts',
  'heap-tuning.ts',
  'events.ts',
  'domain-events.ts',
  'event-feed.ts',
  'order-locks.ts',
  'control.ts',
  'disk-watch.ts',
  'clock/',
  'settings.ts',
  'timers/',
  'exchanges/',
  'outbound/',
  'ipp/',
  'elements/',
  'integrator/',
  'checkout/',
  'shipping/',
  'faults/',
  'order-management/',
  'push/',
  'upsell/',
  'journey/',
  // The expiry timers of checkout orders and in-person sessions: above the services they expire.
  'expiry/',
];

/**
 * The console's shared folders, lowest first (each imports only those before it). Every other folder of
 * src-renderer/ is a feature: it imports shared folders only, never another feature; `app/` (the shell)
 * and the renderer's root files (main.tsx) put the features together, and nothing imports them.
 */
export const RENDERER_SHARED = [
  'format/',
  'router/',
  'api/',
  'ui/',
  'form/',
  'styles/',
  // Pieces several pages show: the clock, the push timeline, the merchant-fault switches, order parts.
  'clock/',
  'timeline/',
  'faults/',
  'parts/',
];
const RENDERER_SHELL = 'app/';
/**
 * Shared folders that read no store (a `*-store.ts` module, zustand) of another folder: what they need of
 * one, a page's "the simulator is not answering" say, comes as a prop or from a context that the shell
 * provides (app/SimulatorDownProvider.tsx fills ui/simulator-down.ts).
 */
const RENDERER_STORELESS = ['api/', 'ui/'];
const isStore = (name) => /-store\.tsx?$/.test(name);

/** The file a specifier's path names (`../clock` is clock/index.ts, `./x` is x.ts or x.tsx). */
function fileOf(absPath) {
  for (const ext of ['', '.ts', '.tsx', '.mts', '.mjs', '/index.ts', '/index.tsx']) {
    const candidate = absPath + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return absPath;
}

/** The first folder of a path under `root` ('' for a file at its root), and the file's own name. */
function placeIn(root, absPath) {
  const parts = relative(absPath).slice(root.length).split('/');
  return parts.length > 1 ? { folder: `${parts[0]}/`, name: parts.at(-1) } : { folder: '', name: parts[0] };
}

/** Why an import inside the core runs against CORE_ORDER, or null. */
function coreOrderProblem(file, target, isTest) {
  const a = placeIn('src-main/core/', file);
  const b = placeIn('src-main/core/', target);
  if (a.folder !== '' && a.folder === b.folder) return null;
  const rank = (p) => {
    if (p.folder === 'test-kit/') return Infinity;
    const i = CORE_ORDER.indexOf(p.folder || p.name);
    return i >= 0 ? i : p.folder ? null : Infinity;
  };
  const [from, to] = [rank(a), rank(b)];
  const unplaced = from === null ? a.folder : to === null ? b.folder : null;
  if (unplaced)
    return `core/${unplaced} has no place in the core's order (CORE_ORDER in tools/eslint-layers.mjs)`;
  // Tests (and test kits) may also build a whole core with its composition, and use the core's test kit.
  if (to < from || from === Infinity || (isTest && to === Infinity)) return null;
  const what = (p) => `core/${p.folder || p.name}`;
  return to === Infinity
    ? `${what(b)} is the core's composition: no folder imports it`
    : `${what(a)} stands below ${what(b)} in the core's order (CORE_ORDER): break the circle with an interface ${what(a)} owns, or an event`;
}

/** Why an import inside the console runs against its features and shared folders, or null. */
function rendererProblem(file, target) {
  const a = placeIn('src-renderer/', file).folder;
  const { folder: b, name } = placeIn('src-renderer/', target);
  if (a === b || a === '' || a === RENDERER_SHELL) return null;
  if (RENDERER_STORELESS.includes(a) && isStore(name))
    return `src-renderer/${a} must not import a store (${b}${name}): take what it needs as a prop or from a context the shell provides`;
  const [from, to] = [RENDERER_SHARED.indexOf(a), RENDERER_SHARED.indexOf(b)];
  if (to >= 0 && (from < 0 || to < from)) return null;
  if (b === '' || b === RENDERER_SHELL)
    return `src-renderer/${a} must not import the shell (${b || 'the root'}): move what it needs to a shared folder`;
  if (from >= 0)
    return to >= 0
      ? `src-renderer/${a} stands below src-renderer/${b} (RENDERER_SHARED): shared folders import only those before them`
      : `src-renderer/${a} is shared and must not import the feature ${b}`;
  return `the feature src-renderer/${a} must not import the feature ${b}: move the piece both use to a shared folder (RENDERER_SHARED)`;
}

const NODE = new Set(builtinModules);
const isNodeBuiltin = (spec) => spec.startsWith('node:') || NODE.has(spec.split('/')[0]);

/** Packages each layer must not import, beyond the layer arrows. */
const BANNED_PACKAGES = {
  shared: (s) => isNodeBuiltin(s) || /^(electron|better-sqlite3|react|react-dom)(\/|$)/.test(s),
  renderer: (s) => isNodeBuiltin(s) || /^(electron|better-sqlite3)(\/|$)/.test(s),
  checkout: (s) => isNodeBuiltin(s) || /^(electron|better-sqlite3|react|react-dom)(\/|$)/.test(s),
  shop: (s) => !isNodeBuiltin(s),
  store: (s) => /^electron(\/|$)/.test(s),
  net: (s) => /^(electron|better-sqlite3)(\/|$)/.test(s),
  'scenario-runner': (s) => /^(electron|better-sqlite3)(\/|$)/.test(s),
  core: (s) => /^electron(\/|$)/.test(s),
  http: (s) => /^electron(\/|$)/.test(s),
  cli: (s) => /^electron(\/|$)/.test(s),
};

export function layerOf(absPath) {
  const rel = relative(absPath);
  for (const [name, prefix] of LAYERS) if (rel.startsWith(prefix)) return name;
  return null;
}

function resolveSpecifier(spec, fromFile) {
  if (spec.startsWith('.')) return path.resolve(path.dirname(fromFile), spec);
  if (spec.startsWith('@shared/')) return path.join(ROOT, 'shared', spec.slice('@shared/'.length));
  return null;
}

export const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports must follow the layer arrows of docs/architecture.md' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = layerOf(file);
    if (!from) return {};
    // The shop's test folder holds its harness besides the tests; test kits are test code too.
    const isTest =
      /\.test\.(tsx?|mjs)$/.test(file) ||
      file.includes(`${path.sep}shop${path.sep}test${path.sep}`) ||
      isTestKit(file);
    function check(node, spec) {
      if (typeof spec !== 'string') return;
      const target = resolveSpecifier(spec, file);
      if (target === null) {
        const banned = BANNED_PACKAGES[from];
        // Tests may use Node's modules (but the renderer's), and the shop's tests their test runner.
        const testAllows = isTest && ((isNodeBuiltin(spec) && from !== 'renderer') || from === 'shop');
        if (banned && banned(spec) && !testAllows) {
          context.report({
            node,
            message: `Layer '${from}' must not import '${spec}' (see docs/architecture.md, layers).`,
          });
        }
        return;
      }
      const to = layerOf(target);
      if (to && TEST_ONLY.has(to) && from !== to) {
        if (!isTest)
          context.report({
            node,
            message: `Layer '${from}' must not import from '${to}' ('${spec}'): only tests may.`,
          });
        return;
      }
      if (isTestKit(target) && !isTest) {
        context.report({
          node,
          message: `Layer '${from}' must not import from a test kit ('${spec}'): only tests may.`,
        });
        return;
      }
      if (to && !ALLOWED[from].includes(to) && !(isTest && TEST_ALLOWED[from]?.includes(to))) {
        context.report({
          node,
          message: `Layer '${from}' must not import from layer '${to}' ('${spec}'); allowed: ${ALLOWED[from].join(', ')}.`,
        });
        return;
      }
      const inner =
        from === 'core' && to === 'core'
          ? coreOrderProblem(file, fileOf(target), isTest)
          : from === 'renderer' && to === 'renderer'
            ? rendererProblem(file, fileOf(target))
            : null;
      if (inner) context.report({ node, message: `'${spec}': ${inner} (see docs/architecture.md, layers).` });
    }
    return {
      ImportDeclaration: (n) => check(n.source, n.source.value),
      ExportNamedDeclaration: (n) => n.source && check(n.source, n.source.value),
      ExportAllDeclaration: (n) => check(n.source, n.source.value),
      ImportExpression: (n) => n.source.type === 'Literal' && check(n.source, n.source.value),
      CallExpression: (n) => {
        if (
          n.callee.type === 'Identifier' &&
          n.callee.name === 'require' &&
          n.arguments[0]?.type === 'Literal'
        ) {
          check(n.arguments[0], n.arguments[0].value);
        }
      },
    };
  },
};
