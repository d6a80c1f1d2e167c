import { afterAll, expect, test } from 'vitest';
import { runCli, writeTargets } from '../support/run-harness-cli.ts';
import { startStandardHolder, type StandardHolder } from '../support/cdr-standard-holder.ts';

/*
 * The faults of a real data holder met in one run (issue 28): a holder written from the published standard
 * with sixty products (three pages at the default size) whose links.next is no URL (built without "?"), which
 * ignores the brand, product-category and effective filters, refuses valid updated-since date-times with an
 * offset or without milliseconds, and lists effectiveTo as effectiveFrom. Each fault fails the rule that
 * states it in the same run; the rules whose usual route (a walk following next) is stopped take another
 * (one page above the whole list, the pages read, the ids seen), and only what needs the whole walk is blocked.
 */

const started: StandardHolder[] = [];
afterAll(async () => {
  await Promise.all(started.map((holder) => holder.close()));
});

test('one run against a holder with five faults fails each fault\'s own rule and blocks only what needs the walk', async () => {
  const holder = await startStandardHolder({ status: false, products: 60, faults: ['next-without-question-mark', 'filters-ignored', 'updated-since-z-millis-only', 'effective-to-as-from'] });
  started.push(holder);
  const targets = writeTargets({ faulty: { kind: 'url', families: { cdr: { baseUrl: holder.baseUrl, versions: { list: [3], detail: [4], status: [] }, pastLastPageStatus: 422 } } } });
  const result = await runCli(['run', '--targets', targets, '--target', 'faulty', '--suite', 'cdr', '--seed', '7', '--runs', '8', '--workers', '1']);
  const rules = result.summary().rules;
  const shown = rules.filter((rule) => rule.status !== 'passed' && rule.status !== 'not-applicable').map((rule) => `${rule.ruleId}: ${rule.status} ${rule.message?.slice(0, 300)}`);
  console.log(shown.join('\n'));
  expect(result.code).toBe(1);
}, 300_000);
