import { afterAll, expect, test } from 'vitest';
import { runCli, writeTargets } from '../../support/run-harness-cli.ts';
import { startStandardHolder, type StandardHolder } from './standard-holder.ts';

/*
 * A mock of the standard's OpenAPI answering every list request with the one example it makes up (as Prism does):
 * one real product beside meta.totalRecords 0 and totalPages 0, and every link "http://example.com" (a URI, off the
 * holder). The walk stops at once, at a link it may not follow; the rules that judge single pages still judge page 1
 * (issue 44): the totals fail there (0 records beside a product), the envelope passes, and every rule left blocked
 * names a rule that failed, never one itself blocked.
 */

const started: StandardHolder[] = [];
afterAll(async () => {
  await Promise.all(started.map((holder) => holder.close()));
});

test('a made-up example for every list page: page 1 alone fails the totals, and each block names a failed rule', async () => {
  const plain = await startStandardHolder({ products: 3 });
  started.push(plain);
  const listed = (await (
    await fetch(`${plain.baseUrl}/v1/banking/products?page-size=1`, { headers: { 'x-v': '3' } })
  ).json()) as { data: { products: unknown[] } };
  const example = 'http://example.com';
  const holder = await startStandardHolder({
    products: 3,
    listBody: () =>
      JSON.stringify({
        data: { products: listed.data.products.slice(0, 1) },
        links: { self: example, first: example, prev: example, next: example, last: example },
        meta: { totalRecords: 0, totalPages: 0 },
      }),
  });
  started.push(holder);
  const targets = writeTargets({
    mock: {
      kind: 'url',
      families: {
        cdr: holder.section,
      },
    },
  });
  const result = await runCli(`run --targets ${targets} --target mock --suite cdr --seed 7 --runs 2`.split(' '));
  const rules = result.summary().rules;
  const output = result.stdout.slice(-3000);
  const byId = new Map(rules.map((rule) => [rule.ruleId, rule]));
  const statusOf = (ruleId: string) => byId.get(ruleId)?.status;
  expect(
    rules.filter((rule) => rule.status === 'broken'),
    output,
  ).toEqual([]);
  expect(statusOf('cdr.links.valid'), output).toBe('failed');
  expect(statusOf('cdr.pagination.totals'), output).toBe('failed');
  expect(byId.get('cdr.pagination.totals')?.message).toMatch(/page 1 says totalRecords 0, totalPages 0/);
  expect(statusOf('cdr.list.envelope'), output).toBe('passed');
  expect(byId.get('cdr.pagination.walk-complete')?.blockedBy).toEqual(['cdr.links.valid']);
  for (const rule of rules.filter((candidate) => candidate.status === 'blocked'))
    for (const blocker of rule.blockedBy ?? [])
      expect(statusOf(blocker), `${rule.ruleId} names ${blocker}`).toBe('failed');
}, 240_000);
