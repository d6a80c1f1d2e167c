import { listPageOf, type ProductWalk } from './checks/product-walk.ts';
import { PrerequisiteMissing } from '../../engine/rule-blocked.ts';
import { describeListQuery, type ListQuery } from '../../rules/cdr/list-query.ts';
import { ruleTest, useCdrSession, walkingRule } from './support/cdr-session.ts';
import { sharedListWalks } from './support/list-walks.ts';
import { linkLocator } from './support/locate-links.ts';
import { nextFollowedLate } from './support/late-reuse.ts';
import type { RuleId } from '../../rules/rule-id.ts';
import { everyBreach, judged, judgeEach, type Judged } from './support/every-breach.ts';

const session = useCdrSession();
const walks = sharedListWalks(() => session().client);
const locate = linkLocator(() => session().client);
const allForward = async () => (await walks.forward()).flatMap((walked) => walked.forward);
/** The walks back along the forward walks, those at page size 1 left out. */
const allBack = (forward: readonly ProductWalk[]) =>
  Promise.all(forward.filter((walk) => walk.pageSize !== 1).map((walk) => walks.back(walk)));

ruleTest(
  'cdr.links.self',
  async ({ check }) => {
    const forward = await allForward();
    // Walking back meets the pages from the other side: their self links are judged too.
    return check(await locate([...forward, ...(await allBack(forward))], ['self']));
  },
  walkingRule,
);

ruleTest('cdr.list.envelope', async ({ check }) => check(await allForward()), walkingRule);

ruleTest(
  'cdr.links.valid',
  async ({ check }) => {
    const { client } = session();
    const forward = await allForward();
    // The walks back meet the last links and the prev links: judged too (a walk that stopped is judged up to where it
    // stopped).
    return check({ walks: [...forward, ...(await allBack(forward))], outsideScope: (url) => client.outsideScope(url) });
  },
  walkingRule,
);

ruleTest(
  'cdr.links.first-prev-when-not-first',
  async ({ check }) =>
    check({
      walks: await locate(await allForward(), ['first', 'prev']),
      pair: 'first-prev',
    }),
  walkingRule,
);

ruleTest(
  'cdr.links.next-last-when-not-last',
  async ({ check }) =>
    check({
      walks: await locate(await allForward(), ['next', 'last']),
      pair: 'next-last',
    }),
  walkingRule,
);

ruleTest(
  'cdr.pagination.walk-complete',
  async ({ observe, check }) => {
    const groups = await walks.forward();
    const verdicts = await judgeEach(
      groups,
      async (walked) => check(await locate(walked.forward, ['last'])),
      ({ group }) => describeListQuery(group.filters),
    );
    // Once every walk is done: page 1's next link of the earliest walk, followed again (observed, with how late).
    const late = await nextFollowedLate(
      session().client,
      groups.flatMap((walked) => walked.forward),
    );
    if (late !== undefined) observe('an early next link followed again late', late);
    return verdicts;
  },
  walkingRule,
);

ruleTest(
  'cdr.pagination.walk-back',
  async ({ check }) => {
    const groups = await walks.forward();
    // Each walk with the group's first, one page above the whole list: what a walk that stopped early is judged
    // against.
    return judgeEach(
      groups.flatMap(({ forward }) => forward.map((walk) => ({ walk, whole: forward[0] }))),
      async ({ walk, whole }) =>
        check({ forward: walk, back: await walks.back(walk), ...(whole && whole !== walk ? { whole } : {}) }),
      ({ walk }) => walk.query,
    );
  },
  walkingRule,
);

ruleTest(
  'cdr.pagination.totals',
  async ({ check }) => {
    const groups = await walks.forward();
    const baselines = new Map(groups.flatMap(({ forward }) => forward.map((walk) => [walk, forward[0]] as const)));
    return check(
      groups.flatMap(({ forward }) => forward),
      (walk) => baselines.get(walk),
    );
  },
  walkingRule,
);

ruleTest(
  'cdr.pagination.empty-result',
  async ({ observe, check }) => {
    const { client } = session();
    const noBrand = 'no brand has this name';
    const queries: [ListQuery, RuleId][] = [
      [{ brand: noBrand }, 'cdr.list.brand'],
      [
        { effective: 'ALL', updatedSince: new Date(Date.now() + 365 * 86_400_000).toISOString() },
        'cdr.list.updated-since',
      ],
      [{ effective: 'ALL', brand: noBrand, pageSize: 2 }, 'cdr.list.brand'],
    ];
    const blocks: PrerequisiteMissing[] = [];
    const outcomes: Judged<ReturnType<typeof check>>[] = [];
    const judgedQueries: ListQuery[] = [];
    for (const [query, filterRule] of queries) {
      // page=1 asked for: a wrong default page is cdr.list.page-default's, not this rule's.
      const exchange = await client.list({ page: 1, ...query });
      // Products where the filter matches none are that filter's fault (its rule asks the same): that empty page's form
      // cannot be judged.
      const held = exchange.response?.status === 200 ? listPageOf(exchange).data.products.length : 0;
      if (held > 0)
        blocks.push(
          new PrerequisiteMissing(
            [filterRule],
            `${describeListQuery(query)} matches no product, yet answered ${held}: the filter is ${filterRule}'s to judge`,
            [exchange],
          ),
        );
      else {
        judgedQueries.push(query);
        outcomes.push(await judged(() => check(exchange)));
      }
    }
    // Judged on the queries whose filter worked; blocked only when none did.
    if (outcomes.length === 0 && blocks[0]) throw blocks[0];
    if (blocks.length > 0)
      observe(
        'not judged (a filter that returned products)',
        blocks.map((block) => `blocked by ${block.judgedBy.join(', ')}: ${block.missing}`),
      );
    return everyBreach(outcomes, (index) => describeListQuery(judgedQueries[index] as ListQuery));
  },
  walkingRule,
);
