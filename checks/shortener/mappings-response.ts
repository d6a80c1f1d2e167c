import type { Exchange } from '../../client/http-exchange.ts';
import { mappingsResponseSchema, mappingsStatuses, type MappingsResponse } from '../../rules/shortener/records.ts';
import { parsedWith } from '../response-required.ts';
import { passed, type Verdict } from '../rule-violation.ts';
import { statusForValidInput } from '../status-for-valid-input.ts';
import type { RuleId } from '../../rules/rule-id.ts';

/** The answer to valid entries: 200 with `mappings`, each a shortenResponse (longUrl, non-empty shortUrl, expDate). */
export function mappingsResponse(exchange: Exchange, ruleId: RuleId): Verdict {
  statusForValidInput(exchange, ruleId, mappingsStatuses.accepted);
  const body: MappingsResponse = parsedWith(exchange, ruleId, (json) => mappingsResponseSchema.parse(json));
  return passed(ruleId, { 'shortUrl example': body.mappings[0]?.shortUrl });
}
