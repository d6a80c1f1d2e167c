import type { Rule } from '../rules/rule.ts';
import type { SettledBlock, SettledThrow } from './settled-verdict.ts';

/*
 * The rule table is where a rule's blockers are declared: a block names rules among the rule's `prerequisites`, or
 * rules the table marks `judgesWalkEnds` (which block any rule whose walk the pages stopped). A block of the run (a
 * request left unanswered, a body too large to read, no time left) names the rule that met it first, and is not
 * declared.
 * The self-tests run the harness with --strict-prerequisites (test/support/run-harness-cli.ts), so a route that blocks
 * by a rule the table does not declare breaks the rule there (a harness error), on the reference, its mutants, the
 * independent and the hostile targets alike. A user's run is not strict: its blocks name what the route found.
 */

/** The family's rules that judge why its walks end (Rule.judgesWalkEnds). */
export type WalkJudges = ReadonlySet<string>;

/** The blockers of `blocked` the table does not declare for `rule` (none for a block of the run). */
export function undeclaredBlockers(
  rule: Pick<Rule, 'prerequisites'>,
  blocked: SettledBlock,
  walkJudges: WalkJudges,
): string[] {
  if (blocked.origin === 'run') return [];
  const declared = new Set(rule.prerequisites ?? []);
  return blocked.blockedBy.filter((blocker) => !declared.has(blocker) && !walkJudges.has(blocker));
}

/**
 * Why what the rule's test came to (`settled`) breaks the rule in a strict run: a block by rules the table does not
 * declare for it; undefined when the run is not strict, or the block is declared, or it is no block.
 */
export function undeclaredBlock(
  rule: Pick<Rule, 'id' | 'family' | 'prerequisites'>,
  settled: SettledThrow | undefined,
  walkJudges: WalkJudges,
  strict: boolean,
): string | undefined {
  if (!strict || settled?.status !== 'blocked') return undefined;
  const undeclared = undeclaredBlockers(rule, settled, walkJudges);
  if (undeclared.length === 0) return undefined;
  return `blocked by ${undeclared.join(', ')}, which rules/${rule.family}/rules.ts neither declares among ${rule.id}'s prerequisites nor marks judgesWalkEnds (${settled.missing})`;
}
