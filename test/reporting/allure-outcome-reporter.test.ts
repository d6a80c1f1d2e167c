import { readdirSync, readFileSync } from 'node:fs';
import { FileSystemWriter } from 'allure-js-commons/sdk/reporter';
import { join } from 'node:path';
import type { RunnerTask } from 'vitest';
import type { Vitest } from 'vitest/node';
import { expect, test } from 'vitest';
import { AllureOutcomeReporter, testsOutweighed } from '../../reporting/allure-outcome-reporter.ts';
import type { RuleOutcome } from '../../rules/rule-outcome.ts';
import { outcomeOf } from '../support/summary-parts.ts';
import { tempFolder } from '../support/temp-folders.ts';

const rule = {
  id: 'billing.a',
  family: 'billing',
  statement: 'A charge is created once.',
  source: { document: 'Billing spec', section: 'Endpoints > Charges' },
};

/** A finished test as the main process sees it, with the outcome its rule test recorded. */
function finishedTest(state: 'pass' | 'skip', harness?: RuleOutcome): RunnerTask {
  return {
    type: 'test',
    mode: 'run',
    name: `${rule.id}: ${rule.statement}`,
    meta: harness ? { harness } : {},
    result: { state, startTime: 1_700_000_000_000, duration: 12 },
    file: { filepath: join(process.cwd(), 'suites/billing/charges.suite.ts') },
  } as unknown as RunnerTask;
}

/** The reporter as vitest starts it, with no project to give a setup file. */
function startedReporter(dir: string): AllureOutcomeReporter {
  const reporter = new AllureOutcomeReporter(new FileSystemWriter({ resultsDir: dir }), [rule]);
  reporter.onInit({ projects: [] } as unknown as Vitest);
  reporter.startRun({ targetName: 'staging', seed: 7 });
  return reporter;
}

function writtenResults(dir: string) {
  return readdirSync(dir)
    .filter((file) => file.endsWith('-result.json'))
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')));
}

test("a rule's result carries what its outcome says, with the test's own name and status", () => {
  const dir = tempFolder('harness-allure-outcome-');
  const outcome = outcomeOf('billing.a', 'passed', { observations: { 'status without a token': 401 } });
  startedReporter(dir).handleTask(finishedTest('pass', outcome));
  const [result] = writtenResults(dir);
  expect(result).toMatchObject({
    name: 'billing.a: A charge is created once.',
    status: 'passed',
    testCaseId: 'billing.a',
    historyId: 'billing.a @ staging',
    description: 'A charge is created once.\n\nSource: Billing spec, Endpoints > Charges.',
    parameters: [
      { name: 'target', value: 'staging' },
      { name: 'seed', value: '7', excluded: true },
      { name: 'observed status without a token', value: '401', excluded: true },
    ],
  });
  expect(result.labels).toEqual(expect.arrayContaining([{ name: 'feature', value: 'Endpoints > Charges' }]));
});

test('a not-applicable rule is a skipped result that still names its rule', () => {
  const dir = tempFolder('harness-allure-outcome-');
  startedReporter(dir).handleTask(finishedTest('skip', outcomeOf('billing.a', 'not-applicable')));
  expect(writtenResults(dir)).toMatchObject([{ status: 'skipped', testCaseId: 'billing.a' }]);
});

test('a test that recorded no outcome is written as allure-vitest writes any test', () => {
  const dir = tempFolder('harness-allure-outcome-');
  startedReporter(dir).handleTask(finishedTest('pass'));
  const [result] = writtenResults(dir);
  expect(result.status).toBe('passed');
  expect(result.testCaseId).not.toBe('billing.a');
});

test('a rule two tests judged gets one result: the worse verdict, or the earlier of two equal ones', () => {
  const early = finishedTest('pass', outcomeOf('billing.a', 'failed'));
  const late = finishedTest('pass', outcomeOf('billing.a', 'passed'));
  const other = finishedTest('pass', outcomeOf('billing.b', 'passed'));
  const file = { type: 'suite', tasks: [early, { type: 'suite', tasks: [late] }, other] } as unknown as RunnerTask;
  expect([...testsOutweighed([file])]).toEqual([late]);
  const passedAgain = finishedTest('pass', outcomeOf('billing.a', 'passed'));
  expect([...testsOutweighed([late, passedAgain])]).toEqual([passedAgain]);
  expect([...testsOutweighed([late, early])]).toEqual([late]);
});
