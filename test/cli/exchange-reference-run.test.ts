import { expect, test } from 'vitest';
import { familyByName } from '../../families/index.ts';
import { runCli } from '../support/run-harness-cli.ts';

const exchange = familyByName('exchange');
if (!exchange) throw new Error('exchange is not registered');

// One end-to-end run through the real CLI against the bundled reference (a spawned target, its exchange section).
test('harness run --suite exchange against the bundled reference passes every exchange rule', async () => {
  const result = await runCli(['run', '--suite', 'exchange', '--seed', '7', '--runs', '10']);
  const verdicts = result.summary().rules.filter((rule) => rule.family === 'exchange');
  expect(verdicts.map((rule) => rule.ruleId).sort(), result.stdout.slice(-3000)).toEqual(
    exchange.rules.map((rule) => rule.id).sort(),
  );
  expect(verdicts.filter((rule) => rule.status !== 'passed')).toEqual([]);
  expect(result.code).toBe(0);
});
