import type { Exchange } from '../client/http-exchange.ts';
import type { RuleId } from '../rules/rule-id.ts';
import { Finding } from './finding.ts';
import { RuleViolation } from './rule-violation.ts';

/**
 * Where a block comes from: `prerequisite`, what this rule's route needs and other rules judge (the rules named are
 * declared in the rule table: the rule's `prerequisites`, or a rule marked `judgesWalkEnds`); `run`, what happened to
 * this run whatever the rule (a request left unanswered, a body too large to read, no time left), whose blocker is
 * known only as it happens.
 */
export type BlockOrigin = 'prerequisite' | 'run';

/** How a block reads, thrown (RuleBlocked) or settled (engine/settled-verdict.ts): `blocked by <rules>: <missing>`. */
export function blockMessage(blockedBy: readonly string[], missing: string): string {
  return `blocked by ${blockedBy.join(', ')}: ${missing}`;
}

/**
 * A rule could not get what it needs from responses that other rules judge (a product id from a list page, a
 * cursor token, a created charge): it is blocked by those rules, not failed. Blocked is its own outcome, so
 * one fault in a target fails the rule that states the broken property and no other.
 */
export class RuleBlocked extends Finding {
  override readonly name = 'RuleBlocked';
  readonly code = 'RULE_BLOCKED';

  constructor(
    /** The rules whose failure stopped this one (those that judge what was missing). */
    readonly blockedBy: readonly RuleId[],
    /** What was missing, in words: "no product id could be read from the first list page". */
    readonly missing: string,
    /** The exchanges that showed it, kept as evidence of the block. */
    readonly evidence: readonly Exchange[] = [],
    readonly origin: BlockOrigin = 'prerequisite',
  ) {
    super(blockMessage(blockedBy, missing));
  }

  /** A block of the run (its blocker known only as it happened) is a run limit; any other, a missing prerequisite. */
  get kind(): 'missing' | 'run-limit' {
    return this.origin === 'run' ? 'run-limit' : 'missing';
  }
}

/**
 * A prerequisite of `askingRule` is missing. When the asking rule is itself one of the rules that judge the
 * missing property, that is its own violation; otherwise it is blocked by them.
 */
export function prerequisiteMissing(
  askingRule: RuleId,
  judgedBy: readonly RuleId[],
  missing: string,
  evidence: readonly Exchange[] = [],
): RuleViolation | RuleBlocked {
  if (judgedBy.includes(askingRule)) return new RuleViolation(askingRule, missing, evidence);
  return new RuleBlocked(judgedBy, missing, evidence);
}

/**
 * What a check throws when it cannot read what it needs, which the rules `judgedBy` judge: a check does not know the
 * rule it judges for, so the engine resolves it (`prerequisiteMissing` with that rule, engine/rule-check.ts).
 */
export class PrerequisiteMissing extends Finding {
  override readonly name = 'PrerequisiteMissing';
  readonly kind = 'missing';

  constructor(
    readonly judgedBy: readonly RuleId[],
    readonly missing: string,
    readonly evidence: readonly Exchange[] = [],
  ) {
    super(missing);
  }
}
