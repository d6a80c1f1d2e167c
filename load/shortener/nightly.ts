import { mappingsPath, mappingsResponseSchema } from '../../rules/shortener/records.ts';
import type { ShortenerSection } from '../../targets/shortener/section.ts';
import type { ObservedResponse } from '../scenario.ts';
import { constantRate, type NightlyContext, type NightlyScenarios } from '../nightly-profile.ts';

/**
 * POST /mappings with one plain entry (no vanity path, so repeats never collide), expiring a day after the
 * run: every answer must be 200 with one answer for the one entry (shortener.mappings.accepted,
 * shortener.mappings.one-per-entry-in-order: `mappings` with one answer).
 */
export async function shortenerNightly(context: NightlyContext<ShortenerSection>): Promise<NightlyScenarios> {
  const { section } = context;
  if (section.token) context.redactor.addSecret(section.token);
  const entry = {
    longUrl: 'https://example.com/harness-nightly',
    expDate: new Date(Date.now() + 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
  const headers = {
    'content-type': 'application/json',
    ...(section.token ? { authorization: `Bearer ${section.token}` } : {}),
  };
  const answered = (response: ObservedResponse) => {
    if (response.status !== 200)
      return { ruleId: 'shortener.mappings.accepted', message: `a valid mapping request answered ${response.status}` };
    let answer: ReturnType<typeof mappingsResponseSchema.safeParse> | undefined;
    try {
      answer = mappingsResponseSchema.safeParse(JSON.parse(response.body));
    } catch {
      answer = undefined;
    }
    return answer?.success && answer.data.mappings.length === 1
      ? undefined
      : {
          ruleId: 'shortener.mappings.one-per-entry-in-order',
          message: 'a request of one entry did not get mappings with one answer',
        };
  };
  return {
    scenarios: [
      constantRate(context.profile, {
        name: 'nightly shortener mappings',
        family: 'shortener',
        baseUrl: section.baseUrl,
        requests: [{ label: 'mappings', method: 'POST', path: mappingsPath, headers, body: JSON.stringify([entry]) }],
        checkResponse: answered,
      }),
    ],
    close: async () => {},
  };
}
