import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { bundledTargets, runCli, writeTargets } from '../support/run-harness-cli.ts';

// The reference's conformance and the absence of every family's secret from every output are
// test/cli/reference-run.test.ts's.
describe('harness run --suite cards against a mutant', () => {
  test('against a mutant it fails the broken rule with evidence that never shows the token or a token made from it', async () => {
    const token = 'cards-e2e-token-mutant-9a41c7';
    const entry = bundledTargets.targets.reference;
    if (!entry) throw new Error('bundled targets.json has no reference');
    const targets = writeTargets({
      mutant: { ...entry, command: [...entry.command, '--mutant', 'cards-bearer-prefix-accepted'] },
    });
    const result = await runCli(
      [
        'run',
        '--targets',
        targets,
        '--target',
        'mutant',
        '--suite',
        'cards',
        '--seed',
        '7',
        '--runs',
        '10',
        '--rule',
        'cards.auth.invalid',
      ],
      { REFERENCE_CARDS_TOKEN: token },
    );
    const verdict = result.summary().rules.find((rule) => rule.ruleId === 'cards.auth.invalid');
    expect(verdict?.status, result.stdout.slice(-3000)).toBe('failed');
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/replay: node \S+harness\.js run --targets /);
    const summary = readFileSync(join(result.reportsDir, 'summary.json'), 'utf8');
    for (const shown of [summary, result.stdout]) expect(shown).not.toContain(token.slice(0, 20));
  });
});
