import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { bundledTargets, runCli, writeTargets } from '../support/run-harness-cli.ts';

// The reference's conformance and the absence of every family's secret from every output are
// test/cli/reference-run.test.ts's.
describe('harness run --suite custody against a mutant', () => {
  test('against a mutant it fails the broken rule with redacted evidence and the replay line', async () => {
    const token = 'custody-e2e-token-mutant-3c2b';
    const entry = bundledTargets.targets.reference;
    if (!entry) throw new Error('bundled targets.json has no reference');
    const targets = writeTargets({
      mutant: { ...entry, command: [...entry.command, '--mutant', 'custody-previous-pages-reversed'] },
    });
    const result = await runCli(
      [
        'run',
        '--targets',
        targets,
        '--target',
        'mutant',
        '--suite',
        'custody',
        '--seed',
        '7',
        '--runs',
        '10',
        '--rule',
        'custody.cursor.walk-back',
      ],
      { REFERENCE_CUSTODY_TOKEN: token },
    );
    const verdict = result.summary().rules.find((rule) => rule.ruleId === 'custody.cursor.walk-back');
    expect(verdict?.status, result.stdout.slice(-3000)).toBe('failed');
    expect(verdict?.evidence?.[0]?.request).toContain('Bearer ***');
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/replay: node \S+harness\.js run --targets /);
    expect(result.stdout).toContain(
      `run --targets ${targets} --target mutant --suite custody --rule custody.cursor.walk-back --seed 7 --runs 10`,
    );
    expect(readFileSync(join(result.reportsDir, 'summary.json'), 'utf8')).not.toContain(token);
  });
});
