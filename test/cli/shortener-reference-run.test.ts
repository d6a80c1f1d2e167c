import { expect, test } from 'vitest';
import { familyByName } from '../../families/index.ts';
import { runCli } from '../support/run-harness-cli.ts';

const shortener = familyByName('shortener');
if (!shortener) throw new Error('shortener is not registered');

// One end-to-end run through the real CLI against the bundled reference (a spawned target, its shortener section).
test('harness run --suite shortener against the bundled reference passes every shortener rule and reports what the document leaves open', async () => {
  const result = await runCli(['run', '--suite', 'shortener', '--seed', '7', '--runs', '10']);
  const verdicts = result.summary().rules.filter((rule) => rule.family === 'shortener');
  expect(verdicts.map((rule) => rule.ruleId).sort(), result.stdout.slice(-3000)).toEqual(
    shortener.rules.map((rule) => rule.id).sort(),
  );
  expect(verdicts.filter((rule) => rule.status !== 'passed')).toEqual([]);
  expect(result.code).toBe(0);
  const observed = (id: string) => verdicts.find((rule) => rule.ruleId === id)?.observations ?? {};
  // A path asked twice in one request and an empty array are observed, never judged (the reference refuses the first,
  // accepts the second).
  expect(observed('shortener.vanity.taken-for-domain')['one path asked twice for one domain in one request']).toBe(400);
  expect(observed('shortener.mappings.accepted')['empty array answered']).toBe(200);
});
