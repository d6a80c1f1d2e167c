import type { Exchange } from '../client/http-exchange.ts';
import { exchangeLeftUnanswered, wasLeftUnanswered } from '../core/rule-in-progress.ts';
import type { Rule } from '../rules/rule.ts';
import { type SettledThrow, settledBlock } from './settled-verdict.ts';

/** The rules of a family that judge what the others could not read (Rule.judgesBodiesTooLarge). */
export type BodyJudges = readonly Pick<Rule<string, never>, 'id' | 'judgesBodiesTooLarge'>[];

/**
 * A violation that rests only on answers this rule could not have: exchanges the circuit breaker never sent (blocked
 * by the rule whose unanswered request opened it, which fails with the timeout it met), or bodies too large to read on
 * a path another rule judges whole (blocked by that rule, which fails with the body). One fault, one failed rule.
 * A violation with any exchange that is this rule's own to judge, and a block, are returned as they are.
 */
export function blockedWhenUnearned(ruleId: string, settled: SettledThrow, bodyJudges: BodyJudges = []): SettledThrow {
  if (settled.status !== 'failed' || settled.evidence.length === 0) return settled;
  const judges = settled.evidence.map((exchange) => judgeOf(exchange, bodyJudges));
  if (judges.some((judge) => judge === undefined || judge === ruleId)) return settled;
  return settledBlock([...new Set(judges)] as string[], settled.message, settled.evidence, 'run');
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
export function failedWhenLeftUnanswered(ruleId: string, settled: SettledThrow, run?: string): SettledThrow {
  if (settled.status !== 'blocked' || !wasLeftUnanswered(ruleId, run)) return settled;
  return {
    status: 'failed',
    ruleId,
    message: `The target stopped answering this rule's requests (the family's remaining requests were not sent); ${settled.message}`,
    evidence: settled.evidence.length ? settled.evidence : unansweredEvidence(ruleId, run),
  };
}

function unansweredEvidence(ruleId: string, run?: string): Exchange[] {
  const exchange = exchangeLeftUnanswered(ruleId, run) as Exchange | undefined;
  return exchange ? [exchange] : [];
}
