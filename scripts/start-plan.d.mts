// Types of start-plan.mjs for the TypeScript test (the .mjs runs under plain Node 20, which has no TS).
export const NO_ELECTRON_LINE: string;
export function findElectronBinary(
  requireFn: (id: string) => unknown,
  exists: (file: string) => boolean,
): string | null;
export function splitStartArgs(argv: readonly string[]): {
  forceBrowser: boolean;
  noOpen: boolean;
  help: boolean;
  passthrough: string[];
};
export function decideMode(input: {
  electronPath: string | null;
  forceBrowser: boolean;
  platform: string;
  env: Record<string, string | undefined>;
}): { mode: 'electron'; electronPath: string } | { mode: 'browser'; notice: string | null };
export function shouldOpenBrowser(input: {
  noOpen: boolean;
  platform: string;
  env: Record<string, string | undefined>;
}): boolean;
export function openerFor(platform: string, url: string): { command: string; args: string[] };
export function parseReadyLine(
  line: string,
): { api: string; console: string; integrator: string; checkout: string; shop: string } | null;
export function electronAddonPaths(
  root: string,
  version: string,
  platform: string,
  arch: string,
): { dir: string; file: string; log: string };
export function nodeGypCandidates(input: {
  root: string;
  npmExecPath?: string;
  execPath: string;
  platform: string;
}): string[];
export function addonBuildEnv(env: Record<string, string | undefined>): Record<string, string | undefined>;
