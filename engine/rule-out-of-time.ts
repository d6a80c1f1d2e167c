import type { Exchange } from '../client/http-exchange.ts';
import { answerTimes } from '../core/rule-in-progress.ts';
import { Finding } from './finding.ts';

/**
 * A rule stopped at the end of its share of the run's deadline while its target answered slowly
 * (core/rule-in-progress.ts ruleOutOfTime, suites/support/walk-budget.ts): `done` says how far it got ("6 of 31
 * cases judged, all of them passing", "12 pages read"), and `answers` how the target answered the rule. The rule
 * test turns it into the verdict of the target's slowness (engine/slow-target.ts).
 */
export class RuleOutOfTime extends Finding {
  readonly kind = 'run-limit';
  /** It stopped before its share's end could show anything: how the target answered is in `answers`. */
  readonly evidence: readonly Exchange[] = [];
  /** How the target answered the rule: exchanges and their total time (read where the rule's work runs). */
  readonly answers = answerTimes();

  constructor(readonly done: string) {
    super(`stopped at the end of its share of the run's deadline: ${done}`);
    this.name = 'RuleOutOfTime';
  }

  /** A property stopped after `judged` of its `planned` cases, every one judged passing. */
  static afterCases(judged: number, planned: number): RuleOutOfTime {
    return new RuleOutOfTime(`${judged} of ${planned} cases judged, all of them passing`);
  }
}
