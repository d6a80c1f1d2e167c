import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { runCli, writeTargets } from '../support/run-harness-cli.ts';

/*
 * A suite cannot judge a rule with a check the rule does not name: a plug-in family whose suite returns a
 * verdict it made itself, or one of another check, runs against the reference, and both rules come out
 * broken (a harness fault, exit 2), never passed.
 */
const env = { HARNESS_FAMILIES: fileURLToPath(new URL('./judged-elsewhere/family.ts', import.meta.url)) };

describe('a rule judged by another check than its own', () => {
  test('is reported broken, with what judged it, and the run exits 2', async () => {
    const targets = writeTargets({
      plugged: {
        kind: 'command',
        command: ['{harness}', 'reference', '--port', '{port}'],
        ready: { stdoutMatches: 'reference target listening' },
        families: { 'judged-elsewhere': { baseUrl: 'http://127.0.0.1:{port}/judged-elsewhere' } },
      },
    });
    const result = await runCli(
      ['run', '--targets', targets, '--target', 'plugged', '--seed', '1', '--runs', '1'],
      env,
    );
    expect(result.code, result.stdout + result.stderr).toBe(2);
    const outcomes = Object.fromEntries(result.summary().rules.map((rule) => [rule.ruleId, rule]));
    expect(outcomes['judged-elsewhere.hand-made-verdict']).toMatchObject({ status: 'broken' });
    expect(outcomes['judged-elsewhere.hand-made-verdict']?.message).toContain('passed without a verdict of its check');
    expect(outcomes['judged-elsewhere.other-check']).toMatchObject({ status: 'broken' });
    expect(outcomes['judged-elsewhere.other-check']?.message).toContain(
      'passed without a verdict of its check json-body',
    );
  });
});
