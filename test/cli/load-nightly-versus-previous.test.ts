import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { bundledTargets, runCli, writeTargets } from '../support/run-harness-cli.ts';
import { tempFolder } from '../support/temp-folders.ts';

interface AllureTest {
  status: string;
  testCaseId: string;
  fullName: string;
  parameters: { name: string; value: string; excluded?: boolean }[];
  steps: { name: string; status: string }[];
}

const allureTests = (reportsDir: string): AllureTest[] =>
  readdirSync(join(reportsDir, 'allure-results'))
    .filter((file) => file.endsWith('-result.json'))
    .map((file) => JSON.parse(readFileSync(join(reportsDir, 'allure-results', file), 'utf8')) as AllureTest);

describe('harness load nightly, two nights', () => {
  test('the second night shows the change from the first per operation (terminal, summary.md, Allure), and a threshold against the previous run it crosses fails it; the first night observes it', async () => {
    const entry = bundledTargets.targets.reference as { command: string[]; families: Record<string, unknown> };
    // The shortener alone, one operation. The same --rate both nights, so the rate cannot grow by half: the pinned
    // regression threshold is crossed on the second night, whatever the machine's speed.
    const targets = writeTargets({
      shortener: {
        ...entry,
        families: { shortener: entry.families.shortener },
        load: { thresholds: ['rate(5xx) == 0', 'rps >= 1.5x previous'] },
      },
    });
    const reports = tempFolder('harness-nightly-versus-');
    const nightResult = () =>
      JSON.parse(readFileSync(join(reports, 'load', 'nightly', 'nightly-shortener-mappings.json'), 'utf8')) as {
        passed: boolean;
        thresholds: {
          threshold: string;
          actual: number;
          passed: boolean;
          previousRun?: { figure?: number; bound?: number };
        }[];
      };
    const night = () =>
      runCli([
        'load',
        'nightly',
        '--targets',
        targets,
        '--target',
        'shortener',
        '--rate',
        '10',
        '--duration',
        '1',
        '--reports',
        reports,
      ]);
    const first = await night();
    expect(first.code, first.stdout + first.stderr).toBe(0);
    // The first night's rate as the harness measured it: the second night's bound is made from it (on a busy machine
    // it is not quite the 10 a second asked for).
    const firstRate = nightResult().thresholds[1]?.actual;
    expect(first.stdout).toMatch(/^nightly shortener mappings .*✓ 1\/1 · 1 observed \(no previous run\)$/m);
    expect(first.stdout).toMatch(/^nightly shortener mappings\s+none \(first run\)\s+[\d.]+\/s /m);
    expect(first.stdout).toMatch(/^VERDICT: PASS: 1 threshold\(s\) held, 1 observed \(no previous run\) over 1/m);
    expect(readFileSync(join(reports, 'load', 'summary.md'), 'utf8')).toContain(
      'req/s; no previous run of this operation: observed, not judged)',
    );

    const second = await night();
    expect(second.code, second.stdout + second.stderr).toBe(1);
    const crossed =
      /✗ `?rps >= 1\.5x previous`?:? \(?[\d.]+ req\/s, previous [\d.]+ req\/s: [\d.]+x, bound [\d.]+ req\/s/;
    expect(second.stdout).toMatch(crossed);
    expect(second.stdout).toContain('since the previous run (previous → tonight, change):');
    expect(second.stdout).toMatch(
      /^nightly shortener mappings\s+\d{4}-\d\d-\d\d \d\d:\d\d UTC\s+[\d.]+\/s → [\d.]+\/s \([+-]?[\d.]+%\)\s+\S+ms → \S+ms \([+-]?[\d.]+%\)\s+\S+ms → \S+ms .*0% → 0% \(0 pp\)$/m,
    );
    expect(second.stdout).toMatch(/^VERDICT: FAIL: 1 of 2 threshold\(s\) failed in 1 of 1 operation\(s\)$/m);
    const summary = readFileSync(join(reports, 'load', 'summary.md'), 'utf8');
    expect(summary).toMatch(
      /^### Since the previous run\n\n\| operation \| previous run \| rate \| p50 \| p95 \| p99 \| error rate \|$/m,
    );
    expect(summary).toMatch(
      /^\| nightly shortener mappings \| \d{4}-\d\d-\d\d \d\d:\d\d UTC \| [\d.]+\/s → [\d.]+\/s \([+-]?[\d.]+%\) \|/m,
    );
    expect(summary).toMatch(crossed);
    // The result file keeps the verdict against the previous run, both figures with it.
    const result = nightResult();
    expect(result.passed).toBe(false);
    expect(result.thresholds[1]).toMatchObject({
      threshold: 'rps >= 1.5x previous',
      passed: false,
      previousRun: { figure: firstRate },
    });
    expect(firstRate).toBeGreaterThan(0);
    expect(result.thresholds[1]?.previousRun?.bound).toBeCloseTo(1.5 * (firstRate ?? 0), 6);

    // One Allure test per night of the same operation, the same test across nights (its figures left out of the
    // history id); the second fails on its threshold against the previous run and shows the changes.
    const tests = allureTests(reports);
    expect(tests.map((test) => test.status).sort()).toEqual(['failed', 'passed']);
    expect(new Set(tests.map((test) => `${test.testCaseId} ${test.fullName}`)).size).toBe(1);
    for (const test of tests)
      expect(test.parameters.filter((parameter) => !parameter.excluded).map((parameter) => parameter.name)).toEqual([
        'target',
      ]);
    const failed = tests.find((test) => test.status === 'failed');
    expect(failed?.parameters.find((parameter) => parameter.name === 'since previous run: rate')?.value).toMatch(
      /^[\d.]+\/s → [\d.]+\/s \([+-]?[\d.]+%\)$/,
    );
    expect(failed?.steps.find((step) => step.name.startsWith('rps >= 1.5x previous'))).toMatchObject({
      name: expect.stringMatching(
        /^rps >= 1\.5x previous \(actual [\d.]+ req\/s, previous [\d.]+ req\/s: [\d.]+x, bound [\d.]+ req\/s\)$/,
      ),
      status: 'failed',
    });
  });
});
