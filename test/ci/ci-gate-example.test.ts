import { execFileSync, spawnSync } from 'node:child_process';
import { defaultHistoryDir } from '../../cli/load-publish.ts';
import { reportsPaths } from '../../run/paths.ts';
import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { parse } from 'yaml';
import type { LoadResult } from '../../load/load-result.ts';
import { referenceImage } from '../../reference/image/reference-image.ts';
import { containerEngineUnavailable, containersOf } from '../support/container-engine.ts';
import { tempFolder } from '../support/temp-folders.ts';

/*
 * The CI-gate example (docs/ci.md), kept true: the workflow's own commands (both jobs) run here in a workspace laid out
 * as
 * the implementation's repository is laid out after its `npm ci` (the harness a dev dependency in node_modules, its
 * `harness` bin in node_modules/.bin for npx). What only the CI service does (checkout, setup-node, the publishing
 * actions) is not run; the files the publishing steps name must exist afterwards. Two steps are stood in for, each
 * checked to be what it says: the implementation's `docker build` (the reference's image, tagged as the
 * implementation's, stands in for it) and `npm ci` (this checkout, installed already, linked in as the dependency;
 * test/cli/packaged-install.test.ts installs the packed tarball for real).
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const exampleDir = join(repoRoot, 'examples/ci-gate');
const unavailable = await containerEngineUnavailable();
if (unavailable) console.warn(`CI-gate example test skipped: ${unavailable}`);

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface Workflow {
  jobs: Record<string, { env?: Record<string, string>; steps: Step[] }>;
}

/** `${{ secrets.X }}` becomes a made-up value (a client id is a UUID, as the billing interface wants one). */
function withSecrets(env: Record<string, string>): Record<string, string> {
  const made = (secret: string) =>
    secret.endsWith('CLIENT_ID') ? randomUUID() : `ci-example-${secret.toLowerCase()}-0123456789`;
  return Object.fromEntries(
    Object.entries(env).map(([name, value]) => [
      name,
      value.replace(/\$\{\{\s*secrets\.(\w+)\s*\}\}/g, (_, secret: string) => made(secret)),
    ]),
  );
}

/**
 * Runs a job's commands in a fresh workspace: the build step stood in for by the reference image, the
 * install step checked and skipped, the harness step run (with `extraArgs`). Returns the workspace and the
 * harness step's outcome.
 */
function runJob(jobName: string, harnessStep: string, extraArgs = '') {
  const workflow = parse(readFileSync(join(exampleDir, 'github-actions.yml'), 'utf8')) as Workflow;
  const job = workflow.jobs[jobName];
  expect(job, `a job named ${jobName}`).toBeDefined();
  const steps = (job as { steps: Step[] }).steps;
  const workspace = tempFolder('harness-ci-gate-');
  mkdirSync(join(workspace, 'node_modules/.bin'), { recursive: true });
  symlinkSync(repoRoot, join(workspace, 'node_modules/api-conformance-harness'));
  symlinkSync(join(repoRoot, 'bin/harness.js'), join(workspace, 'node_modules/.bin/harness'));
  mkdirSync(join(workspace, 'ci'));
  copyFileSync(join(exampleDir, 'targets.json'), join(workspace, 'ci/targets.json'));
  const jobEnv = { ...process.env, ...withSecrets(job?.env ?? {}) };

  const commands = steps.filter((step) => step.run !== undefined);
  expect(commands.map((step) => step.name)).toEqual([
    "Build the implementation's image",
    'Install the harness',
    harnessStep,
  ]);
  const [build, install, harness] = commands as [Step, Step, Step];
  expect(build.run).toMatch(/^docker build -t "\$IMPLEMENTATION_IMAGE" \.$/);
  execFileSync('docker', ['tag', referenceImage.tag, jobEnv.IMPLEMENTATION_IMAGE as string]);
  expect(install.run).toBe('npm ci');
  const outcome = spawnSync('bash', ['-e', '-c', `${harness.run as string}${extraArgs}`], {
    cwd: workspace,
    env: { ...jobEnv, ...withSecrets(harness.env ?? {}) },
    encoding: 'utf8',
    timeout: 200_000,
  });
  execFileSync('docker', ['rmi', jobEnv.IMPLEMENTATION_IMAGE as string], { stdio: 'ignore' });
  const published = steps.filter(
    (step) => step.uses?.startsWith('mikepenz/action-junit-report') || step.uses?.startsWith('actions/upload-artifact'),
  );
  const publishedPaths = published.map((step) => (step.with?.report_paths ?? step.with?.path) as string);
  return { workspace, outcome, publishedPaths };
}

test.skipIf(unavailable !== undefined)(
  'the CI-gate job: its commands judge a container image, exit 0 when conformant, and leave the files its publishing steps name',
  () => {
    // Three cases per property instead of a hundred keeps the self-test short (what it proves is the job's commands,
    // not the rules: the reference runs judge those); the command is otherwise as written.
    const { workspace, outcome, publishedPaths } = runJob('conformance', 'Judge the implementation', ' --runs 3');
    expect(outcome.status, `${outcome.stdout.slice(-3000)}\n${outcome.stderr}`).toBe(0);
    expect(outcome.stdout).toContain('CONFORMANT');
    expect(publishedPaths).toEqual(['reports/junit.xml', 'reports/allure-report']);
    for (const path of publishedPaths) expect(existsSync(join(workspace, path)), path).toBe(true);
    expect(existsSync(join(workspace, 'reports/allure-report/index.html'))).toBe(true);
    expect(containersOf('implementation')).toEqual([]);
  },
);

test.skipIf(unavailable !== undefined)(
  'the nightly job: load nightly against the container image, every answer a 2xx breaking no response rule (one second per operation here), its result files kept',
  () => {
    const { workspace, outcome, publishedPaths } = runJob('nightly-load', 'Load the implementation', ' --duration 1');
    const about = `${outcome.stdout.slice(-3000)}\n${outcome.stderr}`;
    // The example's thresholds are the defaults (p50 < 100 ms, p99 < 500 ms): on a busy machine the container's
    // latency is the machine's, so the job may say 1 on latency alone; what the job's commands must show is the
    // same on any machine: every operation ran, all its answers were 2xx, none broke a rule, nothing else failed.
    expect([0, 1], about).toContain(outcome.status);
    expect(publishedPaths).toEqual(['reports/load']);
    const dir = join(workspace, 'reports/load/nightly');
    const results = readdirSync(dir).map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as LoadResult);
    expect(results.length).toBeGreaterThan(10);
    for (const result of results) {
      expect(result.violations, result.scenario).toEqual([]);
      expect(result.interrupted, result.scenario).toBeUndefined();
      expect(
        result.thresholds
          .filter((verdict) => !verdict.passed && !/^p\d+ /.test(verdict.threshold))
          .map((verdict) => verdict.threshold),
        result.scenario,
      ).toEqual([]);
    }
    // Exit 1 only for a latency threshold, and exit 0 whenever every threshold held.
    expect(outcome.status, about).toBe(results.every((result) => result.passed) ? 0 : 1);
    expect(containersOf('implementation')).toEqual([]);
  },
);

test.skipIf(unavailable !== undefined)(
  'the nightly conformance job: its command judges the image on a late horizon, each late replay waiting as asked, and keeps its counterexamples in ci/',
  () => {
    // The shortener family alone, a handful of sequences and a horizon of two seconds: what the test proves is the
    // job's command and options, the nightly budget aside.
    const { workspace, outcome, publishedPaths } = runJob(
      'nightly-conformance',
      'Judge the implementation on the nightly horizon',
      ' --suite shortener --runs 3 --sequences 5 --late-memory 2s --max-time 10m',
    );
    const about = `${outcome.stdout.slice(-3000)}\n${outcome.stderr}`;
    expect(outcome.status, about).toBe(0);
    expect(outcome.stdout).toContain('CONFORMANT');
    const summary = JSON.parse(readFileSync(join(workspace, 'reports/summary.json'), 'utf8')) as {
      rules: { ruleId: string; observations?: Record<string, unknown> }[];
    };
    const vanity = summary.rules.find((rule) => rule.ruleId === 'shortener.vanity.taken-for-domain');
    // The replay came at least the two seconds asked after the path's first use.
    const late = /(\d+\.\d) s and at least/.exec(String(vanity?.observations?.['late replays']));
    expect(Number(late?.[1]), about).toBeGreaterThanOrEqual(2);
    expect(publishedPaths).toEqual(['ci/counterexamples\nreports/allure-report\n']);
    expect(existsSync(join(workspace, 'reports/allure-report/index.html'))).toBe(true);
    expect(containersOf('implementation')).toEqual([]);
  },
);

test('each job keeps, between runs, the history files its next run reads: restored before the harness step, saved after it', () => {
  const workflow = parse(readFileSync(join(exampleDir, 'github-actions.yml'), 'utf8')) as {
    jobs: Record<string, { steps: (Step & { if?: string })[] }>;
  };
  const kept = {
    conformance: reportsPaths('reports').allureHistory,
    'nightly-conformance': reportsPaths('reports').allureHistory,
    'nightly-load': defaultHistoryDir('reports'),
  };
  for (const [jobName, path] of Object.entries(kept)) {
    const steps = workflow.jobs[jobName]?.steps ?? [];
    const harness = steps.findIndex((step) => step.run?.startsWith('npx harness'));
    const restore = steps.findIndex((step) => step.uses === 'actions/cache/restore@v4');
    const save = steps.findIndex((step) => step.uses === 'actions/cache/save@v4');
    expect(harness, jobName).toBeGreaterThan(-1);
    // The harness step keeps the defaults (no --history): what it reads and writes is the cached path.
    expect(steps[harness]?.run).toContain('--reports reports');
    expect(steps[harness]?.run).not.toContain('--history');
    expect(restore, jobName).toBeGreaterThan(-1);
    expect(restore, jobName).toBeLessThan(harness);
    expect(save, jobName).toBeGreaterThan(harness);
    expect(steps[restore]?.with?.path).toBe(path);
    expect(steps[save]?.with?.path).toBe(path);
    expect(steps[save]?.if).toBe('always()');
    // A fresh key per run, restored by its prefix: every run saves its own, the next restores the latest.
    expect(steps[save]?.with?.key).toBe(steps[restore]?.with?.key);
    expect(steps[restore]?.with?.key?.startsWith(steps[restore]?.with?.['restore-keys'] ?? '-')).toBe(true);
  }
});
