// Types of ensure-built.mjs for the TypeScript test (the .mjs runs under plain Node 20, which has no TS).
export const RUNTIME_OUTPUTS: readonly string[];
export function isClone(root: string): boolean;
export function needsBuild(root: string): boolean;
export function buildPlan(
  root: string,
): { action: 'run' } | { action: 'build' } | { action: 'stop'; message: string };
export function ensureBuilt(root: string): void;
