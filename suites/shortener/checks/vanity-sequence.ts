import type { Exchange } from '../../../client/http-exchange.ts';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { entryJudged } from './entry-judged.ts';
import type { RuleId } from '../../../rules/rule-id.ts';

/** One request of a vanity-path sequence and what the rule says it must get. */
export interface VanityStep {
  exchange: Exchange;
  accepted: boolean;
  /** The step in words: which path, which domain, after what. */
  why: string;
  /**
   * For a step that must be accepted and that states another rule's property (a fresh path is free, a path
   * taken on one domain is free on another): the rules that judge it. Refused, it blocks this rule.
   */
  judgedBy?: readonly RuleId[];
}

/**
 * A sequence of requests for vanity paths: each step must be accepted (200) or refused (400) as the rule
 * says; a failure names the step and carries the exchanges up to it.
 */
export function vanitySequence(steps: readonly VanityStep[]): Verdict {
  steps.forEach((step, index) => {
    try {
      entryJudged(step.exchange, step);
    } catch (error) {
      if (!(error instanceof Violation)) throw error;
      const evidence = steps.slice(0, index + 1).map((done) => done.exchange);
      if (step.judgedBy) throw new PrerequisiteMissing(step.judgedBy, `${step.why}: ${error.message}`, evidence);
      throw new Violation(`${step.why}: ${error.message}`, evidence);
    }
  });
  return passed({ steps: steps.length });
}
