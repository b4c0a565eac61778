// Types of mutate-plan.mjs for the TypeScript test (the .mjs runs under plain Node 20, which has no TS).
export function mutateGlobs(target: string, isDir: boolean): string[];
export function targetPath(target: string): string;
export function mutatedInFolder(file: string): boolean;
export function tallyMutants<M extends { status: string }>(
  mutants: M[],
): { valid: M[]; killed: number; survivors: M[] };
export function killedPercent(killed: number, mutants: number): number;
export function reportSlug(target: string): string;
export function incrementalSlug(target: string, isDir: boolean): string;
export function inTarget(target: string, isDir: boolean, fileName: string, line: number): boolean;
export function strykerOptions(
  target: string,
  isDir: boolean,
  reportDir: string,
  tests?: string[],
): {
  configFile: string;
  mutate: string[];
  incremental: true;
  incrementalFile: string;
  htmlReporter: { fileName: string };
  jsonReporter: { fileName: string };
  vitest?: { configFile: string; related: true };
};
export const NARROWED_VITEST_CONFIG: string;
export function narrowedTestsEnv(tests: string[]): { MUTATE_TESTS: string };
export function runPlans(
  targets: { target: string; isDir: boolean }[],
  reportDir: string,
  tests?: string[],
): { targets: { target: string; isDir: boolean }[]; options: ReturnType<typeof strykerOptions> }[];
