import { judgedFor } from '../../checks/rule-check.ts';
import { listPageOf } from '../../checks/cdr/product-walk.ts';
import { RuleBlocked } from '../../checks/rule-blocked.ts';
import { describeListQuery, type ListQuery } from '../../rules/cdr/list-query.ts';
import { ruleTest, useCdrSession, walkingRule } from './support/cdr-session.ts';
import { sharedListWalks } from './support/list-walks.ts';
import { linkLocator } from './support/locate-links.ts';
import { nextFollowedLate } from './support/late-reuse.ts';
import type { RuleId } from '../../rules/rule-id.ts';

const session = useCdrSession();
const walks = sharedListWalks(() => session().client);
const locate = linkLocator(() => session().client);
const allForward = async (ruleId: RuleId) => (await walks.forward(ruleId)).flatMap((walked) => walked.forward);

ruleTest(
  'cdr.links.self',
  async ({ check }) => {
    const id = 'cdr.links.self';
    const forward = await allForward(id);
    // Walking back meets the pages from the other side: their self links are judged too.
    const back = await Promise.all(forward.filter((walk) => walk.pageSize !== 1).map((walk) => walks.back(walk, id)));
    return check(await locate([...forward, ...back], ['self']));
  },
  walkingRule,
);

ruleTest('cdr.list.envelope', async ({ check }) => check(await allForward('cdr.list.envelope')), walkingRule);

ruleTest(
  'cdr.links.valid',
  async ({ check }) => {
    const { client } = session();
    const id = 'cdr.links.valid';
    const forward = await allForward(id);
    // The walks back meet the last links and the prev links: judged too (a walk that stopped is judged up to where it
    // stopped).
    const back = await Promise.all(forward.filter((walk) => walk.pageSize !== 1).map((walk) => walks.back(walk, id)));
    return check({ walks: [...forward, ...back], outsideScope: (url) => client.outsideScope(url) });
  },
  walkingRule,
);

ruleTest(
  'cdr.links.first-prev-when-not-first',
  async ({ check }) =>
    check({
      walks: await locate(await allForward('cdr.links.first-prev-when-not-first'), ['first', 'prev']),
      pair: 'first-prev',
    }),
  walkingRule,
);

ruleTest(
  'cdr.links.next-last-when-not-last',
  async ({ check }) =>
    check({
      walks: await locate(await allForward('cdr.links.next-last-when-not-last'), ['next', 'last']),
      pair: 'next-last',
    }),
  walkingRule,
);

ruleTest(
  'cdr.pagination.walk-complete',
  async ({ observe, check }) => {
    const id = 'cdr.pagination.walk-complete';
    const groups = await walks.forward(id);
    const verdicts = await Promise.all(groups.map(async (walked) => check(await locate(walked.forward, ['last']))));
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
    const id = 'cdr.pagination.walk-back';
    const groups = await walks.forward(id);
    // Each walk with the group's first, one page above the whole list: what a walk that stopped early is judged
    // against.
    return Promise.all(
      groups.flatMap(({ forward }) =>
        forward.map(async (walk) =>
          check({
            forward: walk,
            back: await walks.back(walk, id),
            ...(forward[0] && forward[0] !== walk ? { whole: forward[0] } : {}),
          }),
        ),
      ),
    );
  },
  walkingRule,
);

ruleTest(
  'cdr.pagination.totals',
  async ({ check }) => {
    const groups = await walks.forward('cdr.pagination.totals');
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
    const blocks: RuleBlocked[] = [];
    const verdicts = [];
    for (const [query, filterRule] of queries) {
      // page=1 asked for: a wrong default page is cdr.list.page-default's, not this rule's.
      const exchange = await client.list({ page: 1, ...query });
      // Products where the filter matches none are that filter's fault (its rule asks the same): that empty page's form
      // cannot be judged.
      const held =
        exchange.response?.status === 200
          ? judgedFor('cdr.pagination.empty-result', () => listPageOf(exchange)).data.products.length
          : 0;
      if (held > 0)
        blocks.push(
          new RuleBlocked(
            [filterRule],
            `${describeListQuery(query)} matches no product, yet answered ${held}: the filter is ${filterRule}'s to judge`,
            [exchange],
          ),
        );
      else verdicts.push(check(exchange));
    }
    // Judged on the queries whose filter worked; blocked only when none did.
    if (verdicts.length === 0 && blocks[0]) throw blocks[0];
    if (blocks.length > 0)
      observe(
        'not judged (a filter that returned products)',
        blocks.map((block) => block.message),
      );
    return verdicts;
  },
  walkingRule,
);
