import { cursorPage, cursorPageOf } from '../../checks/custody/cursor-page.ts';
import { invalidCursorRefused } from '../../checks/custody/invalid-cursor-refused.ts';
import { foreignCursor } from '../../generators/custody/foreign-cursor.ts';
import { custodyListingPaths } from '../../rules/custody/endpoints.ts';
import { forAll } from '../support/for-all.ts';
import { ruleTest, useCustodySession } from './support/custody-session.ts';
import { walkListing } from './support/walk-listing.ts';

const session = useCustodySession();
const [listing, otherListing] = custodyListingPaths;

ruleTest('custody.cursor.foreign-token', async ({ observe }) => {
  const { client, section, property } = session();
  const id = 'custody.cursor.foreign-token';
  const tokenOf = async (endpoint: string, pageSize: number) => cursorPageOf(await client.page(endpoint, { pageRequest: 'FIRST', pageSize }), id).cursor.currentPage;
  const real = {
    token: await tokenOf(listing, 20),
    otherEndpointToken: await tokenOf(otherListing, 20),
    ...(section.tokenBindsPageSize ? { otherSizeToken: await tokenOf(listing, 5) } : {}),
  };
  const cases = await forAll(foreignCursor(real), property(), async (foreign) => {
    await Promise.all(
      (['NEXT', 'PREVIOUS'] as const).map(async (pageRequest) => invalidCursorRefused(await client.page(listing, { pageRequest, pageSize: 20, currentPage: foreign.value }), foreign.breaks)),
    );
  });
  observe('foreign tokens tried', cases);
});

ruleTest('custody.cursor.token-encoding', async ({ observe }) => {
  const { client } = session();
  const id = 'custody.cursor.token-encoding';
  // Walks at page size 1 meet many tokens; for each of +, / and = one that holds it is sent back on its own.
  const walks = await Promise.all(custodyListingPaths.map((endpoint) => walkListing(client, endpoint, 1, 'forward', id)));
  const special = ['+', '/', '='].flatMap((char) => {
    for (const walk of walks) {
      const found = walk.pages.find(({ page }) => page.cursor.hasNext && page.cursor.currentPage.includes(char));
      if (found) return [{ char, endpoint: walk.endpoint, token: found.page.cursor.currentPage }];
    }
    return [];
  });
  observe('token characters that need percent-encoding', special.map(({ char }) => char).join(' ') || 'none met');
  return Promise.all(special.map(async ({ endpoint, token }) => cursorPage(await client.page(endpoint, { pageRequest: 'NEXT', pageSize: 1, currentPage: token }), id)));
});
