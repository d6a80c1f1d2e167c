import type { RuleUnderCheck } from '../../../engine/check.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import {
  authorizationsResponseSchema,
  maxAuthorizations,
  maxPerOutcome,
  outcomeOf,
} from '../../../rules/cards/authorization-schemas.ts';
import { recordRule } from '../../../checks/record-rule.ts';
import { jsonOf } from '../../../checks/response-required.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { recordRuleBehind } from './record-behind.ts';

/** The authorizations of a card: at most 100, at most 50 approved and at most 50 declined. */
export function authorizationsLimit(this: RuleUnderCheck, exchange: Exchange): Verdict {
  recordRule.call(this, exchange, {
    record: 'GET authorizations',
    schema: authorizationsResponseSchema,
    statuses: [200],
  });
  // The list is there (the schema's root issues name this rule); its items' shapes are the items rule's.
  const items = (jsonOf(exchange) as { authorizationDetails?: unknown }).authorizationDetails;
  if (!Array.isArray(items))
    throw new Violation('GET authorizations answered without an authorizationDetails list', [exchange]);
  const statusOf = (item: unknown) =>
    outcomeOf((item as { authorizationStatus?: unknown } | null)?.authorizationStatus);
  const approved = items.filter((item) => statusOf(item) === 'approved').length;
  const declined = items.filter((item) => statusOf(item) === 'declined').length;
  if (items.length > maxAuthorizations)
    throw new Violation(`GET authorizations returned ${items.length} authorizations, more than ${maxAuthorizations}`, [
      exchange,
    ]);
  if (approved > maxPerOutcome)
    throw new Violation(`GET authorizations returned ${approved} approved authorizations, more than ${maxPerOutcome}`, [
      exchange,
    ]);
  if (declined > maxPerOutcome)
    throw new Violation(`GET authorizations returned ${declined} declined authorizations, more than ${maxPerOutcome}`, [
      exchange,
    ]);
  return passed({ authorizations: items.length, approved, declined });
}

/** The authorizations returned are those of the card asked for: its cardId, and its last five digits on every item. */
export function authorizationsOfCard(
  this: RuleUnderCheck,
  observed: {
    exchange: Exchange;
    cardId: string;
    lastFive: string | undefined;
  },
): Verdict {
  const { exchange, cardId, lastFive } = observed;
  recordRuleBehind.call(this, exchange, {
    record: `GET authorizations of ${cardId}`,
    schema: authorizationsResponseSchema,
    statuses: [200],
    statusRule: 'cards.authorizations.limit',
  });
  const body = jsonOf(exchange) as { cardId: string; authorizationDetails?: unknown };
  if (body.cardId !== cardId)
    throw new Violation(`GET authorizations of card ${cardId} answered cardId ${body.cardId}`, [exchange]);
  // The items are read leniently: a list that is not one is the limit rule's, an item's shape the items rule's.
  const items = Array.isArray(body.authorizationDetails) ? body.authorizationDetails : [];
  const lastFiveOf = (item: unknown) => (item as { lastFive?: unknown } | null)?.lastFive;
  const other =
    lastFive === undefined
      ? undefined
      : items.find((item) => typeof lastFiveOf(item) === 'string' && lastFiveOf(item) !== lastFive);
  if (other !== undefined)
    throw new Violation(
      `GET authorizations of card ${cardId} (last five ${lastFive}) returned an authorization of last five ${String(lastFiveOf(other))}`,
      [exchange],
    );
  return passed();
}
