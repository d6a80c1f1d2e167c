import { describe, expect, test } from 'vitest';
import { bundledTargets, runCli, writeTargets } from '../support/run-harness-cli.ts';

/*
 * The exchange and custody suites against the reference in the modes shaped like the real products, with the
 * target entry's settings for what the documents leave open (targets.json's reference-exchange-dialect and
 * reference-custody-platform), and without those settings (each one is needed).
 */
const notPassed = (rules: { status: string }[]) =>
  rules.filter((rule) => !['passed', 'not-applicable'].includes(rule.status));
const entry = (name: string) => {
  const found = bundledTargets.targets[name];
  if (!found) throw new Error(`bundled targets.json has no ${name}`);
  return found as { command: string[]; families: Record<string, Record<string, unknown>> } & Record<string, unknown>;
};

describe('real-product dialects of the reference', () => {
  test('reference-exchange-dialect (OK-ACCESS-* with passphrase, tdMode required, codes 1/2) is conformant with its settings', async () => {
    const result = await runCli([
      'run',
      '--target',
      'reference-exchange-dialect',
      '--suite',
      'exchange',
      '--seed',
      '5',
      '--runs',
      '10',
      '--workers',
      '1',
    ]);
    expect(notPassed(result.summary().rules), result.stdout.slice(-3000)).toEqual([]);
    const signature = result.summary().rules.find((rule) => rule.ruleId === 'exchange.auth.signature');
    expect(signature?.observations?.['missing sign header answered']).toBe('50106');
    expect(result.code).toBe(0);
  });

  test('without its orderTemplate, the orders the dialect needs a trade mode for fail the item rule', async () => {
    const dialect = entry('reference-exchange-dialect');
    const { orderTemplate: _left, ...exchange } = dialect.families.exchange as Record<string, unknown>;
    const targets = writeTargets({ bare: { ...dialect, families: { exchange } } });
    const result = await runCli([
      'run',
      '--targets',
      targets,
      '--target',
      'bare',
      '--suite',
      'exchange',
      '--rule',
      'exchange.batch.item-success',
      '--seed',
      '5',
      '--runs',
      '5',
      '--workers',
      '1',
    ]);
    const verdict = result.summary().rules.find((rule) => rule.ruleId === 'exchange.batch.item-success');
    expect(verdict?.status, result.stdout.slice(-3000)).toBe('failed');
    expect(result.code).toBe(1);
  });

  test('reference-custody-platform (results, balances, requestCursor., a string export, nested errors) is conformant with its settings', async () => {
    const result = await runCli([
      'run',
      '--target',
      'reference-custody-platform',
      '--suite',
      'custody',
      '--seed',
      '5',
      '--runs',
      '10',
      '--workers',
      '1',
    ]);
    expect(notPassed(result.summary().rules), result.stdout.slice(-3000)).toEqual([]);
    const walk = result.summary().rules.find((rule) => rule.ruleId === 'custody.cursor.walk-complete');
    expect(
      (walk?.observations?.listings as Record<string, string> | undefined)?.[
        '/api/rest/v1/statistics/portfolio/history/export'
      ],
    ).toMatch(/^not judged: its result is a string/);
    expect(result.code).toBe(0);
  });

  test('without its listing settings, a cursor rule fails naming every listing that broke it, not the first', async () => {
    const platform = entry('reference-custody-platform');
    const { listings: _left, ...custody } = platform.families.custody as Record<string, unknown>;
    const targets = writeTargets({ bare: { ...platform, families: { custody } } });
    const result = await runCli([
      'run',
      '--targets',
      targets,
      '--target',
      'bare',
      '--suite',
      'custody',
      '--rule',
      'custody.cursor.first-last-without-token',
      '--seed',
      '5',
      '--workers',
      '1',
    ]);
    const verdict = result.summary().rules.find((rule) => rule.ruleId === 'custody.cursor.first-last-without-token');
    expect(verdict?.status, result.stdout.slice(-3000)).toBe('failed');
    expect(verdict?.message).toContain('4 of 9 listings broke the rule');
    for (const listing of [
      '/api/rest/v2/requests:',
      '/api/rest/v2/requests/for-approval:',
      '/api/rest/v1/balances:',
      '/api/rest/v1/statistics/portfolio/history/export:',
    ])
      expect(verdict?.message).toContain(listing);
    expect(result.code).toBe(1);
  });
});
