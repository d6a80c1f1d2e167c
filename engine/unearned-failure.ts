import { RuleBlocked } from './rule-blocked.ts';
import { RuleViolation } from './rule-violation.ts';
import type { Exchange } from '../client/http-exchange.ts';
import { exchangeLeftUnanswered, wasLeftUnanswered } from '../core/rule-in-progress.ts';
import type { Rule } from '../rules/rule.ts';
import type { RuleId } from '../rules/rule-id.ts';

/** The rules of a family that judge what the others could not read (Rule.judgesBodiesTooLarge). */
export type BodyJudges = readonly Pick<Rule<string, never>, 'id' | 'judgesBodiesTooLarge'>[];

/**
 * A violation that rests only on answers this rule could not have: exchanges the circuit breaker never sent (blocked
 * by the rule whose unanswered request opened it, which fails with the timeout it met), or bodies too large to read on
 * a path another rule judges whole (blocked by that rule, which fails with the body). One fault, one failed rule.
 * A violation with any exchange that is this rule's own to judge, and any other error, are returned as they are.
 */
export function blockedWhenUnearned(ruleId: string, error: unknown, bodyJudges: BodyJudges = []): unknown {
  if (!(error instanceof RuleViolation) || error.evidence.length === 0) return error;
  const judges = error.evidence.map((exchange) => judgeOf(exchange, bodyJudges));
  if (judges.some((judge) => judge === undefined || judge === ruleId)) return error;
  return new RuleBlocked([...new Set(judges)] as RuleId[], error.message, error.evidence, 'run');
}

/** The rule whose fault an exchange without a usable answer is, when it is another rule's to judge. */
function judgeOf(exchange: Exchange, bodyJudges: BodyJudges): string | undefined {
  if (exchange.error?.code === 'TARGET_UNRESPONSIVE') return exchange.error.judgedBy;
  if (exchange.error?.code !== 'BODY_TOO_LARGE') return undefined;
  const path = new URL(exchange.request.url).pathname;
  return bodyJudges.find((rule) => rule.judgesBodiesTooLarge?.test(path))?.id;
}

/**
 * The rule whose request opened the circuit breaker fails with it, even where its route read the unanswered page as
 * another rule's to judge (blocked): the rules whose requests were never sent are blocked by it, so it must not be
 * blocked in turn (a cycle would leave a target that stopped answering without one failed rule). `run`: the run's key.
 * A block that carries no exchange (a probe that heard nothing) fails with the unanswered exchange that opened the
 * breaker, so that the failure shows what the target did.
 */
export function failedWhenLeftUnanswered(ruleId: string, error: unknown, run?: string): unknown {
  if (!(error instanceof RuleBlocked) || !wasLeftUnanswered(ruleId, run)) return error;
  return new RuleViolation(
    ruleId as RuleId,
    `The target stopped answering this rule's requests (the family's remaining requests were not sent); ${error.message}`,
    error.evidence.length ? error.evidence : unansweredEvidence(ruleId, run),
  );
}

function unansweredEvidence(ruleId: string, run?: string): Exchange[] {
  const exchange = exchangeLeftUnanswered(ruleId, run) as Exchange | undefined;
  return exchange ? [exchange] : [];
}
