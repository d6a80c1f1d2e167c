import type { RuleUnderCheck } from '../../../engine/check.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { unenrolResponseSchema } from '../../../rules/cards/response-schemas.ts';
import { recordRule } from '../../../checks/record-rule.ts';
import { jsonOf, responseOf } from '../../../checks/response-required.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { cardStatusOf } from './card-view.ts';

/** DELETE account answered 200 with the account's id and status INACTIVE. */
export function unenrolResponse(this: RuleUnderCheck, observed: { exchange: Exchange; accountId: string }): Verdict {
  recordRule.call(this, observed.exchange, {
    record: `DELETE account ${observed.accountId}`,
    schema: unenrolResponseSchema,
    statuses: [200],
  });
  const answered = (jsonOf(observed.exchange) as { accountId: string }).accountId;
  if (answered !== observed.accountId)
    throw new Violation(`DELETE account ${observed.accountId} answered accountId ${answered}`, [observed.exchange]);
  return passed();
}

/** Where GET card still shows a card after unenrolment, its status is the one from before. */
export function cardStatusKept(observed: { before: Exchange; after: Exchange; cardId: string }): Verdict {
  const { status } = responseOf(observed.after);
  if (status !== 200) return passed({ [`card ${observed.cardId} after unenrolment`]: `not shown (${status})` });
  const [was, now] = [cardStatusOf(observed.before), cardStatusOf(observed.after)];
  if (now !== was)
    throw new Violation(
      `card ${observed.cardId} shows status ${String(now)} after the unenrolment of its account; it was ${String(was)}`,
      [observed.before, observed.after],
    );
  return passed({ [`card ${observed.cardId} after unenrolment`]: `shown, status ${String(now)}` });
}

/** GET authorizationnotifications after unenrolment is not about a card of the account, unless it was before. */
export function noUnenrolmentNotification(observed: {
  before: Exchange;
  after: Exchange;
  cardIds: readonly string[];
}): Verdict {
  const about = (exchange: Exchange) => {
    if (exchange.response?.status !== 200) return undefined;
    try {
      return JSON.stringify(exchange.response.json());
    } catch {
      return undefined;
    }
  };
  const after = about(observed.after);
  if (after === undefined || after === about(observed.before)) return passed();
  const cardId = (observed.after.response?.json() as { cardId?: unknown } | null)?.cardId;
  if (typeof cardId === 'string' && observed.cardIds.includes(cardId)) {
    throw new Violation(
      `after the unenrolment GET authorizationnotifications is about card ${cardId} of the unenrolled account`,
      [observed.before, observed.after],
    );
  }
  return passed();
}
