import { expect, test } from 'vitest';
import { runCli } from '../support/run-harness-cli.ts';

// The default mode's run is judged in test/cli/reference-run.test.ts (the one run of every family).
test('harness run against the reference in its older-versions mode (list x-v 3, detail x-v 4) passes every cdr rule, judged with those versions', async () => {
  const result = await runCli([
    'run',
    '--target',
    'reference-cdr-older-versions',
    '--suite',
    'cdr',
    '--seed',
    '7',
    '--runs',
    '10',
  ]);
  const verdicts = result.summary().rules.filter((rule) => rule.family === 'cdr');
  expect(
    verdicts.filter((rule) => rule.status !== 'passed'),
    result.stdout.slice(-3000),
  ).toEqual([]);
  expect(verdicts.find((rule) => rule.ruleId === 'cdr.product.list-item')?.observations?.['judged as']).toEqual([
    'list x-v 3',
  ]);
  expect(verdicts.find((rule) => rule.ruleId === 'cdr.product.detail')?.observations?.['judged as']).toEqual([
    'detail x-v 4',
  ]);
  expect(result.code).toBe(0);
});
