#!/usr/bin/env node
// @ts-check
// `npm run mutate:score -- FOLDER [REPORT.json…]`: a folder's mutation score composed from the StrykerJS
// JSON reports of runs of its files (default: every reports/stryker/*.json), when one run of the whole
// folder would take hours. Per source file of the folder (tests, test kits and .d.ts left out, as
// `npm run mutate -- FOLDER` mutates them), the newest report whose copy of the file's source is the file
// as it is now, byte for byte: a result on other code is no result. A file without one is named, and
// the folder then has no score (exit 1), never one that counts it as killed. A file of types only (no
// code left once TypeScript's types are erased) has no mutants and is in no report: it is named as such.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { killedPercent, mutatedInFolder, tallyMutants } from './mutate-plan.mjs';

/**
 * One file's counts from a report's entry: mutants (Stryker's valid ones), killed (time-outs
 * included) and the survivors' lines (Survived and NoCoverage), 1-based.
 * @param {{ mutants: { status: string, location: { start: { line: number } } }[] }} entry
 */
export function fileCounts(entry) {
  const { valid, killed, survivors } = tallyMutants(entry.mutants);
  return { mutants: valid.length, killed, survivors: survivors.map((m) => m.location.start.line) };
}

/**
 * The folder's score from `reports` (each `{ name, time, files }`, `files` as in Stryker's JSON report:
 * path → `{ source, mutants }`) for the `sources` given (path → today's text): per file the newest
 * report holding today's source, and the total. `missing` are the files no report holds as they are.
 * @param {{ name: string, time: number, files: Record<string, { source: string, mutants: any[] }> }[]} reports
 * @param {Record<string, string>} sources
 */
export function composeScore(reports, sources) {
  const newestFirst = [...reports].sort((a, b) => b.time - a.time);
  /** @type {{ file: string, report: string, mutants: number, killed: number, survivors: number[] }[]} */
  const files = [];
  /** @type {string[]} */
  const missing = [];
  /** @type {string[]} */
  const typeFiles = [];
  for (const [file, source] of Object.entries(sources)) {
    if (typesOnly(source)) {
      typeFiles.push(file);
      continue;
    }
    const hit = newestFirst.find((r) => r.files[file]?.source === source);
    if (!hit) missing.push(file);
    else files.push({ file, report: hit.name, ...fileCounts(/** @type {any} */ (hit.files[file])) });
  }
  const mutants = files.reduce((n, f) => n + f.mutants, 0);
  const killed = files.reduce((n, f) => n + f.killed, 0);
  return { files, missing, typeFiles, mutants, killed, score: killedPercent(killed, mutants) };
}

/** Whether a TypeScript source holds types only: nothing is left of it once the types are erased. */
export function typesOnly(/** @type {string} */ source) {
  const js = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, removeComments: true },
  }).outputText;
  return js.replace(/export \{\};?|"use strict";?/g, '').trim() === '';
}

/** The folder's source files as `npm run mutate -- FOLDER` mutates them (git's tracked files). */
export function folderSources(/** @type {string} */ folder) {
  const clean = folder.replace(/\\/g, '/').replace(/\/+$/, '');
  const listed = execFileSync('git', ['ls-files', '--', `${clean}/`], { encoding: 'utf8' }).split('\n');
  return listed.filter(mutatedInFolder);
}

function main(/** @type {string[]} */ args) {
  const [folder, ...given] = args;
  if (!folder || folder.startsWith('-')) {
    process.stderr.write('Usage: npm run mutate:score -- FOLDER [REPORT.json…]\n');
    return 2;
  }
  const dir = 'reports/stryker';
  const names =
    given.length > 0
      ? given
      : fs.existsSync(dir)
        ? fs
            .readdirSync(dir)
            .filter((f) => f.endsWith('.json') && !f.endsWith('.incremental.json'))
            .map((f) => path.join(dir, f))
        : [];
  const reports = names.map((name) => ({
    name,
    time: fs.statSync(name).mtimeMs,
    files: JSON.parse(fs.readFileSync(name, 'utf8')).files ?? {},
  }));
  const listed = folderSources(folder);
  if (listed.length === 0) {
    process.stderr.write(`${folder}: no source file tracked by git there\n`);
    return 2;
  }
  const sources = Object.fromEntries(listed.map((f) => [f, fs.readFileSync(f, 'utf8')]));
  const r = composeScore(reports, sources);
  for (const f of r.files) {
    const pct = f.mutants === 0 ? '-' : `${((100 * f.killed) / f.mutants).toFixed(1)} %`;
    const left = f.survivors.length > 0 ? `  left at :${f.survivors.join(', :')}` : '';
    process.stdout.write(`${f.file}\t${f.mutants}\t${f.killed}\t${pct}\t${f.report}${left}\n`);
  }
  for (const f of r.typeFiles) process.stdout.write(`${f}\ttypes only: no mutants\n`);
  for (const f of r.missing) process.stdout.write(`${f}\tno report holds it as it is now: run it\n`);
  process.stdout.write(
    `${folder}: ${r.killed} of ${r.mutants} mutants killed, ${r.score.toFixed(1)} %` +
      (r.missing.length > 0 ? ` (no score: ${r.missing.length} files not measured)\n` : '\n'),
  );
  return r.missing.length > 0 ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]))
  process.exitCode = main(process.argv.slice(2));
