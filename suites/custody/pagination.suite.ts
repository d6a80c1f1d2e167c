import { endedFirst, listPages, walkItems, type Walk } from './checks/walk.ts';
import { largestAskedPageSize, walkPageSizes } from '../../generators/custody/walk-page-sizes.ts';
import { dividingPageSize } from '../../generators/dividing-page-size.ts';
import { custodyListingPaths, pageRequests } from '../../rules/custody/endpoints.ts';
import { contentTypesObserved } from './support/content-types-observed.ts';
import { ruleTest, useCustodySession } from './support/custody-session.ts';
import { everyListing } from './support/every-listing.ts';
import { walkListing } from './support/walk-listing.ts';
import { statusAnswered } from './support/status-answered.ts';
import { shownWalkPageSize } from '../../rules/custody/limits.ts';

const session = useCustodySession();

/** Listings whose result is one string (an export): their items cannot be counted or compared across page sizes. */
const stringResult = (endpoint: string) =>
  session().client.listing(endpoint).result === 'string'
    ? 'its result is a string (an export): items are not counted'
    : undefined;

ruleTest('custody.cursor.first-last-without-token', async ({ observe, check }) => {
  const { client, section } = session();
  // The target entry's release line (default 3.58), recorded with the first rule every run judges.
  observe('release line', section.releaseLine);
  observe('response Content-Type (no document names one)', await contentTypesObserved(client, custodyListingPaths[0]));
  await everyListing(observe, (endpoint) =>
    Promise.all(
      (['FIRST', 'LAST'] as const).map(async (pageRequest) =>
        check(await client.page(endpoint, { pageRequest }), client.listing(endpoint)),
      ),
    ),
  );
});

ruleTest('custody.cursor.next-previous-require-token', async ({ observe, check }) => {
  const { client } = session();
  const needing = pageRequests.filter((request) => request === 'NEXT' || request === 'PREVIOUS');
  await everyListing(observe, (endpoint) =>
    Promise.all(
      needing.map(async (pageRequest) =>
        check(statusAnswered(await client.page(endpoint, { pageRequest, pageSize: 2 })), null),
      ),
    ),
  );
});

/** Values of cursor.pageRequest outside its enum: another word, another case, one with a space. */
const offEnumPageRequests = ['CURRENT', 'first', 'NEXT '];

// An empty value is observed, not judged: the real platform's gateway reads an empty parameter as the field's
// default, which is the parameter not given (proto3), and a service may do the same.
ruleTest('custody.cursor.page-request-enum', async ({ observe, check }) => {
  const { client } = session();
  const emptyAnswered = new Set<string>();
  await everyListing(observe, async (endpoint) => {
    const empty = await client.page(endpoint, { pageRequest: { offEnum: '' }, pageSize: 2 });
    emptyAnswered.add(String(empty.response?.status ?? empty.error?.code));
    return Promise.all(
      offEnumPageRequests.map(async (offEnum) =>
        check(statusAnswered(await client.page(endpoint, { pageRequest: { offEnum }, pageSize: 2 })), null),
      ),
    );
  });
  observe('an empty cursor.pageRequest answered', [...emptyAnswered].sort().join(', '));
});

/**
 * Forward walks of one listing at every page size the generator picks from its length (seen at size 20 first):
 * 1, 2, 20, sizes that divide the list and sizes that do not.
 */
async function walksAtEverySize(endpoint: string): Promise<Walk[]> {
  const { client } = session();
  const first = await walkListing(client, endpoint, shownWalkPageSize, 'forward');
  // A walk that never ended gives no length to choose the other sizes from: the rule judges the pages it read.
  if (first.ended !== 'end-reached') return [first];
  const sizes = walkPageSizes(walkItems(first).length).filter((size) => size !== shownWalkPageSize);
  return [first, ...(await Promise.all(sizes.map((size) => walkListing(client, endpoint, size, 'forward'))))];
}

ruleTest('custody.cursor.walk-complete', ({ observe, check }) =>
  everyListing(observe, async (endpoint) => check(await walksAtEverySize(endpoint)), stringResult),
);

/**
 * A forward walk and the walk back from LAST at the same sizes: 20 (the spec's), 7 (which rarely divides) and a
 * size that divides the list exactly (a full last page, which must say hasNext false), from the length at 20.
 */
async function bothWays(endpoint: string): Promise<{ forward: Walk; back: Walk }[]> {
  // One size after the other: a LAST at one size interleaved with a FIRST at another is the model rule's case, not
  // these rules'.
  const walks: { forward: Walk; back: Walk }[] = [];
  for (const size of [shownWalkPageSize, 7, undefined]) {
    const length = walks[0]?.forward.ended === 'end-reached' ? walkItems(listPages(walks[0].forward)).length : 0;
    const pageSize = size ?? dividingPageSize(length, largestAskedPageSize);
    if (pageSize === undefined || (size === undefined && walks.some(({ forward }) => forward.pageSize === pageSize)))
      continue;
    const forward = await walkListing(session().client, endpoint, pageSize, 'forward');
    walks.push({ forward, back: await walkListing(session().client, endpoint, pageSize, 'back') });
  }
  return walks;
}

ruleTest('custody.cursor.walk-back', ({ observe, check }) =>
  everyListing(observe, async (endpoint) => (await bothWays(endpoint)).map((walks) => check(walks))),
);

ruleTest('custody.cursor.flags', ({ observe, check }) =>
  everyListing(observe, async (endpoint) => (await bothWays(endpoint)).map((walks) => check(walks))),
);

ruleTest('custody.cursor.page-size', ({ observe, check }) =>
  // The walks that ended are judged first: one stopped short blocks only what is left unjudged.
  everyListing(
    observe,
    async (endpoint) =>
      endedFirst(await walksAtEverySize(endpoint)).map((walk) => {
        const verdict = check(walk);
        // Short pages before the last are reported, never failed: nothing demands full pages.
        for (const [key, value] of Object.entries(verdict.observations ?? {}))
          if (key.startsWith('pages before the last')) observe(`${endpoint} at size ${walk.pageSize}: ${key}`, value);
        return verdict;
      }),
    stringResult,
  ),
);

ruleTest('custody.cursor.new-token', ({ observe, check }) => {
  const { client } = session();
  return everyListing(observe, (endpoint) =>
    Promise.all(
      [1, shownWalkPageSize].map(async (size) => check(await walkListing(client, endpoint, size, 'forward'))),
    ),
  );
});
