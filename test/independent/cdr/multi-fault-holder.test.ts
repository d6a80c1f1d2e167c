import { afterAll, expect, test } from 'vitest';
import { runCli, writeTargets } from '../../support/run-harness-cli.ts';
import { startStandardHolder, type StandardHolder } from './standard-holder.ts';

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

test("one run against a holder with its faults fails each fault's own rule and blocks only what needs the walk", async () => {
  const holder = await startStandardHolder({
    status: false,
    products: 60,
    faults: ['next-without-question-mark', 'filters-ignored', 'updated-since-z-millis-only', 'effective-to-as-from'],
  });
  started.push(holder);
  const targets = writeTargets({
    faulty: {
      kind: 'url',
      families: {
        cdr: holder.section,
      },
    },
  });
  const result = await runCli([
    'run',
    '--targets',
    targets,
    '--target',
    'faulty',
    '--suite',
    'cdr',
    '--seed',
    '7',
    '--runs',
    '8',
    '--workers',
    '1',
  ]);
  const rules = result.summary().rules;
  const output = result.stdout.slice(-4000);
  const withStatus = (status: string) =>
    rules
      .filter((rule) => rule.status === status)
      .map((rule) => rule.ruleId)
      .sort();
  const message = (ruleId: string) => rules.find((rule) => rule.ruleId === ruleId)?.message ?? '';
  // Each fault, its own rule: the link, three ignored filters (brand, category, effective), the refused date-times, the
  // copied effectiveTo.
  expect(withStatus('failed'), output).toEqual([
    'cdr.detail.is-listed-product',
    'cdr.links.valid',
    'cdr.list.brand',
    'cdr.list.effective',
    'cdr.list.product-category',
    'cdr.list.updated-since',
  ]);
  expect(message('cdr.links.valid')).toContain('links.next is not an absolute http(s) URI');
  expect(message('cdr.list.updated-since')).toMatch(/answered 400.*updated-since=/);
  expect(message('cdr.detail.is-listed-product')).toContain('effectiveFrom');
  // Read another way: the filters judged from one page above the whole list.
  expect(message('cdr.list.brand')).toContain('one page instead of');
  // Blocked only where the fault of another rule leaves nothing to judge: following next (the walk), and filters met
  // only together with a failing one.
  expect(withStatus('blocked'), output).toEqual([
    'cdr.list.effective-default',
    'cdr.list.filters-combine',
    'cdr.pagination.walk-complete',
  ]);
  expect(message('cdr.pagination.walk-complete')).toContain('blocked by cdr.links.valid');
  expect(message('cdr.list.effective-default')).toContain('blocked by cdr.list.effective');
  expect(message('cdr.list.filters-combine')).toContain('blocked by cdr.list.brand');
  // The pages read and the whole list read at once judge the link, size, total and walk-back rules, the records and the
  // details.
  for (const ruleId of [
    'cdr.links.self',
    'cdr.links.first-prev-when-not-first',
    'cdr.links.next-last-when-not-last',
    'cdr.list.page-size-default',
    'cdr.list.envelope',
    'cdr.pagination.totals',
    'cdr.pagination.walk-back',
    'cdr.pagination.empty-result',
    'cdr.product.list-item',
    'cdr.product.detail',
    'cdr.detail.envelope',
  ]) {
    expect(rules.find((rule) => rule.ruleId === ruleId)?.status, ruleId).toBe('passed');
  }
  expect(result.code).toBe(1);
}, 300_000);
