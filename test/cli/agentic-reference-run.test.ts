import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { familyByName } from '../../families/index.ts';
import { runCli } from '../support/run-harness-cli.ts';

const agentic = familyByName('agentic');
if (!agentic) throw new Error('agentic is not registered');

// One end-to-end run through the real CLI against the bundled reference (a spawned target, its agentic section).
test('harness run --suite agentic against the bundled reference passes every agentic rule, meets a 422 and never shows the token', async () => {
  const token = 'agentic-e2e-token-5d1e7f';
  const result = await runCli(['run', '--suite', 'agentic', '--seed', '7', '--runs', '10'], {
    REFERENCE_AGENTIC_TOKEN: token,
  });
  const verdicts = result.summary().rules.filter((rule) => rule.family === 'agentic');
  expect(verdicts.map((rule) => rule.ruleId).sort(), result.stdout.slice(-3000)).toEqual(
    agentic.rules.map((rule) => rule.id).sort(),
  );
  expect(verdicts.filter((rule) => rule.status !== 'passed')).toEqual([]);
  expect(result.code).toBe(0);
  // The reference knows only enr-... enrollments, so the 422 shape is judged on real answers.
  expect(verdicts.find((rule) => rule.ruleId === 'agentic.errors.business-exception')?.observations).toMatchObject({
    '422 answers judged': 3,
  });
  for (const file of ['summary.json', 'junit.xml'])
    expect(readFileSync(join(result.reportsDir, file), 'utf8')).not.toContain(token);
  expect(result.stdout).not.toContain(token);
});
