import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import type { MutantReport } from '../../cli/mutants-command.ts';
import type { RuleRow } from '../../cli/rules-table.ts';
import { builtInFamilies } from '../../families/index.ts';
import type { LoadResult } from '../../load/load-result.ts';
import { runCli, writeTargets } from '../support/run-harness-cli.ts';

/*
 * The plug-in shape: a family defined only in test/families/throwaway/ (one rule, one check, one reference
 * route, one mutant, a nightly load profile) registers through HARNESS_FAMILIES, shows in `harness rules`,
 * runs against the reference, its mutant is killed, and `harness load nightly` loads it, without any shared
 * file naming it.
 */
const env = { HARNESS_FAMILIES: fileURLToPath(new URL('./throwaway/family.ts', import.meta.url)) };

/**
 * A targets file whose entry starts the bundled reference (or one of its mutants) and declares the throwaway family
 * alone.
 */
function pluggedTargets(mutant?: string): string {
  return writeTargets({
    plugged: {
      kind: 'command',
      command: ['{harness}', 'reference', '--port', '{port}', ...(mutant ? ['--mutant', mutant] : [])],
      ready: { stdoutMatches: 'reference target listening' },
      families: { throwaway: { baseUrl: 'http://127.0.0.1:{port}/throwaway' } },
    },
  });
}

/** The result file `harness load nightly` wrote for the throwaway family's one operation. */
const pingResult = (reportsDir: string) =>
  JSON.parse(readFileSync(join(reportsDir, 'load', 'nightly', 'nightly-throwaway-ping.json'), 'utf8')) as LoadResult;

describe('a throwaway family as a plug-in', () => {
  test('shows in harness rules with its check and its killing mutant', async () => {
    const result = await runCli(['rules', '--json'], env);
    const row = (JSON.parse(result.stdout) as RuleRow[]).find((entry) => entry.id === 'throwaway.ping.status');
    expect(row).toMatchObject({
      family: 'throwaway',
      check: 'ping-answers',
      checkExists: true,
      killingMutants: ['throwaway-ping-500'],
    });
  });

  test('runs against the reference, which mounts its route, and passes', async () => {
    const result = await runCli(
      ['run', '--targets', pluggedTargets(), '--target', 'plugged', '--seed', '1', '--runs', '1'],
      env,
    );
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const summary = result.summary();
    expect(summary.families).toEqual(['throwaway']);
    expect(summary.rules.map((rule) => [rule.ruleId, rule.status])).toEqual([['throwaway.ping.status', 'passed']]);
  });

  test('its mutant is killed by harness mutants', async () => {
    const result = await runCli(['mutants', '--suite', 'throwaway', '--json', '--reports', '{reports}'], env);
    const report = JSON.parse(result.stdout) as MutantReport;
    expect(report.mutants.map((mutant) => [mutant.name, mutant.status])).toEqual([['throwaway-ping-500', 'killed']]);
    expect(result.code).toBe(0);
  });

  test('harness load nightly runs its nightly profile against the reference at the rate asked, and reports it', async () => {
    const result = await runCli(
      [
        'load',
        'nightly',
        '--targets',
        pluggedTargets(),
        '--target',
        'plugged',
        '--rate',
        '10',
        '--duration',
        '2s',
        '--reports',
        '{reports}',
      ],
      env,
    );
    expect(result.code, result.stdout + result.stderr).toBe(0);
    // 10 a second for 2 seconds, on a schedule: exactly what was offered, every answer judged.
    expect(pingResult(result.reportsDir)).toMatchObject({
      scenario: 'nightly throwaway ping',
      model: 'open',
      sent: 20,
      dropped: 0,
      statuses: { '200': 20 },
      violations: [],
      passed: true,
    });
    expect(result.stdout).toMatch(/^nightly throwaway ping .*✓ \d+\/\d+$/m);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toMatch(
      /^VERDICT: PASS: \d+ threshold\(s\) held over 1 operation\(s\)/,
    );
  });

  test('harness load nightly judges its response rule on every answer: against its mutant the run fails on that rule', async () => {
    const result = await runCli(
      [
        'load',
        'nightly',
        '--targets',
        pluggedTargets('throwaway-ping-500'),
        '--target',
        'plugged',
        '--rate',
        '5',
        '--duration',
        '1s',
        '--reports',
        '{reports}',
      ],
      env,
    );
    expect(result.code, result.stdout + result.stderr).toBe(1);
    const [breach] = pingResult(result.reportsDir).violations;
    expect(breach).toMatchObject({
      ruleId: 'throwaway.ping.status',
      count: 5,
      message: 'GET /ping answered 500 under load',
    });
    expect(result.stdout).toContain('✗ nightly throwaway ping: throwaway.ping.status: 5 response(s) broke it');
  });

  test('--suite names registered families only, and only ones the target declares', async () => {
    const unknown = await runCli(['run', '--target', 'reference', '--suite', 'billing,nonsense'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('No suite "nonsense"');
    // The built-in families, then the plug-in.
    expect(unknown.stderr).toContain([...builtInFamilies.map((family) => family.name), 'throwaway'].join(', '));
    const undeclared = await runCli(['run', '--target', 'reference', '--suite', 'throwaway'], env);
    expect(undeclared.code).toBe(2);
    expect(undeclared.stderr).toContain('Target "reference" declares no throwaway interface');
  });
});
