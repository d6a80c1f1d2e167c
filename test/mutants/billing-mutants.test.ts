import { describe, expect, test } from 'vitest';
import { bundledTargets, runCli, writeTargets } from '../support/run-harness-cli.ts';

describe('a billing mutant through the real CLI', () => {
  // One end-to-end run through the real CLI: a spawned reference with a mutant, the full replay line.
  test('harness run against a mutant fails its rule with evidence and a complete replay line', async () => {
    const entry = bundledTargets.targets.reference;
    if (!entry) throw new Error('bundled targets.json has no reference');
    const targets = writeTargets({
      mutant: { ...entry, command: [...entry.command, '--mutant', 'charge-create-rate-cards-refused'] },
    });
    const result = await runCli([
      'run',
      '--targets',
      targets,
      '--target',
      'mutant',
      '--seed',
      '7',
      '--runs',
      '10',
      '--rule',
      'billing.charges.create',
    ]);
    const verdict = result.summary().rules.find((rule) => rule.ruleId === 'billing.charges.create');
    expect(verdict?.status, result.stdout.slice(-3000)).toBe('failed');
    expect(verdict?.evidence?.length ?? 0).toBeGreaterThan(0);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/replay: node \S+harness\.js run --targets /);
    expect(result.stdout).toContain(
      `run --targets ${targets} --target mutant --suite billing --rule billing.charges.create --seed 7 --runs 10`,
    );
  });
});
