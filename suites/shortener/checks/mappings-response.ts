import type { Exchange } from '../../../client/http-exchange.ts';
import { mappingsResponseSchema, mappingsStatuses, type MappingsResponse } from '../../../rules/shortener/records.ts';
import { parsedWith } from '../../../checks/response-required.ts';
import { passed, type Verdict } from '../../../engine/rule-violation.ts';
import { statusForValidInput } from '../../../checks/status-for-valid-input.ts';

/** The answer to valid entries: 200 with `mappings`, each a shortenResponse (longUrl, non-empty shortUrl, expDate). */
export function mappingsResponse(exchange: Exchange): Verdict {
  statusForValidInput(exchange, mappingsStatuses.accepted);
  const body: MappingsResponse = parsedWith(exchange, (json) => mappingsResponseSchema.parse(json));
  return passed({ 'shortUrl example': body.mappings[0]?.shortUrl });
}
