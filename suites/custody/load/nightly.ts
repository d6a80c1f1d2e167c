import { custodyChecks } from '../checks/index.ts';
import { pageQueryString } from '../client/custody-client.ts';
import { custodyListingPaths } from '../../../rules/custody/endpoints.ts';
import { custodyRules } from '../../../rules/custody/rules.ts';
import { type CustodySection, type ListingSettings, listingSettingsOf } from '../entry/section.ts';
import { observedExchange } from '../../../load/observed-exchange.ts';
import { loadJudge } from '../../../load/rule-judgement.ts';
import type { LoadRequest, LoadScenario } from '../../../load/scenario.ts';
import { constantRate, type NightlyContext, type NightlyScenarios } from '../../../load/nightly-profile.ts';
import { shownWalkPageSize } from '../../../rules/custody/limits.ts';

const judge = loadJudge(custodyRules, custodyChecks);

/**
 * The nine custody listings' first pages of 20, each 2xx answer judged as a FIRST page: 200 with a cursor page
 * (custody.cursor.first-last-without-token, by its registered check, cursor-page).
 */
export async function custodyNightly(context: NightlyContext<CustodySection>): Promise<NightlyScenarios> {
  const { section } = context;
  context.redactor.addSecret(section.token);
  const headers = { authorization: `Bearer ${section.token}`, accept: 'application/json' };
  const pageSize = shownWalkPageSize;
  return {
    scenarios: custodyListingPaths.map((template) => {
      const listing = listingSettingsOf(section, template);
      const path = `${template.replace('{tagID}', encodeURIComponent(section.tagId))}?${pageQueryString({ pageRequest: 'FIRST', pageSize }, listing.cursorPrefix)}`;
      const request: LoadRequest = { label: template, method: 'GET', path, headers };
      return constantRate(context.profile, {
        name: `nightly custody ${template}`,
        family: 'custody',
        baseUrl: section.baseUrl,
        requests: [request],
        checkResponse: firstPage(section.baseUrl, request, listing),
      });
    }),
    close: async () => {},
  };
}

/**
 * A FIRST page's answer by the rule whose check judges one page. The flags and page-size rules' checks judge whole
 * walks (forward and back), which one answer is not; the statuses other than 2xx are left to the thresholds, as before.
 */
function firstPage(baseUrl: string, request: LoadRequest, listing: ListingSettings): LoadScenario['checkResponse'] {
  return (response) =>
    response.status < 200 || response.status > 299
      ? undefined
      : judge.breach('custody.cursor.first-last-without-token', observedExchange(baseUrl, request, response), listing);
}
