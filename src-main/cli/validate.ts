import { EXIT, invalidFiles, scenarioSources } from './scenario-files';

/** `checkout-sim validate FILE…`: a line per file, 0 when every one is valid, 2 when one is not. */
export function validateCommand(paths: string[], write: (line: string) => void): number {
  const sources = scenarioSources(paths);
  const invalid = new Map(invalidFiles(sources).map((i) => [i.file, i.problem]));
  for (const s of sources) write(invalid.has(s.file) ? `INVALID ${invalid.get(s.file)}` : `ok ${s.file}`);
  const n = sources.length;
  write(`${n} scenario file${n === 1 ? '' : 's'} (${n - invalid.size} valid, ${invalid.size} invalid)`);
  return invalid.size ? EXIT.invalid : EXIT.passed;
}
