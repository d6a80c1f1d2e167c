import { shellWord } from '../client/shell-quote.ts';
import type { RuleOutcome } from '../rules/rule-outcome.ts';

/** What a replay line needs besides the rule: where the target came from and the run's settings. */
export interface ReplaySettings {
  targetsFile: string;
  targetName: string;
  seed: number;
  runs: number;
}

/** The command that reruns exactly this rule with exactly these cases; `npx` finds the harness where a user installed it (it is rarely on PATH). */
export function replayCommand(outcome: RuleOutcome, settings: ReplaySettings): string {
  const seed = outcome.replay?.seed ?? settings.seed;
  return ['npx', 'harness', 'run', '--targets', settings.targetsFile, '--target', settings.targetName, '--suite', outcome.family, '--rule', outcome.ruleId, '--seed', String(seed), '--runs', String(settings.runs)]
    .map(shellWord)
    .join(' ');
}

/** The text a reader needs to act on a failure: rule, section, what broke, replay line and evidence. */
export function failureText(outcome: RuleOutcome, settings: ReplaySettings): string {
  const lines = [`[${outcome.ruleId}] ${outcome.section}`, outcome.message ?? ''];
  if (outcome.input) lines.push(`input: ${outcome.input}`);
  lines.push(`replay: ${replayCommand(outcome, settings)}${outcome.replay ? `  (fast-check path ${outcome.replay.path})` : ''}`);
  if (outcome.replay) lines.push(`counterexample: ${outcome.replay.counterexample}`);
  for (const [index, evidence] of (outcome.evidence ?? []).entries()) {
    lines.push(`--- exchange ${index + 1}: request ---`, evidence.request, '--- response ---', evidence.response, '--- curl ---', evidence.curl);
  }
  return lines.join('\n');
}
