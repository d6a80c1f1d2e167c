import { afterAll, expect, test } from 'vitest';
import { runCli, writeTargets } from '../../support/run-harness-cli.ts';
import { startStandardHolder, type StandardHolder } from './standard-holder.ts';

/*
 * Pagination, Cursor Support of the published standard: a holder's links "may, instead, include other query
 * parameters that support another pagination pattern". A holder written from the standard whose links carry
 * an opaque cursor (written afresh on every answer) in place of page, and only the mandatory links, is
 * conformant: the harness reads a page by what it says, so no rule fails or is blocked.
 */

const started: StandardHolder[] = [];
afterAll(async () => {
  await Promise.all(started.map((holder) => holder.close()));
});

test('a holder paginating by cursor links, serving only the mandatory links, gets no failure and no block', async () => {
  const holder = await startStandardHolder({ status: false, paging: 'cursor' });
  started.push(holder);
  const targets = writeTargets({
    cursor: {
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
    'cursor',
    '--suite',
    'cdr',
    '--seed',
    '5',
    '--runs',
    '8',
    '--workers',
    '1',
  ]);
  const rules = result.summary().rules;
  expect(
    rules
      .filter((rule) => rule.status !== 'passed' && rule.status !== 'not-applicable')
      .map((rule) => `${rule.ruleId}: ${rule.status} ${rule.message}`),
    result.stdout.slice(-4000),
  ).toEqual([]);
  expect(result.code).toBe(0);
}, 240_000);
