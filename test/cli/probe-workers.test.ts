import { afterAll, expect, test } from 'vitest';
import { familyByName } from '../../families/index.ts';
import { startReferenceServer, type RunningReference } from '../../reference/server.ts';
import { referenceEnv } from '../reference/support.ts';
import { runCli, writeTargets } from '../support/run-harness-cli.ts';

/*
 * A rate-limit probe that may run beside the other families (its family at an origin of its own) holds its worker
 * while it waits: when its first probe meets no 429 it waits for every other file of the run before probing again.
 * With `--workers 1` those files are queued behind it in the one worker, so such a probe runs alone at the end
 * instead (run/suite-schedule.ts); before, it waited until its test timed out (five minutes) and was reported broken.
 */

const running: RunningReference[] = [];
afterAll(async () => {
  await Promise.all(running.map((reference) => reference.close()));
});

test('--workers 1, a billing target with no token rate limit and a shortener at another origin: the probe fails its rule, the shortener rule passes, well inside the deadline', async () => {
  const billing = familyByName('billing');
  const shortener = familyByName('shortener');
  if (!billing || !shortener) throw new Error('billing and shortener are registered');
  const env = referenceEnv();
  const noRateLimit = await startReferenceServer({ env, serve: [billing], mutant: 'token-no-rate-limit' });
  running.push(noRateLimit);
  const shortenerReference = await startReferenceServer({ env, serve: [shortener] });
  running.push(shortenerReference);
  const targets = writeTargets({
    split: {
      kind: 'url',
      families: {
        billing: billing.reference.targetSection(noRateLimit.baseUrls.billing as string, 'multi', env),
        shortener: shortener.reference.targetSection(shortenerReference.baseUrls.shortener as string, 'default', env),
      },
    },
  });
  const result = await runCli([
    'run',
    '--targets',
    targets,
    '--target',
    'split',
    '--workers',
    '1',
    '--seed',
    '3',
    '--runs',
    '5',
    '--max-time',
    '150',
    '--rule',
    'billing.token.rate_limit',
    '--rule',
    'shortener.mappings.accepted',
  ]);
  const summary = result.summary();
  const output = result.stdout.slice(-3000);
  expect(summary.stoppedBy, output).toBeUndefined();
  expect(summary.rules.find((rule) => rule.ruleId === 'billing.token.rate_limit')?.status, output).toBe('failed');
  expect(summary.rules.find((rule) => rule.ruleId === 'shortener.mappings.accepted')?.status, output).toBe('passed');
  expect(result.code).toBe(1);
});
