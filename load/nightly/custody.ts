import { pageQueryString } from '../../client/custody/custody-client.ts';
import { custodyListingPaths } from '../../rules/custody/endpoints.ts';
import { cursorPageSchema } from '../../rules/custody/schemas.ts';
import type { CustodySection } from '../../targets/custody/section.ts';
import type { ObservedResponse } from '../scenario.ts';
import { constantRate, type NightlyContext, type NightlyScenarios } from './profile.ts';

/** The nine custody listings' first pages of 20, each judged as a first page: a cursor record, hasPrevious false, at most 20 items. */
export async function custodyNightly(context: NightlyContext): Promise<NightlyScenarios> {
  const section = context.section as CustodySection;
  context.redactor.addSecret(section.token);
  const headers = { authorization: `Bearer ${section.token}`, accept: 'application/json' };
  const pageSize = 20;
  const firstPage = (response: ObservedResponse) => {
    if (response.status < 200 || response.status > 299) return undefined;
    let page: ReturnType<typeof cursorPageSchema.safeParse>;
    try {
      page = cursorPageSchema.safeParse(JSON.parse(response.body));
    } catch {
      return { ruleId: 'custody.cursor.flags', message: 'a first page answered 2xx with a body that is not JSON' };
    }
    if (!page.success) return { ruleId: 'custody.cursor.flags', message: `a first page is not a cursor record: ${page.error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ')}` };
    if (page.data.cursor.hasPrevious) return { ruleId: 'custody.cursor.flags', message: 'a first page says hasPrevious: true' };
    if (page.data.result.length > pageSize) return { ruleId: 'custody.cursor.page-size', message: `a first page of size ${pageSize} held more items` };
    return undefined;
  };
  return {
    scenarios: custodyListingPaths.map((template) => {
      const path = `${template.replace('{tagID}', encodeURIComponent(section.tagId))}?${pageQueryString({ pageRequest: 'FIRST', pageSize })}`;
      return constantRate(context.profile, { name: `nightly custody ${template}`, family: 'custody', baseUrl: section.baseUrl, requests: [{ label: template, method: 'GET', path, headers }], checkResponse: firstPage });
    }),
    close: async () => {},
  };
}

