#!/usr/bin/env node
// The command line: `checkout-sim serve …`, `run`, `validate`… In a clone it builds out/ first when
// needed; an installed package comes built and never builds (scripts/ensure-built.mjs says which is which).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuilt } from '../scripts/ensure-built.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [first] = process.argv.slice(2);
if (first === '--version' || first === '-v') {
  // Answered before anything is loaded: a CI log states the version even when the install is broken.
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  process.stdout.write(`${version}\n`);
  process.exit(0);
}
ensureBuilt(root);
await import(pathToFileURL(join(root, 'out', 'main', 'cli.js')).href);
