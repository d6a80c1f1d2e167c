import type { Exchange } from '../../../client/http-exchange.ts';
import { z } from 'zod';
import type { MappingRequest } from '../../../rules/shortener/records.ts';
import { jsonOf } from '../../../checks/response-required.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { baselineAccepted, baselineRule, refused } from './baseline-accepted.ts';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';

// Read leniently: only the echoed fields; the full shortenResponse shape is the accepted rule's to judge.
const echoes = z.object({ mappings: z.array(z.object({ longUrl: z.unknown(), expDate: z.unknown() }).passthrough()) });

// A target may normalise what it echoes: the same URL or the same instant written otherwise is the same value.
const sameUrl = (a: unknown, b: string) =>
  a === b || (typeof a === 'string' && URL.canParse(a) && URL.canParse(b) && new URL(a).href === new URL(b).href);
const sameInstant = (a: unknown, b: string) =>
  a === b || (typeof a === 'string' && !Number.isNaN(Date.parse(a)) && Date.parse(a) === Date.parse(b));

type Echo = { longUrl: unknown; expDate: unknown };

/** For each entry, the index of the first answer not yet taken that echoes its longUrl and expDate (-1: none). */
function matchEntries(entries: readonly MappingRequest[], answers: readonly Echo[]): number[] {
  const taken = new Set<number>();
  return entries.map((entry) => {
    const index = answers.findIndex(
      (answer, at) =>
        !taken.has(at) && sameUrl(answer.longUrl, entry.longUrl) && sameInstant(answer.expDate, entry.expDate),
    );
    if (index >= 0) taken.add(index);
    return index;
  });
}

/**
 * One shortenResponse per request entry, each echoing its entry's longUrl and expDate: "200 {mappings: list of
 * shortenResponse}" registers the entries sent. The document states no order: an answer in another order than the
 * request's passes, and the order met is observed. The entries are plain valid ones: a refusal, or an answer without
 * a `mappings` list, is the accepted rule's fault, and this rule is blocked by it.
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
  const matched = matchEntries(entries, mappings);
  const unanswered = matched.indexOf(-1);
  if (unanswered >= 0) {
    const entry = entries[unanswered] as MappingRequest;
    throw new Violation(
      `entry ${unanswered + 1} of ${entries.length} (longUrl ${JSON.stringify(entry.longUrl)}, expDate ${JSON.stringify(entry.expDate)}) has no shortenResponse echoing its longUrl and expDate`,
      [exchange],
    );
  }
  const inRequestOrder = matched.every((index, at) => index === at);
  return passed({
    entries: entries.length,
    order: inRequestOrder ? 'request order' : "another order than the request's",
  });
}
