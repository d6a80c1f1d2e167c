import { expect, test } from 'vitest';
import { runCli } from '../support/run-harness-cli.ts';

/*
 * Custody tokens reused late in a plain run (as the CI gate runs it): every file uses a token once as it starts
 * and memory.alone.suite.ts sends the oldest back after every other file. Against the reference (whose tokens do
 * not expire) the late NEXT answers the page it answered at first use, and the report says how late it was asked.
 */

test('against the reference an early token is sent back late, observed on custody.cursor.token-encoding with how late', async () => {
  const result = await runCli(['run', '--suite', 'custody', '--seed', '5', '--runs', '5']);
  const rule = result.summary().rules.find((one) => one.ruleId === 'custody.cursor.token-encoding');
  const output = result.stdout.slice(-3000);
  expect(rule?.status, output).toBe('passed');
  expect(rule?.observations?.['a token sent back late (observed: document 3 gives a token no lifetime)'], output).toEqual([
    expect.stringMatching(/^\/api\/\S+ NEXT asked again \d+\.\d s and at least [\d,]+ requests after first use: answered 200 with the same page as at first use$/),
  ]);
  // At least the other files' traffic lies between the first use and the late one.
  const [late] = rule?.observations?.['a token sent back late (observed: document 3 gives a token no lifetime)'] as string[];
  expect(Number(/at least ([\d,]+) requests/.exec(late ?? '')?.[1]?.replaceAll(',', ''))).toBeGreaterThan(1000);
  expect(result.code).toBe(0);
});
