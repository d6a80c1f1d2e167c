import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { bundledTargets, runCli, writeTargets } from '../support/run-harness-cli.ts';

// A reference whose shortener validates only the first entry's longUrl: one rule fails, the rest pass.
test('under GitHub Actions a run writes summary.md, appends it to the job summary and annotates each failed rule', async () => {
  const entry = bundledTargets.targets.reference;
  if (!entry) throw new Error('bundled targets.json has no reference');
  const targets = writeTargets({ mutant: { ...entry, command: [...entry.command, '--mutant', 'shortener-long-url-first-entry-only'] } });
  const stepSummary = join(mkdtempSync(join(tmpdir(), 'harness-step-summary-')), 'summary.md');
  const rules = ['shortener.long-url.valid-url', 'shortener.long-url.required'].flatMap((id) => ['--rule', id]);
  const result = await runCli(['run', '--targets', targets, '--target', 'mutant', '--suite', 'shortener', '--seed', '3', '--runs', '10', ...rules], {
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_STEP_SUMMARY: stepSummary,
    GITHUB_SERVER_URL: 'https://github.example',
    GITHUB_REPOSITORY: 'team/api',
    GITHUB_RUN_ID: '4242',
    HARNESS_PROGRESS_EVERY_MS: '1000',
  });
  expect(result.code, result.stdout.slice(-2000)).toBe(1);
  // Under CI the log gets plain progress lines (no redraws), each with the elapsed time and the rules finished.
  const progress = result.stderr.split('\n').filter((line) => line.startsWith('harness run: '));
  expect(progress.length, result.stderr).toBeGreaterThanOrEqual(1);
  expect(progress[0]).toMatch(/^harness run: \d+ s elapsed · .+ · \d+ finished, \d+ failed$/);
  expect(result.stderr).not.toContain('\r');
  const written = readFileSync(join(result.reportsDir, 'summary.md'), 'utf8');
  expect(written).toMatch(/^## ❌ harness run: NONCONFORMANT/);
  expect(written).toContain('| shortener | 1 | 1 | 0 |');
  expect(written).toMatch(/- \*\*`shortener\.long-url\.valid-url`\*\* \(.+\): \S/);
  expect(readFileSync(stepSummary, 'utf8')).toBe(`${written}\n`);
  const annotations = result.stdout.split('\n').filter((line) => line.startsWith('::'));
  expect(annotations).toHaveLength(1);
  expect(annotations[0]).toMatch(/^::error title=shortener\.long-url\.valid-url::\S/);
  // The report's environment panel places the run: target, base URL, seed, harness and CI run.
  const environment = readFileSync(join(result.reportsDir, 'allure-results', 'environment.properties'), 'utf8');
  expect(environment).toContain('target=mutant\n');
  expect(environment).toMatch(/^baseUrl\.shortener=http:\/\/127\.0\.0\.1:\d+\/shortener$/m);
  expect(environment).toContain(`seed=${result.summary().seed}\n`);
  expect(environment).toMatch(/^harness\\ commit=\S+$/m);
  expect(environment).toContain('CI\\ run=https://github.example/team/api/actions/runs/4242\n');
});
