import type { Exchange } from '../../client/exchange.ts';
import { authorizationsResponseSchema, maxAuthorizations, maxPerOutcome, outcomeOf } from '../../rules/cards/authorization-schemas.ts';
import { recordRule } from '../record-rule.ts';
import { jsonOf } from '../response-required.ts';
import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';

/** The authorizations of a card: at most 100, at most 50 approved and at most 50 declined. */
export function authorizationsLimit(exchange: Exchange, ruleId: string): Verdict {
  recordRule(exchange, ruleId, { record: 'GET authorizations', schema: authorizationsResponseSchema, statuses: [200] });
  const items = (jsonOf(exchange, ruleId) as { authorizationDetails: { authorizationStatus?: unknown }[] }).authorizationDetails;
  const approved = items.filter((item) => outcomeOf(item.authorizationStatus) === 'approved').length;
  const declined = items.filter((item) => outcomeOf(item.authorizationStatus) === 'declined').length;
  if (items.length > maxAuthorizations) throw new RuleViolation(ruleId, `GET authorizations returned ${items.length} authorizations, more than ${maxAuthorizations}`, [exchange]);
  if (approved > maxPerOutcome) throw new RuleViolation(ruleId, `GET authorizations returned ${approved} approved authorizations, more than ${maxPerOutcome}`, [exchange]);
  if (declined > maxPerOutcome) throw new RuleViolation(ruleId, `GET authorizations returned ${declined} declined authorizations, more than ${maxPerOutcome}`, [exchange]);
  return passed(ruleId, { authorizations: items.length, approved, declined });
}

/** The authorizations returned are those of the card asked for: its cardId, and its last five digits on every item. */
export function authorizationsOfCard(observed: { exchange: Exchange; cardId: string; lastFive: string | undefined }, ruleId: string): Verdict {
  const { exchange, cardId, lastFive } = observed;
  recordRule(exchange, ruleId, { record: 'GET authorizations', schema: authorizationsResponseSchema, statuses: [200] });
  const body = jsonOf(exchange, ruleId) as { cardId: string; authorizationDetails: { lastFive?: unknown }[] };
  if (body.cardId !== cardId) throw new RuleViolation(ruleId, `GET authorizations of card ${cardId} answered cardId ${body.cardId}`, [exchange]);
  const other = lastFive === undefined ? undefined : body.authorizationDetails.find((item) => typeof item.lastFive === 'string' && item.lastFive !== lastFive);
  if (other) throw new RuleViolation(ruleId, `GET authorizations of card ${cardId} (last five ${lastFive}) returned an authorization of last five ${String(other.lastFive)}`, [exchange]);
  return passed(ruleId);
}
