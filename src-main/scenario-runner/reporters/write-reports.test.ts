// The file reporters: each format written where it was asked for, its folder made.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { report, scenario } from '../compare/test-kit/reports';
import { htmlReport } from './html';
import { junitXml } from './junit';
import { renderReport, REPORTER_KINDS, writeReports } from './write-reports';

const r = report([scenario({})]);
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the file reporters', () => {
  it('render JUnit, HTML, or the report itself as JSON', () => {
    expect(REPORTER_KINDS).toEqual(['junit', 'html', 'json']);
    expect(renderReport('junit', r)).toBe(junitXml(r));
    expect(renderReport('html', r)).toBe(htmlReport(r));
    expect(renderReport('json', r)).toBe(`${JSON.stringify(r, null, 2)}\n`);
  });

  it('write each file, making its folder', () => {
    dir = mkdtempSync(join(tmpdir(), 'reports-'));
    const xml = join(dir, 'a', 'b', 'junit.xml');
    const json = join(dir, 'report.json');
    writeReports(r, [
      { kind: 'junit', file: xml },
      { kind: 'json', file: json },
    ]);
    expect(readFileSync(xml, 'utf8')).toBe(junitXml(r));
    expect(JSON.parse(readFileSync(json, 'utf8'))).toEqual(r);
  });
});
