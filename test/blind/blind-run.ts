import { expect } from 'vitest';
import { expectEveryRulePassed } from '../independent/every-rule-judged.ts';
import { type CliResult, runCli, writeTargets } from '../support/run-harness-cli.ts';
import type { RuleSummary } from '../../reporting/run-summary.ts';

/*
 * The blind implementations (test/blind/<family>/service.ts): each written by a helper given only its family's
 * document (and the published standard behind it), never the rules, checks, suites, generators or reference, with
 * the open choices taken otherwise than the reference. Its prompt and date are kept beside it (PROMPT.md), its choices
 * in CHOICES.md. Every rule of the family must pass on it or be not applicable with a reason.
 */

/** What every blind implementation's module exports (the contract its prompt gave). */
export interface BlindService {
  baseUrl: string;
  section: Record<string, unknown>;
  env: Record<string, string>;
  close(): Promise<void>;
}

export interface BlindRun {
  result: CliResult;
  rules: RuleSummary[];
}

/**
 * Starts the blind implementation, runs its whole family on it from the entry its module describes, and expects
 * every rule reported and passed or not applicable with a reason; stops it afterwards.
 */
export async function runFamilyOnBlind(
  family: string,
  start: () => Promise<BlindService>,
  { seed = 5, runs = 10 }: { seed?: number; runs?: number } = {},
): Promise<BlindRun> {
  const service = await start();
  try {
    const targets = writeTargets({ blind: { kind: 'url', families: { [family]: service.section } } });
    const args = ['run', '--targets', targets, '--target', 'blind', '--suite', family, '--workers', '1'];
    const result = await runCli([...args, '--seed', String(seed), '--runs', String(runs)], service.env);
    const rules = expectEveryRulePassed(result, family, { notApplicable: true });
    for (const rule of rules.filter((entry) => entry.status === 'not-applicable'))
      expect(rule.message, `${rule.ruleId} is not applicable without a reason`).toBeTruthy();
    expect(result.code, result.stdout.slice(-4000)).toBe(0);
    return { result, rules };
  } finally {
    await service.close();
  }
}
