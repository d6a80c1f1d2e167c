import type { RuleId } from './rule-id.ts';

/*
 * A schema's issue names the rule a value breaks as its message: checks judge a rule on the issues that name it,
 * and generators are tested to break exactly the rule they name. Taking a RuleId, a misspelled id does not compile.
 */

/** Zod params (`z.string(breaks(id))`, `.max(n, breaks(id))`) whose issue message is the rule's id. */
export const breaks = (rule: RuleId) => ({ error: rule });

/** A refinement's issue at `path` naming the rule it breaks, for `ctx.addIssue`. */
export const ruleIssue = (rule: RuleId, path: PropertyKey[]) => ({ code: 'custom' as const, message: rule, path });
