import type { Exchange } from '../../client/exchange.ts';
import { mappingsResponseSchema, type MappingRequest } from '../../rules/shortener/records.ts';
import { parsedWith } from '../response-required.ts';
import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';

// A target may normalise what it echoes: the same URL or the same instant written otherwise is the same value.
const sameUrl = (a: string, b: string) => a === b || (URL.canParse(a) && URL.canParse(b) && new URL(a).href === new URL(b).href);
const sameInstant = (a: string, b: string) => a === b || (!Number.isNaN(Date.parse(a)) && Date.parse(a) === Date.parse(b));

/** One shortenResponse per request entry, in request order, each echoing its entry's longUrl and expDate. */
export function mappingsEcho({ exchange, entries }: { exchange: Exchange; entries: readonly MappingRequest[] }, ruleId: string): Verdict {
  const { mappings } = parsedWith(exchange, ruleId, (json) => mappingsResponseSchema.parse(json));
  if (mappings.length !== entries.length) throw new RuleViolation(ruleId, `${entries.length} entries were sent and ${mappings.length} shortenResponse came back`, [exchange]);
  entries.forEach((entry, index) => {
    const answer = mappings[index];
    if (!answer || !sameUrl(answer.longUrl, entry.longUrl)) {
      throw new RuleViolation(ruleId, `shortenResponse ${index + 1} has longUrl ${JSON.stringify(answer?.longUrl)}; entry ${index + 1} sent ${JSON.stringify(entry.longUrl)}`, [exchange]);
    }
    if (!sameInstant(answer.expDate, entry.expDate)) {
      throw new RuleViolation(ruleId, `shortenResponse ${index + 1} has expDate ${JSON.stringify(answer.expDate)}; entry ${index + 1} sent ${JSON.stringify(entry.expDate)}`, [exchange]);
    }
  });
  return passed(ruleId, { entries: entries.length });
}
