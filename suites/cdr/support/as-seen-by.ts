import { prerequisiteMissing, RuleBlocked } from '../../../checks/rule-blocked.ts';
import { RuleViolation } from '../../../checks/rule-violation.ts';
import type { RuleId } from '../../../rules/rule-id.ts';

/**
 * A failure met while making something several rules share (a walk, the details) as one asking rule sees it:
 * another rule's violation blocks it; a block by the asking rule itself is its own violation. So a shared
 * prerequisite fails exactly the rule that judges it, whichever rule happened to ask first.
 */
export function asSeenBy(ruleId: RuleId, error: unknown): unknown {
  if (error instanceof RuleViolation && error.ruleId !== ruleId)
    return new RuleBlocked([error.ruleId], error.message, error.evidence);
  if (error instanceof RuleBlocked && error.blockedBy.includes(ruleId))
    return prerequisiteMissing(ruleId, error.blockedBy, error.missing, error.evidence);
  return error;
}

/** The shared work as `ruleId` sees it (see asSeenBy). */
export function askedBy<T>(ruleId: RuleId, shared: Promise<T>): Promise<T> {
  return shared.catch((error: unknown) => {
    throw asSeenBy(ruleId, error);
  });
}
