#!/usr/bin/env node
// The headless entry: `checkout-sim serve …`. Builds out/ first when needed, then runs the bundled CLI.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuilt } from '../scripts/ensure-built.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
ensureBuilt(root);
await import(pathToFileURL(join(root, 'out', 'main', 'cli.js')).href);
