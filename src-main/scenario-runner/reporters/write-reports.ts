import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ScenarioReport } from '@shared/schemas/scenario-report.schema';
import { htmlReport } from './html';
import { junitXml } from './junit';

export const REPORTER_KINDS = ['junit', 'html', 'json'] as const;
export type ReporterKind = (typeof REPORTER_KINDS)[number];
export interface ReporterSpec {
  kind: ReporterKind;
  file: string;
}

/** The report in a reporter's format: JUnit XML, the HTML page, or the report document as JSON. */
export function renderReport(kind: ReporterKind, report: ScenarioReport): string {
  if (kind === 'junit') return junitXml(report);
  if (kind === 'html') return htmlReport(report);
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** Writes each file reporter's output, creating its folder. */
export function writeReports(report: ScenarioReport, specs: readonly ReporterSpec[]): void {
  for (const spec of specs) {
    mkdirSync(dirname(spec.file), { recursive: true });
    writeFileSync(spec.file, renderReport(spec.kind, report));
  }
}
