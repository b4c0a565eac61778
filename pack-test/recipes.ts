// The CI recipes of docs/qa-guide.md, read out of the page and run as their CI would run them: GitHub
// Actions' `run` steps one shell each (`bash -eo pipefail`, GITHUB_ENV carried between steps, `if:
// always()` honoured), GitLab's `script` in one shell and `after_script` in another.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { cleanEnv, type Ran } from './project';
import { execFile } from 'node:child_process';

const GUIDE = join(import.meta.dirname, '..', 'docs', 'qa-guide.md');

/** The yaml block of the guide whose first line names the file (`# .gitlab-ci.yml`). */
export function recipe(fileName: string): Record<string, unknown> {
  const blocks = [...readFileSync(GUIDE, 'utf8').matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const block = blocks.find((b) => b.startsWith(`# ${fileName}\n`));
  if (!block) throw new Error(`docs/qa-guide.md has no yaml block starting '# ${fileName}'`);
  return parse(block) as Record<string, unknown>;
}

function bash(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script],
      { cwd, env, timeout: 20 * 60_000, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }),
    );
  });
}

export interface RecipeRun {
  /** Each shell run: its name and what it did. */
  steps: { name: string; ran: Ran }[];
  /** The paths the recipe uploads (artifact paths, the JUnit report). */
  uploads: string[];
}

interface GithubStep {
  name?: string;
  run?: string;
  uses?: string;
  if?: string;
  with?: { path?: string };
}

/** Runs the GitHub Actions job as the runner would, in `cwd`; `uses` steps other than uploads are the runner's. */
export async function runGithub(workflow: Record<string, unknown>, cwd: string): Promise<RecipeRun> {
  const jobs = workflow.jobs as Record<string, { steps: GithubStep[] }>;
  const [job] = Object.values(jobs);
  const githubEnv = join(cwd, '.github-env');
  writeFileSync(githubEnv, '');
  const out: RecipeRun = { steps: [], uploads: [] };
  let failed = false;
  for (const step of job!.steps) {
    if (failed && step.if !== 'always()') continue;
    if (step.uses?.startsWith('actions/upload-artifact')) out.uploads.push(step.with!.path!);
    if (!step.run) continue;
    const carried = Object.fromEntries(
      readFileSync(githubEnv, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    const env = cleanEnv({
      ...carried,
      CI: 'true',
      GITHUB_ENV: githubEnv,
      RUNNER_TEMP: join(cwd, '.runner-temp'),
    });
    const ran = await bash(`mkdir -p "$RUNNER_TEMP"\n${step.run}`, cwd, env);
    out.steps.push({ name: step.name ?? step.run.split('\n')[0]!, ran });
    if (ran.code !== 0) failed = true;
  }
  return out;
}

interface GitlabJob {
  script: string[];
  after_script?: string[];
  artifacts?: { paths?: string[]; reports?: { junit?: string } };
}

/** Runs the GitLab job: `script` in one shell, then `after_script` in another. */
export async function runGitlab(ci: Record<string, unknown>, cwd: string): Promise<RecipeRun> {
  const [job] = Object.values(ci) as GitlabJob[];
  const env = cleanEnv({ CI: 'true', GITLAB_CI: 'true' });
  const steps = [{ name: 'script', ran: await bash(job!.script.join('\n'), cwd, env) }];
  if (job!.after_script)
    steps.push({ name: 'after_script', ran: await bash(job!.after_script.join('\n'), cwd, env) });
  const uploads = [
    ...(job!.artifacts?.paths ?? []),
    ...(job!.artifacts?.reports?.junit ? [job!.artifacts.reports.junit] : []),
  ];
  return { steps, uploads };
}

/** The files an upload path names (a folder: its files). */
export function uploaded(cwd: string, path: string): string[] {
  const full = join(cwd, path);
  if (!existsSync(full)) return [];
  return path.endsWith('/') ? readdirSync(full) : [path];
}
