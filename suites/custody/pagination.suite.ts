import { cursorFlags } from '../../checks/custody/cursor-flags.ts';
import { cursorNewToken } from '../../checks/custody/cursor-new-token.ts';
import { cursorPage } from '../../checks/custody/cursor-page.ts';
import { cursorPageSize } from '../../checks/custody/cursor-page-size.ts';
import { cursorWalkBack } from '../../checks/custody/cursor-walk-back.ts';
import { cursorWalkComplete } from '../../checks/custody/cursor-walk-complete.ts';
import { requireEnded, walkItems, type Walk } from '../../checks/custody/walk.ts';
import { statusForInvalidInput } from '../../checks/status-for-invalid-input.ts';
import { walkPageSizes } from '../../generators/custody/walk-page-sizes.ts';
import { custodyListingPaths, pageRequests } from '../../rules/custody/endpoints.ts';
import { ruleTest, useCustodySession } from './support/custody-session.ts';
import { walkListing } from './support/walk-listing.ts';

const session = useCustodySession();
const eachListing = <T>(body: (endpoint: string) => Promise<T>) => Promise.all(custodyListingPaths.map(body));

ruleTest('custody.cursor.first-last-without-token', async ({ observe }) => {
  const { client, section } = session();
  // The target entry's release line (default 3.58), recorded with the first rule every run judges.
  observe('release line', section.releaseLine);
  return (
    await eachListing((endpoint) =>
      Promise.all((['FIRST', 'LAST'] as const).map(async (pageRequest) => cursorPage(await client.page(endpoint, { pageRequest }), 'custody.cursor.first-last-without-token'))),
    )
  ).flat();
});

ruleTest('custody.cursor.next-previous-require-token', async () => {
  const { client } = session();
  const needing = pageRequests.filter((request) => request === 'NEXT' || request === 'PREVIOUS');
  return (
    await eachListing((endpoint) =>
      Promise.all(needing.map(async (pageRequest) => statusForInvalidInput(await client.page(endpoint, { pageRequest, pageSize: 2 }), 'custody.cursor.next-previous-require-token', null))),
    )
  ).flat();
});

/**
 * Forward walks of one listing at every page size the generator picks from its length (seen at size 20 first):
 * 1, 2, 20, sizes that divide the list and sizes that do not.
 */
async function walksAtEverySize(endpoint: string, ruleId: string): Promise<Walk[]> {
  const { client } = session();
  const first = await walkListing(client, endpoint, 20, 'forward', ruleId);
  // A walk that never ended gives no length to choose the other sizes from.
  requireEnded(first, ruleId);
  const sizes = walkPageSizes(walkItems(first).length).filter((size) => size !== 20);
  return [first, ...(await Promise.all(sizes.map((size) => walkListing(client, endpoint, size, 'forward', ruleId))))];
}

ruleTest('custody.cursor.walk-complete', () =>
  eachListing(async (endpoint) => cursorWalkComplete(await walksAtEverySize(endpoint, 'custody.cursor.walk-complete'), 'custody.cursor.walk-complete')),
);

/** A forward walk and the walk back from LAST at the same sizes (20, the spec's, and 7, which rarely divides). */
const bothWays = (ruleId: string) =>
  eachListing((endpoint) =>
    Promise.all(
      [20, 7].map(async (size) => ({
        forward: await walkListing(session().client, endpoint, size, 'forward', ruleId),
        back: await walkListing(session().client, endpoint, size, 'back', ruleId),
      })),
    ),
  ).then((pairs) => pairs.flat());

ruleTest('custody.cursor.walk-back', async () => (await bothWays('custody.cursor.walk-back')).map((walks) => cursorWalkBack(walks, 'custody.cursor.walk-back')));

ruleTest('custody.cursor.flags', async () => (await bothWays('custody.cursor.flags')).map((walks) => cursorFlags(walks, 'custody.cursor.flags')));

ruleTest('custody.cursor.page-size', async () =>
  (await eachListing(async (endpoint) => (await walksAtEverySize(endpoint, 'custody.cursor.page-size')).map((walk) => cursorPageSize(walk, 'custody.cursor.page-size')))).flat(),
);

ruleTest('custody.cursor.new-token', async () => {
  const { client } = session();
  const id = 'custody.cursor.new-token';
  return (await eachListing((endpoint) => Promise.all([1, 20].map(async (size) => cursorNewToken(await walkListing(client, endpoint, size, 'forward', id), id))))).flat();
});
