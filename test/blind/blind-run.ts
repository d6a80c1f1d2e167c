import { expect } from 'vitest';
import { expectEveryRulePassed } from '../independent/every-rule-judged.ts';
import { join } from 'node:path';
import { type CliResult, runCli } from '../support/run-harness-cli.ts';
import { tempFolder } from '../support/temp-folders.ts';
import type { RuleSummary } from '../../reporting/run-summary.ts';

/*
 * The blind implementations (test/blind/<family>/service.ts): each written by a helper given only its family's
 * document (and the published standard behind it), never the rules, checks, suites, generators or reference, with
 * the open choices taken otherwise than the reference. Its prompt and date are kept beside it (PROMPT.md), its choices
 * in CHOICES.md. Every rule of the family must pass on it or be not applicable with a reason, judged from the entry
 * `harness init` writes with flags.
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
 * The entry as a team writes it: `harness init` for the family, with the service's base URL and each other key of the
 * section its module describes given as a flag (`--set`), nothing edited afterwards. What init writes beside them
 * (the documented defaults, placeholders of its own) must let the run reach its verdict.
 */
async function initTargets(family: string, service: BlindService): Promise<string> {
  const targets = join(tempFolder('harness-blind-init-'), 'targets.json');
  const sets = Object.entries(service.section)
    .filter(([key]) => key !== 'baseUrl')
    .flatMap(([key, value]) => ['--set', `${family}.${key}=${JSON.stringify(value)}`]);
  const init = await runCli([
    'init',
    '--family',
    family,
    '--name',
    'blind',
    '--url',
    String(service.section.baseUrl),
    '--targets',
    targets,
    ...sets,
  ]);
  expect(init.code, init.stdout + init.stderr).toBe(0);
  return targets;
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
    const targets = await initTargets(family, service);
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
