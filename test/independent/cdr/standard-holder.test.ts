import { afterAll, expect, test } from 'vitest';
import { runCli, writeTargets } from '../../support/run-harness-cli.ts';
import { startStandardHolder, type StandardHolder } from './standard-holder.ts';

/*
 * The cdr suite against a holder written from the published standard (list x-v 3, detail x-v 4), not from the
 * reference: conformant as it is, and with one genuine fault only the rules that judge the faulty field fail.
 */

const started: StandardHolder[] = [];
afterAll(async () => {
  await Promise.all(started.map((holder) => holder.close()));
});

async function runAgainst(holder: StandardHolder) {
  const targets = writeTargets({ standard: { kind: 'url', families: { cdr: holder.section } } });
  return runCli([
    'run',
    '--targets',
    targets,
    '--target',
    'standard',
    '--suite',
    'cdr',
    '--seed',
    '3',
    '--runs',
    '8',
    '--workers',
    '1',
  ]);
}

test('a holder of list x-v 3 and detail x-v 4 without a status operation passes: integer totals, older records, status rules not applicable', async () => {
  const holder = await startStandardHolder({ status: false });
  started.push(holder);
  const result = await runAgainst(holder);
  const rules = result.summary().rules;
  const output = result.stdout.slice(-4000);
  expect(
    rules
      .filter((rule) => rule.status !== 'passed' && rule.status !== 'not-applicable')
      .map((rule) => `${rule.ruleId}: ${rule.message}`),
    output,
  ).toEqual([]);
  expect(
    rules
      .filter((rule) => rule.status === 'not-applicable')
      .map((rule) => rule.ruleId)
      .sort(),
  ).toEqual(['cdr.status.explanation-when-not-ok', 'cdr.status.record']);
  expect(rules.find((rule) => rule.ruleId === 'cdr.list.envelope')?.observations?.['meta totals given as']).toBe(
    'integer (the standard)',
  );
  expect(rules.find((rule) => rule.ruleId === 'cdr.product.detail')?.observations?.['judged as']).toEqual([
    'detail x-v 4',
  ]);
  // The standard's response Content-Type, in the plain form (the reference adds a charset).
  expect(
    Object.keys(
      rules.find((rule) => rule.ruleId === 'cdr.bodies.json')?.observations?.['Content-Type forms'] as Record<
        string,
        number
      >,
    ),
  ).toEqual(['application/json']);
  expect(result.code, output).toBe(0);
}, 240_000);

test('one field in a form the record rules reject fails those rules only: every other rule passes or is blocked, none with their message', async () => {
  const holder = await startStandardHolder({ status: false, fault: 'tailored-as-text' });
  started.push(holder);
  const result = await runAgainst(holder);
  const rules = result.summary().rules;
  const failed = rules.filter((rule) => rule.status === 'failed');
  // isTailored is judged in list items and in details; nothing else reads it.
  expect(failed.map((rule) => rule.ruleId).sort(), result.stdout.slice(-4000)).toEqual([
    'cdr.product.detail',
    'cdr.product.list-item',
  ]);
  expect(failed.every((rule) => rule.message?.includes('isTailored'))).toBe(true);
  expect(
    rules.filter((rule) => !['passed', 'blocked', 'not-applicable'].includes(rule.status) && !failed.includes(rule)),
  ).toEqual([]);
  expect(rules.filter((rule) => rule.status !== 'failed' && rule.message?.includes('isTailored'))).toEqual([]);
  expect(result.code).toBe(1);
}, 240_000);
