import type { Exchange } from '../../client/http-exchange.ts';
import { unenrolResponseSchema } from '../../rules/cards/response-schemas.ts';
import { recordRule } from '../record-rule.ts';
import { jsonOf, responseOf } from '../response-required.ts';
import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';
import { cardStatusOf } from './card-view.ts';
import type { RuleId } from '../../rules/rule-id.ts';

/** DELETE account answered 200 with the account's id and status INACTIVE. */
export function unenrolResponse(observed: { exchange: Exchange; accountId: string }, ruleId: RuleId): Verdict {
  recordRule(observed.exchange, ruleId, {
    record: `DELETE account ${observed.accountId}`,
    schema: unenrolResponseSchema,
    statuses: [200],
  });
  const answered = (jsonOf(observed.exchange, ruleId) as { accountId: string }).accountId;
  if (answered !== observed.accountId)
    throw new RuleViolation(ruleId, `DELETE account ${observed.accountId} answered accountId ${answered}`, [
      observed.exchange,
    ]);
  return passed(ruleId);
}

/** Where GET card still shows a card after unenrolment, its status is the one from before. */
export function cardStatusKept(
  observed: { before: Exchange; after: Exchange; cardId: string },
  ruleId: RuleId,
): Verdict {
  const { status } = responseOf(observed.after, ruleId);
  if (status !== 200) return passed(ruleId, { [`card ${observed.cardId} after unenrolment`]: `not shown (${status})` });
  const [was, now] = [cardStatusOf(observed.before), cardStatusOf(observed.after)];
  if (now !== was)
    throw new RuleViolation(
      ruleId,
      `card ${observed.cardId} shows status ${String(now)} after the unenrolment of its account; it was ${String(was)}`,
      [observed.before, observed.after],
    );
  return passed(ruleId, { [`card ${observed.cardId} after unenrolment`]: `shown, status ${String(now)}` });
}

/** GET authorizationnotifications after unenrolment is not about a card of the account, unless it was before. */
export function noUnenrolmentNotification(
  observed: { before: Exchange; after: Exchange; cardIds: readonly string[] },
  ruleId: RuleId,
): Verdict {
  const about = (exchange: Exchange) => {
    if (exchange.response?.status !== 200) return undefined;
    try {
      return JSON.stringify(exchange.response.json());
    } catch {
      return undefined;
    }
  };
  const after = about(observed.after);
  if (after === undefined || after === about(observed.before)) return passed(ruleId);
  const cardId = (observed.after.response?.json() as { cardId?: unknown } | null)?.cardId;
  if (typeof cardId === 'string' && observed.cardIds.includes(cardId)) {
    throw new RuleViolation(
      ruleId,
      `after the unenrolment GET authorizationnotifications is about card ${cardId} of the unenrolled account`,
      [observed.before, observed.after],
    );
  }
  return passed(ruleId);
}
