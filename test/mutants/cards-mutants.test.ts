import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { familyByName } from '../../families/index.ts';
import { runCli } from '../support/run-harness-cli.ts';

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
});
