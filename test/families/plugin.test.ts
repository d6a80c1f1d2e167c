import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import type { MutantReport } from '../../cli/mutants-command.ts';
import type { RuleRow } from '../../cli/rules-table.ts';
import { runCli, writeTargets } from '../support/run-harness-cli.ts';

/*
 * The plug-in shape: a family defined only in test/families/throwaway/ (one rule, one check, one reference
 * route, one mutant) registers through HARNESS_FAMILIES, shows in `harness rules`, runs against the
 * reference, and its mutant is killed, without any shared file naming it.
 */
const env = { HARNESS_FAMILIES: fileURLToPath(new URL('./throwaway/family.ts', import.meta.url)) };

describe('a throwaway family as a plug-in', () => {
  test('shows in harness rules with its check and its killing mutant', async () => {
    const result = await runCli(['rules', '--json'], env);
    const row = (JSON.parse(result.stdout) as RuleRow[]).find((entry) => entry.id === 'throwaway.ping.status');
    expect(row).toMatchObject({ family: 'throwaway', check: 'ping-answers', checkExists: true, killingMutants: ['throwaway-ping-500'] });
  });

  test('runs against the reference, which mounts its route, and passes', async () => {
    const targets = writeTargets({
      plugged: {
        kind: 'command',
        command: ['{harness}', 'reference', '--port', '{port}'],
        ready: { stdoutMatches: 'reference target listening' },
        families: { throwaway: { baseUrl: 'http://127.0.0.1:{port}/throwaway' } },
      },
    });
    const result = await runCli(['run', '--targets', targets, '--target', 'plugged', '--seed', '1', '--runs', '1'], env);
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

  test('--suite names registered families only, and only ones the target declares', async () => {
    const unknown = await runCli(['run', '--target', 'reference', '--suite', 'billing,nonsense'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('No suite "nonsense"');
    expect(unknown.stderr).toContain('billing, exchange, throwaway');
    const undeclared = await runCli(['run', '--target', 'reference', '--suite', 'throwaway'], env);
    expect(undeclared.code).toBe(2);
    expect(undeclared.stderr).toContain('Target "reference" declares no throwaway interface');
  });
});
