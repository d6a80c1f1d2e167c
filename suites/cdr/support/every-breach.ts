import { combinedViolation } from '../../../engine/rule-check.ts';
import { RuleViolation } from '../../../engine/rule-violation.ts';
import { ruleInProgress } from '../../../core/rule-in-progress.ts';
import type { RuleId } from '../../../rules/rule-id.ts';
import { isBlocked, resultOrBlock } from '../../../engine/result-or-block.ts';

/** Breaches a combined message spells out, and the evidence kept of each: a rule over hundreds of records stays short. */
const shownBreaches = 5;
const evidencePerBreach = 3;

/** How one of several independent judgements of the rule in progress came out: its value, a breach, or a block. */
export type Judged<T> = { value: T } | { breach: RuleViolation } | { block: Error };

/**
 * One judgement of the rule in progress (a query walked and checked, an answer checked) as the engine resolves what
 * `work` threw: its value, the rule's own violation, or a block by other rules. Anything else (the rule out of time,
 * a crash, another rule's violation) is thrown as it is.
 */
export async function judged<T>(work: () => T | Promise<T>): Promise<Judged<T>> {
  try {
    const value = await resultOrBlock(work);
    return isBlocked(value) ? { block: value } : { value };
  } catch (error) {
    if (error instanceof RuleViolation && error.ruleId === ruleInProgress()) return { breach: error };
    throw error;
  }
}

/**
 * The values of several independent judgements of the rule in progress, in order. When any broke the rule, it fails
 * with every breach in one violation (`label` names the judgement of each) and the evidence of each; one breach is
 * thrown as it is. With none broken but some blocked, the first block stops the rule.
 */
export function everyBreach<T>(outcomes: readonly Judged<T>[], label: (index: number) => string): T[] {
  const breaches = outcomes.flatMap((outcome, index) =>
    'breach' in outcome ? [{ index, error: outcome.breach }] : [],
  );
  const [first] = breaches;
  if (first && breaches.length === 1) throw first.error;
  if (first) {
    const shown = breaches.slice(0, shownBreaches);
    const more = breaches.length - shown.length;
    throw combinedViolation(
      breaches.map(({ error }) => error),
      `${breaches.length} of ${outcomes.length} judged broke the rule: ${shown
        .map(({ index, error }) => `[${label(index)}] ${error.message}`)
        .join(' | ')}${more > 0 ? ` | and ${more} more` : ''}`,
      shown.flatMap(({ error }) => error.evidence.slice(0, evidencePerBreach)),
      ruleInProgress() as RuleId,
    );
  }
  const blocked = outcomes.find((outcome) => 'block' in outcome);
  if (blocked) throw blocked.block;
  return outcomes.map((outcome) => (outcome as { value: T }).value);
}

/** Judges each item independently (all at once) and returns their values, or fails with every breach (everyBreach). */
export async function judgeEach<I, T>(
  items: readonly I[],
  judge: (item: I) => T | Promise<T>,
  label: (item: I) => string,
): Promise<T[]> {
  const outcomes = await Promise.all(items.map((item) => judged(() => judge(item))));
  return everyBreach(outcomes, (index) => label(items[index] as I));
}
