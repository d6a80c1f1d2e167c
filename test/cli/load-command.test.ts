import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import type { LoadReport } from '../../cli/load-command.ts';
import type { LoadResult } from '../../load/load-result.ts';
import { invocationLabel } from '../../reporting/allure-report-duration.ts';
import { hostileClientId, hostileClientSecret, startHostileTarget } from '../support/hostile-target.ts';
import { bundledTargets, runCli, withReferenceCredentials, writeTargets } from '../support/run-harness-cli.ts';
import { tempFolder } from '../support/temp-folders.ts';

const bin = fileURLToPath(new URL('../../bin/harness.js', import.meta.url));

/** The bundled reference entry with a token limit of 20 per second pinned, optionally running a mutant. */
function referenceWithLimit(extraArgs: string[] = []) {
  const entry = bundledTargets.targets.reference as {
    command: string[];
    families: { billing: Record<string, unknown> };
  };
  return writeTargets({
    limited: {
      ...entry,
      command: [...entry.command, '--token-rate', '20/1000', ...extraArgs],
      families: { billing: { ...entry.families.billing, expectations: { tokenRateLimit: { limit: 20 } } } },
    },
  });
}

const secret = 'load-test-client-secret-value-0123456789';
interface AllureTest {
  name: string;
  status: string;
  start: number;
  stop: number;
  labels: { name: string; value: string }[];
  attachments: { name: string; type: string }[];
}

/** The Allure results a load command wrote. */
function allureTests(reportsDir: string): AllureTest[] {
  const dir = join(reportsDir, 'allure-results');
  return readdirSync(dir)
    .filter((file) => file.endsWith('-result.json'))
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as AllureTest);
}

const labelValue = (test: AllureTest, name: string) => test.labels.find((label) => label.name === name)?.value;

const reportOf = (reportsDir: string) => readFileSync(join(reportsDir, 'load', 'token-rate-limit.json'), 'utf8');

describe.concurrent('harness load token-rate-limit', () => {
  test('finds the limit the target was started with, matches the pinned one, exits 0 and writes a mergeable result', async () => {
    const result = await runCli(
      ['load', 'token-rate-limit', '--targets', referenceWithLimit(), '--target', 'limited', '--reports', '{reports}'],
      { REFERENCE_CLIENT_SECRET: secret },
    );
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('PASS    billing.token.rate_limit');
    const report = JSON.parse(reportOf(result.reportsDir)) as LoadReport;
    expect(Math.abs((report.details.limit as number) - 20)).toBeLessThanOrEqual(2);
    expect(report.load?.latencyHistogram.length).toBeGreaterThan(0);
    expect(reportOf(result.reportsDir)).not.toContain(secret);
    const allure = allureTests(result.reportsDir);
    expect(allure.map((test) => [test.name, test.status])).toEqual([['token-rate-limit', 'passed']]);
    // A probe judges a rule, a MUST: critical; its summary.md names the rule and its run.
    expect(allure.map((test) => labelValue(test, 'severity'))).toEqual(['critical']);
    const summary = readFileSync(join(result.reportsDir, 'load', 'summary.md'), 'utf8');
    expect(summary).toMatch(
      /^## ✅ harness load token-rate-limit: PASS\n\nTarget `limited`: rule `billing.token.rate_limit` passed\n/,
    );
    expect(summary).toMatch(/^\| token-rate-limit \| /m);
    // Percentiles (response and service time), latency over time, rate and statuses over time.
    expect(allure[0]?.attachments.filter((attachment) => attachment.type === 'image/svg+xml')).toHaveLength(4);

    const file = join(result.reportsDir, 'load', 'token-rate-limit.json');
    const merged = await runCli(['load', 'merge', file, file]);
    expect(merged.code, merged.stderr).toBe(0);
    const sum = JSON.parse(merged.stdout) as LoadResult;
    expect(sum.statuses['429']).toBe(2 * (report.load?.statuses['429'] ?? 0));
  });

  test('a limit some paths escape fails the rule with evidence, secrets redacted, exit 1', async () => {
    const result = await runCli(
      [
        'load',
        'token-rate-limit',
        '--targets',
        referenceWithLimit(['--mutant', 'token-rate-limit-query-bypass']),
        '--target',
        'limited',
        '--reports',
        '{reports}',
      ],
      { REFERENCE_CLIENT_SECRET: secret },
    );
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.stdout).toContain('does not hold on every path');
    expect(result.stdout).toContain('curl');
    expect(result.stdout + reportOf(result.reportsDir)).not.toContain(secret);
  });

  test('nightly: every operation at a constant rate, one result file and one Allure test with charts each, exit 0 within thresholds, and with --html the report', async () => {
    // The bundled entry with latency thresholds a busy machine keeps too: this test is about the files and reports of
    // a run within thresholds (a stall failing p99 is test/load/nightly-stall.test.ts's).
    const entry = bundledTargets.targets.reference as Record<string, unknown>;
    const targets = writeTargets({
      reference: {
        ...entry,
        load: { thresholds: ['p50 < 5000 ms', 'p99 < 10000 ms', 'rate(2xx) >= 99%', 'rate(5xx) == 0'] },
      },
    });
    const result = await runCli([
      'load',
      'nightly',
      '--targets',
      targets,
      '--rate',
      '10',
      '--duration',
      '1',
      '--reports',
      '{reports}',
      '--html',
    ]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    // --html: the run's HTML report, no second command.
    const page = join(result.reportsDir, 'allure-report', 'index.html');
    expect(existsSync(page)).toBe(true);
    // Named as what it holds: a load run's report, not a conformance run's.
    expect(readFileSync(page, 'utf8')).toContain('API load');
    expect(readFileSync(page, 'utf8')).not.toContain('API conformance');
    const files = readdirSync(join(result.reportsDir, 'load', 'nightly'));
    expect(files.filter((name) => name.startsWith('nightly-billing')).sort()).toEqual([
      'nightly-billing-createCharge.json',
      'nightly-billing-createProduct.json',
      'nightly-billing-queryCharge.json',
      'nightly-billing-updateCharge.json',
    ]);
    expect(files.filter((name) => name.startsWith('nightly-exchange'))).toEqual(['nightly-exchange-batch-orders.json']);
    expect(files.filter((name) => name.startsWith('nightly-custody'))).toHaveLength(9);
    const allure = allureTests(result.reportsDir);
    expect(
      allure.every(
        (test) =>
          test.status === 'passed' && test.labels.some((label) => label.name === 'feature' && label.value === 'load'),
      ),
    ).toBe(true);
    expect(allure.map((test) => test.name).sort()).toContain('nightly exchange batch-orders');
    // The closing table: a row per operation with its thresholds held, and one verdict line; the run is in the history.
    expect(result.stdout).toMatch(/^nightly exchange batch-orders .*✓ 4\/4$/m);
    expect(result.stdout).toMatch(/^VERDICT: PASS: \d+ threshold\(s\) held over \d+ operation\(s\)/m);
    expect(result.stdout).toMatch(/^allure report: .*index\.html/m);
    expect(readdirSync(join(result.reportsDir, 'load', 'history'))).toHaveLength(1);
  });

  test("nightly under GitHub Actions: load/summary.md (never the conformance run's summary.md) and the job summary, an ::error per failed threshold, data in and out; two runs in one folder make a report of their own duration", async () => {
    const entry = bundledTargets.targets.reference as { command: string[]; families: Record<string, unknown> };
    // The reference's shortener alone: one operation a run. The second run pins a threshold no answer can keep.
    const targets = writeTargets({
      shortener: { ...entry, families: { shortener: entry.families.shortener } },
      failing: {
        ...entry,
        families: { shortener: entry.families.shortener },
        load: { thresholds: ['count(2xx) == 0'] },
      },
    });
    const reports = tempFolder('harness-nightly-ci-');
    const stepSummary = join(reports, 'step-summary.md');
    const nightly = (target: string) =>
      runCli(
        [
          'load',
          'nightly',
          '--targets',
          targets,
          '--target',
          target,
          '--rate',
          '10',
          '--duration',
          '1',
          '--reports',
          reports,
        ],
        { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: stepSummary },
      );
    const passing = await nightly('shortener');
    expect(passing.code, passing.stdout + passing.stderr).toBe(0);
    // A load command's own summary.md: the conformance run's reports/summary.md (beside its summary.json and
    // junit.xml) is never overwritten by it.
    const first = readFileSync(join(reports, 'load', 'summary.md'), 'utf8');
    expect(existsSync(join(reports, 'summary.md'))).toBe(false);
    expect(first).toMatch(/^## ✅ harness load nightly: PASS\n\nTarget `shortener`: PASS: 4 threshold\(s\) held/);
    expect(first).toMatch(
      /^\| nightly shortener mappings \| 10\/s \|.*\| \d+(\.\d+)? kB \| \d+(\.\d+)? kB \| ✓ 4\/4 \|$/m,
    );
    expect(first).toContain('- **nightly shortener mappings**: ✓ `p50 < 100 ms` (');
    expect(passing.stdout).toMatch(/^operation .* data in\s+data out\s+thresholds$/m);
    expect(passing.stdout.split('\n').filter((line) => line.startsWith('::'))).toEqual([]);
    const result = JSON.parse(
      readFileSync(join(reports, 'load', 'nightly', 'nightly-shortener-mappings.json'), 'utf8'),
    ) as LoadResult;
    expect(result.data?.received).toBeGreaterThan(10 * 50);
    expect(result.data?.sent).toBeGreaterThan(10 * 50);

    const failing = await nightly('failing');
    expect(failing.code, failing.stdout + failing.stderr).toBe(1);
    const second = readFileSync(join(reports, 'load', 'summary.md'), 'utf8');
    expect(second).toMatch(/^## ❌ harness load nightly: FAIL/);
    expect(second).toContain('✗ `count(2xx) == 0` (10)');
    expect(readFileSync(stepSummary, 'utf8')).toBe(`${first}\n${second}\n`);
    // Each annotation, and the summary, with the line that runs the command again (from this checkout: node and its
    // bin).
    const rerun = `node ${fileURLToPath(new URL('../../bin/harness.js', import.meta.url))} load nightly --targets ${targets} --target failing --rate 10 --duration 1 --reports ${reports}`;
    expect(failing.stdout.split('\n').filter((line) => line.startsWith('::'))).toEqual([
      `::error title=nightly shortener mappings%3A count(2xx) == 0::threshold failed: actual 10%0Areplay: ${rerun}`,
    ]);
    expect(second).toContain(`Replay: \`${rerun}\``);

    // The pinned thresholds make each run's test a normal one; each names its own invocation.
    const allure = allureTests(reports);
    expect(allure.map((test) => labelValue(test, 'severity'))).toEqual(['normal', 'normal']);
    expect(new Set(allure.map((test) => labelValue(test, invocationLabel))).size).toBe(2);
    const report = await runCli(['report', '--reports', reports]);
    expect(report.code, report.stderr).toBe(0);
    const html = readFileSync(join(reports, 'allure-report', 'index.html'), 'utf8');
    const header = JSON.parse(html.match(/"runSummary":(\{[^}]*\})/)?.[1] ?? '{}') as {
      duration: number;
      start: number;
      stop: number;
    };
    // The header shows the two runs' own time (each about a second), not the span from the first start to the last stop,
    // which holds the second run's start of its target.
    const own = allure.map((test) => test.stop - test.start).reduce((a, b) => a + b, 0);
    expect(header.duration).toBe(own);
    expect(header.stop - header.start).toBeGreaterThan(own);
  });

  test('an unknown scenario is a usage error', async () => {
    const result = await runCli(['load', 'no-such-scenario']);
    expect(result.code).toBe(2);
    // The families' probes in registry order (billing's two, then exchange's), then the engine's own commands.
    expect(result.stderr).toContain('token-rate-limit, gzip-threshold, exchange-rate-limit, nightly, merge');
  });

  test('a probe interrupted by SIGINT to its pid alone reports interrupted, not its finding: never passed, Allure skipped, exit 2', async () => {
    const reports = tempFolder('harness-probe-interrupted-');
    const child = spawn(
      process.execPath,
      [bin, 'load', 'token-rate-limit', '--targets', referenceWithLimit(), '--target', 'limited', '--reports', reports],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: withReferenceCredentials({ REFERENCE_CLIENT_SECRET: secret }),
      },
    );
    let output = '';
    // The command listens for signals from its first line on.
    const started = new Promise<void>((resolve) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('harness load token-rate-limit:')) resolve();
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      await started;
      // Any moment before the probe's end (tens of seconds) will do: whenever the signal comes, the finding is not
      // judged.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      child.kill('SIGINT');
      expect(await exited, output).toBe(2);
    } finally {
      child.kill('SIGKILL');
    }
    const report = JSON.parse(reportOf(reports)) as LoadReport;
    expect(report.status, output).toBe('interrupted');
    expect(report.message).toMatch(/^interrupted \(SIGINT\)/);
    expect(output).toContain('INTERRUPTED    billing.token.rate_limit');
    if (report.load) {
      expect(report.load.passed).toBe(false);
      expect(allureTests(reports).map((test) => test.status)).toEqual(['skipped']);
    }
  }, 120_000);

  test('nightly interrupted by SIGINT to its pid alone: the run in progress is marked interrupted and its thresholds are not judged as passed (Allure skipped), nothing is recorded, exit 2', async () => {
    // A billing target that forwards to the reference and counts the requests of the load: the signal comes once the
    // load runs (a count, not a clock).
    let loaded = 0;
    const target = await startHostileTarget(({ pass }) => {
      loaded++;
      return pass();
    });
    const reports = tempFolder('harness-nightly-interrupted-');
    try {
      const targets = writeTargets({
        forwarded: {
          kind: 'url',
          families: {
            billing: {
              baseUrl: target.baseUrl,
              credentials: { clientId: '${FORWARDED_ID}', clientSecret: '${FORWARDED_SECRET}' },
              tenant: { multiEntity: false, multiOrg: false },
            },
          },
        },
      });
      const child = spawn(
        process.execPath,
        [
          bin,
          'load',
          'nightly',
          '--targets',
          targets,
          '--target',
          'forwarded',
          '--rate',
          '10',
          '--duration',
          '60',
          '--reports',
          reports,
        ],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, FORWARDED_ID: hostileClientId, FORWARDED_SECRET: hostileClientSecret },
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      try {
        await expect.poll(() => loaded, { timeout: 120_000, interval: 50 }).toBeGreaterThan(20);
        child.kill('SIGINT');
        expect(await exited, output).toBe(2);
      } finally {
        child.kill('SIGKILL');
      }
      const dir = join(reports, 'load', 'nightly');
      const results = readdirSync(dir).map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as LoadResult);
      const interrupted = results.filter((result) => result.interrupted);
      expect(interrupted.length, output).toBe(1);
      // Its figures are kept, its thresholds shown, and it is not passed (a 60 s profile cut short says nothing of the
      // profile).
      expect(interrupted[0]?.passed).toBe(false);
      expect(interrupted[0]?.sent).toBeGreaterThan(0);
      expect(interrupted[0]?.sent).toBeLessThan(600);
      const allure = allureTests(reports).filter((test) => test.name === interrupted[0]?.scenario);
      expect(allure.map((test) => test.status)).toEqual(['skipped']);
      expect(output).toMatch(/^nightly billing .*interrupted: not judged$/m);
      expect(output).toContain('VERDICT: INTERRUPTED');
      expect(output).toContain('(not recorded: interrupted)');
      expect(existsSync(join(reports, 'load', 'history')) ? readdirSync(join(reports, 'load', 'history')) : []).toEqual(
        [],
      );
    } finally {
      await target.close();
    }
  }, 180_000);
});
