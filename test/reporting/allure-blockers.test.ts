import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { markBlockersInAllureResults } from '../../reporting/allure-blockers.ts';
import { labelOf, readAllureResults } from '../../reporting/allure-result-files.ts';
import { outcomeOf, summaryWith } from '../support/summary-parts.ts';
import { tempFolder } from '../support/temp-folders.ts';

test('a failed rule that blocked others is a blocker in its Allure result; the others keep the severity their test gave', () => {
  const dir = tempFolder('harness-allure-blockers-');
  for (const rule of ['billing.a', 'billing.b', 'billing.c'])
    writeFileSync(
      join(dir, `${rule}-result.json`),
      JSON.stringify({
        name: rule,
        labels: [
          { name: 'rule', value: rule },
          { name: 'severity', value: 'critical' },
        ],
      }),
    );
  const summary = summaryWith({
    selectedRules: ['billing.a', 'billing.b', 'billing.c'],
    outcomes: [
      outcomeOf('billing.a', 'failed'),
      outcomeOf('billing.b', 'failed'),
      outcomeOf('billing.c', 'blocked', { blockedBy: ['billing.b'] }),
    ],
  });
  expect(markBlockersInAllureResults(dir, summary)).toBe(1);
  const severities = Object.fromEntries(
    readAllureResults(dir).map(({ result }) => [labelOf(result, 'rule'), labelOf(result, 'severity')]),
  );
  expect(severities).toEqual({ 'billing.a': 'critical', 'billing.b': 'blocker', 'billing.c': 'critical' });
});
