import { shortenerChecks } from '../checks/index.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { type MappingRequest, mappingsPath } from '../../../rules/shortener/records.ts';
import { shortenerRules } from '../../../rules/shortener/rules.ts';
import type { ShortenerSection } from '../entry/section.ts';
import { observedExchange } from '../../../load/observed-exchange.ts';
import { type LoadBreach, loadJudge } from '../../../load/rule-judgement.ts';
import type { LoadRequest } from '../../../load/scenario.ts';
import { constantRate, type NightlyContext, type NightlyScenarios } from '../../../load/nightly-profile.ts';

const judge = loadJudge(shortenerRules, shortenerChecks);

/**
 * POST /mappings with one plain entry (no vanity path, so repeats never collide), expiring a day after the
 * run: every answer must be 200 with `mappings` of shortenResponse records (shortener.mappings.accepted, by
 * mappings-response), one echoing the one entry (shortener.mappings.one-per-entry-in-order, by mappings-echo), each
 * judged by its registered check.
 */
export async function shortenerNightly(context: NightlyContext<ShortenerSection>): Promise<NightlyScenarios> {
  const { section } = context;
  if (section.token) context.redactor.addSecret(section.token);
  const entry: MappingRequest = {
    longUrl: 'https://example.com/harness-nightly',
    expDate: new Date(Date.now() + 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
  const headers = {
    'content-type': 'application/json',
    ...(section.token ? { authorization: `Bearer ${section.token}` } : {}),
  };
  const request: LoadRequest = {
    label: 'mappings',
    method: 'POST',
    path: mappingsPath,
    headers,
    body: JSON.stringify([entry]),
  };
  return {
    scenarios: [
      constantRate(context.profile, {
        name: 'nightly shortener mappings',
        family: 'shortener',
        baseUrl: section.baseUrl,
        requests: [request],
        checkResponse: (response) => mappingsBreach(observedExchange(section.baseUrl, request, response), entry),
      }),
    ],
    close: async () => {},
  };
}

/** The accepted rule first: an answer without a `mappings` list is its fault, and the echo rule is blocked by it. */
function mappingsBreach(exchange: Exchange, entry: MappingRequest): LoadBreach | undefined {
  return (
    judge.breach('shortener.mappings.accepted', exchange) ??
    judge.breach('shortener.mappings.one-per-entry-in-order', { exchange, entries: [entry] })
  );
}
