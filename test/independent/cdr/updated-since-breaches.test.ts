import { afterAll, expect, test } from 'vitest';
import { runCli, writeTargets } from '../../support/run-harness-cli.ts';
import { startStandardHolder, type StandardHolder } from './standard-holder.ts';

/*
 * A rule that finds several distinct breaches reports each of them (issue 44): a holder written from the standard that,
 * like the DSB's own data holder, refuses updated-since date-times with an offset (or without milliseconds) and
 * filters nothing by the ones it accepts. cdr.list.updated-since fails once, with both breaches in its message and
 * the exchanges of each as evidence, not with the first query it met.
 */

const started: StandardHolder[] = [];
afterAll(async () => {
  await Promise.all(started.map((holder) => holder.close()));
});

test('an updated-since refused in one form and ignored in another fails the rule once, with both breaches', async () => {
  const holder = await startStandardHolder({
    status: false,
    faults: ['updated-since-z-millis-only', 'updated-since-ignored'],
  });
  started.push(holder);
  const targets = writeTargets({
    holder: {
      kind: 'url',
      families: {
        cdr: holder.section,
      },
    },
  });
  const result = await runCli(
    `run --targets ${targets} --target holder --suite cdr --rule cdr.list.updated-since --seed 7 --runs 8 --workers 1`.split(
      ' ',
    ),
  );
  const rule = result.summary().rules.find((candidate) => candidate.ruleId === 'cdr.list.updated-since');
  const output = result.stdout.slice(-4000);
  expect(rule?.status, output).toBe('failed');
  const message = rule?.message ?? '';
  // Refused: the +10:00 offset cut and the one without milliseconds.
  expect(message, output).toMatch(/answered 400, not 200, to a valid request \([^)]*updated-since=[^)]*%2B10%3A00/);
  // Ignored: a product at or before the cut listed all the same, the year-ahead cut among them.
  expect(message, output).toMatch(/updated-since=\d{4}-.*excludes/);
  expect(message).toMatch(/^\d+ of 5 judged broke the rule: /);
  // Evidence of each breach: a refused request and a page the filter should have emptied.
  const requests = (rule?.evidence ?? []).map((record) => record.request).join('\n');
  expect(requests).toContain('%2B10%3A00');
  expect(requests).toMatch(/updated-since=\d{4}-\d{2}-\d{2}T[\d%A.]+Z&/);
  expect(result.code).toBe(1);
}, 240_000);
