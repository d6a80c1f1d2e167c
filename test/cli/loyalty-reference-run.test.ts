import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { familyByName } from '../../families/index.ts';
import { runCli } from '../support/run-harness-cli.ts';

const loyalty = familyByName('loyalty');
if (!loyalty) throw new Error('loyalty is not registered');

// One end-to-end run through the real CLI against the bundled reference (a spawned target, MAC and bearer forms).
test('harness run --suite loyalty against the bundled reference passes every loyalty rule and never shows key, MAC secret or token', async () => {
  const secrets = {
    REFERENCE_LOYALTY_API_KEY: 'loyalty-e2e-key-41c9',
    REFERENCE_LOYALTY_MAC_SECRET: 'loyalty-e2e-mac-secret-8e02',
    REFERENCE_LOYALTY_TOKEN: 'loyalty-e2e-token-77aa',
  };
  const result = await runCli(['run', '--suite', 'loyalty', '--seed', '7', '--runs', '10'], secrets);
  const verdicts = result.summary().rules.filter((rule) => rule.family === 'loyalty');
  expect(verdicts.map((rule) => rule.ruleId).sort(), result.stdout.slice(-3000)).toEqual(
    loyalty.rules.map((rule) => rule.id).sort(),
  );
  expect(verdicts.filter((rule) => rule.status !== 'passed')).toEqual([]);
  expect(result.code).toBe(0);
  // An empty correlation_id is observed, never judged (the reference takes it).
  expect(verdicts.find((rule) => rule.ruleId === 'loyalty.headers.correlation-id')?.observations).toMatchObject({
    'empty correlation_id answered': '202, 202, 202',
  });
  for (const secret of Object.values(secrets)) {
    for (const file of ['summary.json', 'junit.xml'])
      expect(readFileSync(join(result.reportsDir, file), 'utf8')).not.toContain(secret);
    expect(result.stdout).not.toContain(secret);
  }
});
