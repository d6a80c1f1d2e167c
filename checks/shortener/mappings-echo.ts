import type { Exchange } from '../../client/http-exchange.ts';
import { z } from 'zod';
import type { MappingRequest } from '../../rules/shortener/records.ts';
import { jsonOf } from '../response-required.ts';
import { passed, Violation, type Verdict } from '../rule-violation.ts';
import { baselineAccepted, baselineRule, refused } from './baseline-accepted.ts';
import { PrerequisiteMissing } from '../rule-blocked.ts';

// Read leniently: only the echoed fields; the full shortenResponse shape is the accepted rule's to judge.
const echoes = z.object({ mappings: z.array(z.object({ longUrl: z.unknown(), expDate: z.unknown() }).passthrough()) });

// A target may normalise what it echoes: the same URL or the same instant written otherwise is the same value.
const sameUrl = (a: unknown, b: string) =>
  a === b || (typeof a === 'string' && URL.canParse(a) && URL.canParse(b) && new URL(a).href === new URL(b).href);
const sameInstant = (a: unknown, b: string) =>
  a === b || (typeof a === 'string' && !Number.isNaN(Date.parse(a)) && Date.parse(a) === Date.parse(b));

/**
 * One shortenResponse per request entry, in request order, each echoing its entry's longUrl and expDate. The
 * entries are plain valid ones: a refusal, or an answer without a `mappings` list, is the accepted rule's
 * fault, and this rule is blocked by it.
 */
export function mappingsEcho({
  exchange,
  entries,
}: {
  exchange: Exchange;
  entries: readonly MappingRequest[];
}): Verdict {
  if (refused(exchange)) baselineAccepted(exchange);
  const read = echoes.safeParse(jsonOf(exchange));
  if (!read.success)
    throw new PrerequisiteMissing([baselineRule], 'the 200 answer to plain valid entries holds no `mappings` list', [
      exchange,
    ]);
  const { mappings } = read.data;
  if (mappings.length !== entries.length)
    throw new Violation(`${entries.length} entries were sent and ${mappings.length} shortenResponse came back`, [
      exchange,
    ]);
  entries.forEach((entry, index) => {
    const answer = mappings[index];
    if (!answer || !sameUrl(answer.longUrl, entry.longUrl)) {
      throw new Violation(
        `shortenResponse ${index + 1} has longUrl ${JSON.stringify(answer?.longUrl)}; entry ${index + 1} sent ${JSON.stringify(entry.longUrl)}`,
        [exchange],
      );
    }
    if (!sameInstant(answer.expDate, entry.expDate)) {
      throw new Violation(
        `shortenResponse ${index + 1} has expDate ${JSON.stringify(answer.expDate)}; entry ${index + 1} sent ${JSON.stringify(entry.expDate)}`,
        [exchange],
      );
    }
  });
  return passed({ entries: entries.length });
}
