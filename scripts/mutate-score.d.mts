// Types of mutate-score.mjs for the TypeScript test (the .mjs runs under plain Node 20, which has no TS).
type Entry = { source: string; mutants: { status: string; location: { start: { line: number } } }[] };
export function fileCounts(entry: Entry): { mutants: number; killed: number; survivors: number[] };
export function composeScore(
  reports: { name: string; time: number; files: Record<string, Entry> }[],
  sources: Record<string, string>,
): {
  files: { file: string; report: string; mutants: number; killed: number; survivors: number[] }[];
  missing: string[];
  typeFiles: string[];
  mutants: number;
  killed: number;
  score: number;
};
export function typesOnly(source: string): boolean;
export function folderSources(folder: string): string[];
