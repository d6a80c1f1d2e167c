import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { RunSummary } from '../../reporting/run-summary.ts';
import { bundledTargets, runCli, withReferenceCredentials, writeTargets } from '../support/run-harness-cli.ts';
import { tempFolder } from '../support/temp-folders.ts';

interface AllureLabelled {
  labels: { name: string; value: string }[];
}

// A reference whose shortener validates only the first entry's longUrl: one rule fails, the rest pass.
test('under GitHub Actions a run writes summary.md, appends it to the job summary and annotates each failed rule, each with its failing input and replay line', async () => {
  const entry = bundledTargets.targets.reference;
  if (!entry) throw new Error('bundled targets.json has no reference');
  const targets = writeTargets({
    mutant: { ...entry, command: [...entry.command, '--mutant', 'shortener-long-url-first-entry-only'] },
  });
  const stepSummary = join(tempFolder('harness-step-summary-'), 'summary.md');
  const rules = ['shortener.long-url.valid-url', 'shortener.long-url.required'].flatMap((id) => ['--rule', id]);
  const result = await runCli(
    [
      'run',
      '--targets',
      targets,
      '--target',
      'mutant',
      '--suite',
      'shortener',
      '--seed',
      '3',
      '--runs',
      '10',
      ...rules,
    ],
    {
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_STEP_SUMMARY: stepSummary,
      GITHUB_SERVER_URL: 'https://github.example',
      GITHUB_REPOSITORY: 'team/api',
      GITHUB_RUN_ID: '4242',
      HARNESS_PROGRESS_EVERY_MS: '1000',
    },
  );
  expect(result.code, result.stdout.slice(-2000)).toBe(1);
  // Under CI the log gets plain progress lines (no redraws), each with the elapsed time and the rules finished.
  const progress = result.stderr.split('\n').filter((line) => line.startsWith('harness run: '));
  expect(progress.length, result.stderr).toBeGreaterThanOrEqual(1);
  expect(progress[0]).toMatch(/^harness run: \d+ s elapsed · .+ · \d+ finished, \d+ failed$/);
  expect(result.stderr).not.toContain('\r');
  const written = readFileSync(join(result.reportsDir, 'summary.md'), 'utf8');
  expect(written).toMatch(/^## ❌ harness run: NONCONFORMANT/);
  expect(written).toContain('| shortener | 1 | 1 | 0 |');
  // Its severity from its normative strength: a MUST that blocked nothing is critical.
  expect(written).toMatch(/- \*\*`shortener\.long-url\.valid-url`\*\* \(critical; .+\): \S/);
  // The input that failed and the replay line (from this checkout: node and its bin), under the rule.
  expect(written).toMatch(
    /\n {2}- input: `[^\n]+`\n {2}- replay: `node \/\S+\/bin\/harness\.js run .*--rule shortener\.long-url\.valid-url .*`\n/,
  );
  expect(result.summary().rules.map((rule) => rule.severity)).toEqual(['critical', 'critical']);
  const severities = readdirSync(join(result.reportsDir, 'allure-results'))
    .filter((file) => file.endsWith('-result.json'))
    .map((file) => JSON.parse(readFileSync(join(result.reportsDir, 'allure-results', file), 'utf8')) as AllureLabelled)
    .map((test) => test.labels.find((label) => label.name === 'severity')?.value);
  expect(severities).toEqual(['critical', 'critical']);
  expect(readFileSync(stepSummary, 'utf8')).toBe(`${written}\n`);
  const annotations = result.stdout.split('\n').filter((line) => line.startsWith('::'));
  expect(annotations).toHaveLength(1);
  expect(annotations[0]).toMatch(
    /^::error title=shortener\.long-url\.valid-url::\S.*%0Ainput: .+%0Areplay: node \/\S+\/bin\/harness\.js run .*--rule shortener\.long-url\.valid-url /,
  );
  // The report's environment panel places the run: target, base URL, seed, harness and CI run.
  const environment = readFileSync(join(result.reportsDir, 'allure-results', 'environment.properties'), 'utf8');
  expect(environment).toContain('target=mutant\n');
  expect(environment).toMatch(/^baseUrl\.shortener=http:\/\/127\.0\.0\.1:\d+\/shortener$/m);
  expect(environment).toContain(`seed=${result.summary().seed}\n`);
  expect(environment).toMatch(/^harness\\ commit=\S+$/m);
  expect(environment).toContain('CI\\ run=https://github.example/team/api/actions/runs/4242\n');
});

test("a failure's replay line, pasted in another folder, reproduces it with reports of its own and says how to start the target for curl", async () => {
  const entry = bundledTargets.targets.reference;
  if (!entry) throw new Error('bundled targets.json has no reference');
  const targets = writeTargets({
    mutant: { ...entry, command: [...entry.command, '--mutant', 'shortener-long-url-first-entry-only'] },
  });
  const result = await runCli([
    'run',
    '--targets',
    targets,
    '--target',
    'mutant',
    '--suite',
    'shortener',
    '--seed',
    '5',
    '--runs',
    '10',
    '--rule',
    'shortener.long-url.valid-url',
  ]);
  expect(result.code, result.stdout.slice(-2000)).toBe(1);
  const replay = result.stdout
    .split('\n')
    .find((line) => line.startsWith('replay: '))
    ?.slice('replay: '.length)
    .replace(/ {2}\(fast-check path .*\)$/, '');
  expect(replay).toMatch(/^node \/\S+\/bin\/harness\.js run --targets .* --reports \S+\/replay$/);
  expect(result.stdout).toMatch(
    /note: the harness started this target for the run, on a port of its own \(closed now\).*start it first: \S*node \S+harness\.js reference --port \d+/,
  );
  const elsewhere = tempFolder('harness-elsewhere-');
  const pasted = spawnSync('bash', ['-c', replay as string], {
    cwd: elsewhere,
    env: withReferenceCredentials(),
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(pasted.status, pasted.stdout.slice(-2000)).toBe(1);
  const replayed = JSON.parse(readFileSync(join(result.reportsDir, 'replay', 'summary.json'), 'utf8')) as RunSummary;
  expect(replayed.rules.map((rule) => [rule.ruleId, rule.status])).toEqual([
    ['shortener.long-url.valid-url', 'failed'],
  ]);
  // The run's own reports are left as they were; nothing is written where the line was pasted.
  expect(result.summary().seed).toBe(5);
  expect(readdirSync(elsewhere)).toEqual([]);
});
