import { pageQueryString } from '../../client/custody/custody-client.ts';
import { custodyListingPaths } from '../../rules/custody/endpoints.ts';
import { pageSchemaFor } from '../../checks/custody/cursor-page.ts';
import { type CustodySection, type ListingSettings, listingSettingsOf } from '../../targets/custody/section.ts';
import type { ObservedResponse } from '../scenario.ts';
import { constantRate, type NightlyContext, type NightlyScenarios } from '../nightly-profile.ts';
import { shownWalkPageSize } from '../../rules/custody/limits.ts';

/**
 * The nine custody listings' first pages of 20, each judged as a first page: a cursor record, hasPrevious false, at
 * most 20 items.
 */
export async function custodyNightly(context: NightlyContext<CustodySection>): Promise<NightlyScenarios> {
  const { section } = context;
  context.redactor.addSecret(section.token);
  const headers = { authorization: `Bearer ${section.token}`, accept: 'application/json' };
  const pageSize = shownWalkPageSize;
  // Each listing read with its own settings (items key, cursor prefix, a string result).
  const firstPage = (listing: ListingSettings) => (response: ObservedResponse) => {
    if (response.status < 200 || response.status > 299) return undefined;
    let page: ReturnType<ReturnType<typeof pageSchemaFor>['safeParse']>;
    try {
      page = pageSchemaFor(listing).safeParse(JSON.parse(response.body));
    } catch {
      return { ruleId: 'custody.cursor.flags', message: 'a first page answered 2xx with a body that is not JSON' };
    }
    if (!page.success)
      return {
        ruleId: 'custody.cursor.flags',
        message: `a first page is not a cursor record: ${page.error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ')}`,
      };
    const body = page.data as Record<string, unknown> & { cursor: { hasPrevious: boolean } };
    if (body.cursor.hasPrevious)
      return { ruleId: 'custody.cursor.flags', message: 'a first page says hasPrevious: true' };
    const items = body[listing.itemsKey];
    if (Array.isArray(items) && items.length > pageSize)
      return { ruleId: 'custody.cursor.page-size', message: `a first page of size ${pageSize} held more items` };
    return undefined;
  };
  return {
    scenarios: custodyListingPaths.map((template) => {
      const listing = listingSettingsOf(section, template);
      const path = `${template.replace('{tagID}', encodeURIComponent(section.tagId))}?${pageQueryString({ pageRequest: 'FIRST', pageSize }, listing.cursorPrefix)}`;
      return constantRate(context.profile, {
        name: `nightly custody ${template}`,
        family: 'custody',
        baseUrl: section.baseUrl,
        requests: [{ label: template, method: 'GET', path, headers }],
        checkResponse: firstPage(listing),
      });
    }),
    close: async () => {},
  };
}
