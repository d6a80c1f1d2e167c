import { spawnSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import type { TargetEntry } from '../targets/schema.ts';
import { defaultRedactor } from '../core/redaction.ts';
import { packageRoot } from './paths.ts';

/**
 * The CI run's page, where the CI's own variables name one (GitHub Actions, GitLab CI, Jenkins, Buildkite, CircleCI).
 */
export function ciRunUrl(env: NodeJS.ProcessEnv): string | undefined {
  if (env.GITHUB_SERVER_URL && env.GITHUB_REPOSITORY && env.GITHUB_RUN_ID)
    return `${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`;
  return env.CI_JOB_URL ?? env.BUILD_URL ?? env.BUILDKITE_BUILD_URL ?? env.CIRCLE_BUILD_URL;
}

/**
 * The harness's own commit: its checkout's, or HARNESS_COMMIT where there is no git (an image). An installed package
 * has none: the repository around node_modules is the team's, not the harness's.
 */
function harnessCommit(env: NodeJS.ProcessEnv): string {
  if (env.HARNESS_COMMIT) return env.HARNESS_COMMIT;
  const git = spawnSync('git', ['rev-parse', '--show-toplevel', '--short=12', 'HEAD'], {
    cwd: packageRoot,
    encoding: 'utf8',
    timeout: 2000,
  });
  const [top, commit] = git.stdout?.trim().split('\n') ?? [];
  const ownCheckout = git.status === 0 && top !== undefined && realpathSync(top) === realpathSync(packageRoot);
  return ownCheckout && commit ? commit : 'unknown';
}

function harnessVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string }).version;
}

export interface RunFacts {
  target: string;
  entry: TargetEntry;
  families: readonly string[];
  seed: number;
  runs: number;
}

/** What a reader of a report needs to place it: which target and base URLs, which harness, which seed, which CI run. */
export function runEnvironment(facts: RunFacts, env: NodeJS.ProcessEnv): Record<string, string> {
  const sections = facts.entry.families as Record<string, { baseUrl?: string } | undefined>;
  const baseUrls = facts.families.flatMap((family) => {
    const baseUrl = sections[family]?.baseUrl;
    return baseUrl ? [[`baseUrl.${family}`, defaultRedactor.redactUrl(baseUrl)] as const] : [];
  });
  const ciRun = ciRunUrl(env);
  return {
    target: facts.target,
    families: facts.families.join(', '),
    ...Object.fromEntries(baseUrls),
    seed: String(facts.seed),
    'runs per property': String(facts.runs),
    'harness version': harnessVersion(),
    'harness commit': harnessCommit(env),
    node: process.version,
    ...(ciRun ? { 'CI run': ciRun } : {}),
  };
}
