import { answerTimes } from '../../core/rule-in-progress.ts';

/**
 * A rule stopped at the end of its share of the run's deadline while its target answered slowly
 * (core/rule-in-progress.ts ruleOutOfTime): `judged` of `planned` cases were judged, all of them passing, and
 * `answers` says how the target answered the rule. The rule test turns it into the verdict of the target's
 * slowness (suites/support/slow-target.ts).
 */
export class RuleOutOfTime extends Error {
  /** How the target answered the rule: exchanges and their total time (read where the rule's work runs). */
  readonly answers = answerTimes();

  constructor(
    readonly judged: number,
    readonly planned: number,
  ) {
    super(`stopped at the end of its share of the run's deadline: ${judged} of ${planned} cases judged`);
    this.name = 'RuleOutOfTime';
  }
}
