import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { familyByName } from '../../families/index.ts';
import { bundledTargets, runCli, writeTargets } from '../support/run-harness-cli.ts';

const custodyRuleIds = (familyByName('custody')?.rules ?? []).map((rule) => rule.id);

describe('harness run --suite custody against the reference', () => {
  test('is conformant on every custody rule and never shows the bearer token', async () => {
    const token = 'custody-e2e-token-7f1c9a';
    const result = await runCli(['run', '--suite', 'custody', '--seed', '7', '--runs', '20'], { REFERENCE_CUSTODY_TOKEN: token });
    expect(result.code, result.stdout.slice(-3000)).toBe(0);
    const verdicts = result.summary().rules.filter((rule) => rule.ruleId.startsWith('custody.'));
    expect(verdicts.map((rule) => rule.ruleId).sort()).toEqual([...custodyRuleIds].sort());
    expect(verdicts.filter((rule) => rule.status !== 'passed')).toEqual([]);
    for (const file of ['summary.json', 'junit.xml']) expect(readFileSync(join(result.reportsDir, file), 'utf8')).not.toContain(token);
    expect(result.stdout).not.toContain(token);
  });

  test('against a mutant it fails the broken rule with redacted evidence and the replay line', async () => {
    const token = 'custody-e2e-token-mutant-3c2b';
    const entry = bundledTargets.targets.reference;
    if (!entry) throw new Error('bundled targets.json has no reference');
    const targets = writeTargets({ mutant: { ...entry, command: [...entry.command, '--mutant', 'custody-previous-pages-reversed'] } });
    const result = await runCli(['run', '--targets', targets, '--target', 'mutant', '--suite', 'custody', '--seed', '7', '--runs', '10', '--rule', 'custody.cursor.walk-back'], { REFERENCE_CUSTODY_TOKEN: token });
    const verdict = result.summary().rules.find((rule) => rule.ruleId === 'custody.cursor.walk-back');
    expect(verdict?.status, result.stdout.slice(-3000)).toBe('failed');
    expect(verdict?.evidence?.[0]?.request).toContain('Bearer ***');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`replay: npx harness run --targets ${targets} --target mutant --suite custody --rule custody.cursor.walk-back --seed 7 --runs 10`);
    expect(readFileSync(join(result.reportsDir, 'summary.json'), 'utf8')).not.toContain(token);
  });
});
