import type { RuleOutcome } from './rule-outcome.ts';

/** The text a reader needs to act on a failure: rule, section, what broke, replay line and evidence. */
export function failureText(outcome: RuleOutcome, targetName: string): string {
  const lines = [`[${outcome.ruleId}] ${outcome.section}`, outcome.message ?? ''];
  if (outcome.input) lines.push(`input: ${outcome.input}`);
  if (outcome.replay) {
    lines.push(
      `replay: harness run --target ${targetName} --rule ${outcome.ruleId} --seed ${outcome.replay.seed}  (fast-check path ${outcome.replay.path})`,
      `counterexample: ${outcome.replay.counterexample}`,
    );
  }
  for (const [index, evidence] of (outcome.evidence ?? []).entries()) {
    lines.push(`--- exchange ${index + 1}: request ---`, evidence.request, '--- response ---', evidence.response, '--- curl ---', evidence.curl);
  }
  return lines.join('\n');
}
