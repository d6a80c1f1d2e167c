import { describe, expect, test } from 'vitest';
import { allRules } from '../../families/index.ts';
import { runCli } from '../support/run-harness-cli.ts';

describe('harness run against the bundled reference target', () => {
  test.concurrent.each(['reference', 'reference-single-entity', 'reference-plain'])('%s is conformant with zero failures', async (target) => {
    const result = await runCli(['run', '--target', target, '--seed', '11', '--runs', '15']);
    const summary = result.summary();
    expect(summary.counts.failed, result.stdout.slice(-4000)).toBe(0);
    expect(summary.counts.broken, result.stdout.slice(-4000)).toBe(0);
    expect(summary.notRun).toEqual([]);
    expect(summary.verdict).toBe('conformant');
    expect(result.code).toBe(0);
    expect(summary.target).toBe(target);
    expect(summary.seed).toBe(11);
    // Every billing rule has a verdict; only mode-dependent ones may be not applicable.
    const billing = allRules().filter((rule) => rule.family === 'billing');
    expect(summary.rules.filter((rule) => rule.family === 'billing').map((rule) => rule.ruleId).sort()).toEqual(billing.map((rule) => rule.id).sort());
    // The exchange family is declared by `reference` only; there every exchange rule passes.
    const exchange = summary.rules.filter((rule) => rule.family === 'exchange');
    if (target === 'reference') expect(exchange.map((rule) => rule.ruleId).sort()).toEqual(allRules().filter((rule) => rule.family === 'exchange').map((rule) => rule.id).sort());
    expect(exchange.filter((rule) => rule.status !== 'passed')).toEqual([]);
    for (const rule of summary.rules.filter((entry) => entry.family === 'billing' && entry.status === 'not-applicable')) {
      expect(billing.find((entry) => entry.id === rule.ruleId)?.appliesTo, rule.ruleId).toBeDefined();
    }
    expect(result.stdout).not.toContain(process.env.REFERENCE_CLIENT_SECRET ?? 'no-secret-set');
  });

  test('a waived rule is reported as waived and the run stays conformant', async () => {
    const { bundledTargets, writeTargets } = await import('../support/run-harness-cli.ts');
    const targets = writeTargets({ waiving: { ...bundledTargets.targets.reference, waivers: [{ rule: 'billing.token.issue', reason: 'checked by hand' }] } });
    const result = await runCli(['run', '--targets', targets, '--target', 'waiving', '--seed', '3', '--runs', '5', '--rule', 'billing.token.issue', '--rule', 'billing.charges.create']);
    const summary = result.summary();
    expect(summary.rules.find((rule) => rule.ruleId === 'billing.token.issue')).toMatchObject({ status: 'waived', message: 'checked by hand' });
    expect(summary.rules.find((rule) => rule.ruleId === 'billing.charges.create')?.status).toBe('passed');
    expect(result.code).toBe(0);
  });
});

describe('harness configuration and usage errors exit 2 with the key path and the fix', () => {
  test('a typo in a target entry names the key and suggests the right one', async () => {
    const { writeTargets } = await import('../support/run-harness-cli.ts');
    const targets = writeTargets({ broken: { kind: 'url', families: { billing: { baseUrl: 'http://127.0.0.1:1/billing', credentails: {} } } } });
    const result = await runCli(['run', '--targets', targets, '--target', 'broken']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('CONFIG_INVALID');
    expect(result.stderr).toContain('targets.broken.families.billing');
    expect(result.stderr).toContain('did you mean "credentials"');
  });

  test('an unset ${VAR} names the variable and the key', async () => {
    const { writeTargets } = await import('../support/run-harness-cli.ts');
    const targets = writeTargets({
      staging: { kind: 'url', families: { billing: { baseUrl: 'http://127.0.0.1:1/billing', credentials: { clientId: '${STAGING_ID_UNSET}', clientSecret: 'x' } } } },
    });
    const result = await runCli(['run', '--targets', targets, '--target', 'staging']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('ENV_MISSING');
    expect(result.stderr).toContain('targets.staging.families.billing.credentials.clientId');
    expect(result.stderr).toContain('STAGING_ID_UNSET');
  });

  test('rules --json lists every rule with a check and a killing mutant', async () => {
    const result = await runCli(['rules', '--json']);
    expect(result.code).toBe(0);
    const rows = JSON.parse(result.stdout) as { id: string; checkExists: boolean; killingMutants: string[] }[];
    expect(rows.length).toBe(allRules().length);
    expect(rows.filter((row) => !row.checkExists || row.killingMutants.length === 0)).toEqual([]);
  });

  test('every command answers --help, and an unknown one exits 2', async () => {
    for (const command of ['run', 'doctor', 'rules', 'mutants', 'reference', 'report']) {
      const result = await runCli([command, '--help']);
      expect(result.code, command).toBe(0);
      expect(result.stdout).toContain(`harness ${command}`);
    }
    expect((await runCli(['nonsense'])).code).toBe(2);
    expect((await runCli(['run', '--runs', 'many'])).code).toBe(2);
  });
});
