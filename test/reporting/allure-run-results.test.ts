import type { TestResult } from 'allure-js-commons';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { asBlocker, blockerRules } from '../../reporting/allure-blockers.ts';
import { asInterrupted } from '../../reporting/allure-interrupted.ts';
import { AllureRunResults } from '../../reporting/allure-run-results.ts';
import { withTargetOutput } from '../../reporting/target-output.ts';
import { outcomeOf, summaryWith } from '../support/summary-parts.ts';
import { tempFolder } from '../support/temp-folders.ts';

/*
 * A run's Allure results are held while it runs and written once when it ended, each file whole: what only the end
 * knows (the blockers, the tests the stop cut, the target's output) is in the result when it is first written. Each
 * step from a held result to the written one is a pure function, tested alone here, and then all in order.
 */

/** A held result as allure-vitest makes it for a rule's test. */
function heldResult(rule: string, status: string, stop: number): TestResult {
  return {
    uuid: `uuid-${rule}`,
    name: rule,
    status,
    start: stop - 10,
    stop,
    labels: [
      { name: 'rule', value: rule },
      { name: 'severity', value: 'critical' },
    ],
    attachments: [],
  } as unknown as TestResult;
}

const severity = (result: Pick<TestResult, 'labels'>) =>
  result.labels.find((label) => label.name === 'severity')?.value;

describe('each step alone', () => {
  test('a failed rule that blocked others is a blocker; the others keep the severity their test gave', () => {
    const summary = summaryWith({
      selectedRules: ['billing.a', 'billing.b', 'billing.c'],
      outcomes: [
        outcomeOf('billing.a', 'failed'),
        outcomeOf('billing.b', 'failed'),
        outcomeOf('billing.c', 'blocked', { blockedBy: ['billing.b'] }),
      ],
    });
    const blockers = blockerRules(summary);
    expect([...blockers]).toEqual(['billing.b']);
    expect(severity(asBlocker(heldResult('billing.b', 'failed', 1), blockers))).toBe('blocker');
    const other = heldResult('billing.a', 'failed', 1);
    expect(asBlocker(other, blockers)).toBe(other);
  });

  test('a test that ended once the stop was asked for is not run, with the reason; one that ended before is kept', () => {
    const cut = asInterrupted(heldResult('billing.a', 'broken', 2_000), 2_000, 'interrupted (SIGTERM)');
    expect(cut).toMatchObject({ status: 'skipped', statusDetails: { message: 'not run: interrupted (SIGTERM)' } });
    const before = heldResult('billing.b', 'failed', 1_999);
    expect(asInterrupted(before, 2_000, 'interrupted (SIGTERM)')).toBe(before);
  });

  test("the target's output goes on failed and broken results only", () => {
    const output = { name: 'target t: its last 2 output lines', source: 'out-attachment.txt', type: 'text/plain' };
    expect(withTargetOutput(heldResult('billing.a', 'failed', 1), output).attachments).toEqual([output]);
    expect(withTargetOutput(heldResult('billing.a', 'broken', 1), output).attachments).toEqual([output]);
    const passed = heldResult('billing.b', 'passed', 1);
    expect(withTargetOutput(passed, output)).toBe(passed);
  });
});

describe('a run ended by a signal, with a failure that blocked another rule', () => {
  const summary = summaryWith({
    selectedRules: ['billing.a', 'billing.b', 'billing.c', 'billing.d'],
    stoppedBy: 'SIGTERM',
    outcomes: [
      outcomeOf('billing.a', 'failed'),
      outcomeOf('billing.b', 'blocked', { blockedBy: ['billing.a'] }),
      outcomeOf('billing.c', 'passed'),
    ],
  });
  // The stop comes after the crashed rule's result, which is stamped when the runner adds it (now).
  const stopAt = Date.now() + 60_000;
  const end = {
    summary,
    stopRequestedAt: stopAt,
    environment: { target: 't', seed: '7' },
    targetName: 't',
    targetOutput: ['listening', 'a charge went wrong'],
  };

  function heldRun(): AllureRunResults {
    const results = new AllureRunResults();
    results.writer.writeResult(heldResult('billing.a', 'failed', stopAt - 1_000));
    results.writer.writeResult(heldResult('billing.b', 'skipped', stopAt - 900));
    results.writer.writeResult(heldResult('billing.c', 'broken', stopAt + 100));
    results.writer.writeAttachment('evidence-attachment.json', Buffer.from('{"status":500}'));
    results.addCrashed(
      [outcomeOf('billing.d', 'broken', { message: 'the test worker died (out of memory)' })],
      'worker crash',
    );
    return results;
  }

  test('every step applies, in order: the cut test is not run, the blocker marked, the output on the failure', () => {
    const { results, attachments } = heldRun().finalResults(end);
    const byRule = Object.fromEntries(results.map((result) => [result.name, result]));
    expect(byRule['billing.a']?.status).toBe('failed');
    expect(severity(byRule['billing.a'] as TestResult)).toBe('blocker');
    expect(byRule['billing.a']?.attachments.map((attachment: { name: string }) => attachment.name)).toEqual([
      'target t: its last 2 output lines',
    ]);
    // Broken by the wind-down, so not run: no verdict, and no output attached.
    expect(byRule['billing.c']).toMatchObject({
      status: 'skipped',
      statusDetails: { message: expect.stringMatching(/^not run: /) },
    });
    expect(byRule['billing.c']?.attachments).toEqual([]);
    expect(byRule['billing.d']).toMatchObject({
      status: 'broken',
      statusDetails: { message: 'the test worker died (out of memory)' },
    });
    expect([...attachments.keys()]).toHaveLength(2);
  });

  test('written once: the result files, the attachments and the environment, each whole; a second write adds nothing', () => {
    const dir = tempFolder('harness-allure-run-');
    const results = heldRun();
    results.write(dir, end);
    const files = readdirSync(dir).sort();
    expect(files.filter((file) => file.endsWith('-result.json'))).toHaveLength(4);
    expect(files.filter((file) => file.endsWith('-attachment.txt') || file.endsWith('-attachment.json'))).toHaveLength(
      2,
    );
    expect(readFileSync(join(dir, 'environment.properties'), 'utf8')).toBe('target=t\nseed=7\n');
    const written = Object.fromEntries(files.map((file) => [file, statSync(join(dir, file)).mtimeMs]));
    const failed = JSON.parse(readFileSync(join(dir, 'uuid-billing.a-result.json'), 'utf8')) as TestResult;
    const output = failed.attachments[0]?.source as string;
    expect(readFileSync(join(dir, output), 'utf8')).toBe('listening\na charge went wrong\n');
    results.write(dir, { ...end, targetOutput: ['later'] });
    expect(readdirSync(dir).sort()).toEqual(files);
    expect(Object.fromEntries(files.map((file) => [file, statSync(join(dir, file)).mtimeMs]))).toEqual(written);
  });
});
