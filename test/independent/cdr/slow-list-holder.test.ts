import { afterAll, expect, test } from 'vitest';
import { runCli, writeTargets } from '../../support/run-harness-cli.ts';
import { startStandardHolder, type StandardHolder } from './standard-holder.ts';

/*
 * A holder written from the standard whose list pages take 4 s each, while its status and details answer at once
 * (issue 44): the rules that never ask the list (the status, the detail of an unknown product) are judged, not blocked
 * by the list's slowness for want of time; that slowness is judged by a rule that asks the list.
 */

const started: StandardHolder[] = [];
afterAll(async () => {
  await Promise.all(started.map((holder) => holder.close()));
});

test('list pages of 4 s leave the rules that never ask the list judged', async () => {
  const holder = await startStandardHolder({ products: 60, listDelayMs: () => 4000 });
  started.push(holder);
  const targets = writeTargets({
    slow: {
      kind: 'url',
      families: {
        cdr: holder.section,
      },
      // Far above 4 s: the list's slowness is the finding, not a timeout of the test's machine.
      client: { timeoutMs: 12_000 },
    },
  });
  // 35 s: the rules before the list's (cdr.error.shape alone takes some 10 s of 4-second pages) must still leave the
  // slow list its one verdict inside the deadline. Pages of 8 s and a deadline of 60 s judged the same and made this
  // the longest file of the timed tail.
  const result = await runCli(
    `run --targets ${targets} --target slow --suite cdr --seed 7 --runs 2 --workers 1 --max-time 35`.split(' '),
  );
  const rules = result.summary().rules;
  const output = result.stdout.slice(-4000);
  const statusOf = (ruleId: string) => rules.find((rule) => rule.ruleId === ruleId)?.status;
  for (const ruleId of ['cdr.status.record', 'cdr.status.explanation-when-not-ok', 'cdr.detail.unknown-product'])
    expect(statusOf(ruleId), `${ruleId}\n${output}`).toBe('passed');
  expect(
    rules.filter((rule) => rule.status === 'failed' && /answered too slowly/.test(rule.message ?? '')),
    output,
  ).toHaveLength(1);
}, 240_000);
