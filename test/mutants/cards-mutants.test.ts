import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { familyByName } from '../../families/index.ts';
import { bundledTargets, runCli, writeTargets } from '../support/run-harness-cli.ts';

const cardsRuleIds = (familyByName('cards')?.rules ?? []).map((rule) => rule.id);

describe('harness run --suite cards against the reference', () => {
  test('is conformant on every cards rule and never shows the bearer token', async () => {
    const token = 'cards-e2e-token-5d0e2b';
    const result = await runCli(['run', '--suite', 'cards', '--seed', '7', '--runs', '20'], { REFERENCE_CARDS_TOKEN: token });
    expect(result.code, result.stdout.slice(-3000)).toBe(0);
    const verdicts = result.summary().rules.filter((rule) => rule.ruleId.startsWith('cards.'));
    expect(verdicts.map((rule) => rule.ruleId).sort()).toEqual([...cardsRuleIds].sort());
    // The bundled reference signed up for wallet provisioning: only the rule for partners who did not is not applicable.
    expect(verdicts.filter((rule) => rule.status !== 'passed').map((rule) => [rule.ruleId, rule.status])).toEqual([['cards.assign.wallet-null', 'not-applicable']]);
    for (const file of ['summary.json', 'junit.xml']) expect(readFileSync(join(result.reportsDir, file), 'utf8')).not.toContain(token);
    expect(result.stdout).not.toContain(token);
  });

  test('against a mutant it fails the broken rule with evidence that never shows the token or a token made from it', async () => {
    const token = 'cards-e2e-token-mutant-9a41c7';
    const entry = bundledTargets.targets.reference;
    if (!entry) throw new Error('bundled targets.json has no reference');
    const targets = writeTargets({ mutant: { ...entry, command: [...entry.command, '--mutant', 'cards-bearer-prefix-accepted'] } });
    const result = await runCli(['run', '--targets', targets, '--target', 'mutant', '--suite', 'cards', '--seed', '7', '--runs', '10', '--rule', 'cards.auth.invalid'], { REFERENCE_CARDS_TOKEN: token });
    const verdict = result.summary().rules.find((rule) => rule.ruleId === 'cards.auth.invalid');
    expect(verdict?.status, result.stdout.slice(-3000)).toBe('failed');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('replay: npx harness run --targets');
    const summary = readFileSync(join(result.reportsDir, 'summary.json'), 'utf8');
    for (const shown of [summary, result.stdout]) expect(shown).not.toContain(token.slice(0, 20));
  });
});
