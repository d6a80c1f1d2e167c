import { expect, test } from 'vitest';
import type { TestCase } from 'vitest/node';
import { OutcomeCollector } from '../../reporting/outcome-collector.ts';
import type { RuleOutcome } from '../../rules/rule-outcome.ts';

/** A test case as the collector reads it: its name, the outcome it recorded, when it ended. */
const ended = (outcome: RuleOutcome) =>
  ({
    name: `${outcome.ruleId}: a statement`,
    meta: () => ({ harness: outcome }),
    diagnostic: () => ({ startTime: Date.now(), duration: 1 }),
    result: () => ({ state: 'failed' }),
  }) as unknown as TestCase;

test('a test that met the harness closing its own client is not run, never failed; the others count', () => {
  const collector = new OutcomeCollector();
  const base = { family: 'cdr', section: '' } as const;
  collector.onTestCaseResult(
    ended({ ...base, ruleId: 'cdr.links.valid', status: 'failed', message: 'off the holder' }),
  );
  collector.onTestCaseResult(
    ended({
      ...base,
      ruleId: 'cdr.links.self',
      status: 'broken',
      message: 'not run (deadline)',
      stoppedByHarness: 'not run (deadline): the harness closed its own client while the test ran',
    }),
  );
  expect(collector.outcomes.map((outcome) => outcome.ruleId)).toEqual(['cdr.links.valid']);
  expect(collector.setAside).toEqual(['cdr.links.self']);
});

test('a worker that dies once the run is stopping (Ctrl-C reaches every worker) is no error outside tests; before the stop it is one', () => {
  const workerError = { message: '[vitest-pool]: Worker forks emitted error.' };
  const stopped = new OutcomeCollector();
  stopped.stopAt(Date.now());
  stopped.onTestRunEnd([], [workerError, workerError, workerError]);
  expect(stopped.errors).toEqual([]);
  expect(stopped.workersStopped).toBe(3);
  stopped.onTestRunEnd([], [{ message: 'a real error' }]);
  expect(stopped.errors).toEqual(['a real error']);
  const running = new OutcomeCollector();
  running.onTestRunEnd([], [workerError]);
  expect(running.errors).toEqual(['[vitest-pool]: Worker forks emitted error.']);
});
