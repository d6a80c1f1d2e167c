import { ruleTest, useCdrSession, walkingRule } from './support/cdr-session.ts';
import { sharedListWalks } from './support/list-walks.ts';
import { linkLocator } from './support/locate-links.ts';

const session = useCdrSession();
const walks = sharedListWalks(() => session().client);
const locate = linkLocator(() => session().client);
const allForward = async (ruleId: string) => (await walks.forward(ruleId)).flatMap((walked) => walked.forward);

ruleTest('cdr.links.self', async ({ check }) => {
  const id = 'cdr.links.self';
  const forward = await allForward(id);
  // Walking back meets the pages from the other side: their self links are judged too.
  const back = await Promise.all(forward.filter((walk) => walk.pageSize !== 1).map((walk) => walks.back(walk, id)));
  return check(await locate([...forward, ...back], ['self']));
}, walkingRule);

ruleTest('cdr.list.envelope', async ({ check }) => check(await allForward('cdr.list.envelope')), walkingRule);

ruleTest('cdr.links.valid', async ({ check }) => {
  const { client } = session();
  const id = 'cdr.links.valid';
  const forward = await allForward(id);
  // The walks back meet the last links and the prev links: judged too (a walk that stopped is judged up to where it stopped).
  const back = await Promise.all(forward.filter((walk) => walk.pageSize !== 1).map((walk) => walks.back(walk, id)));
  return check({ walks: [...forward, ...back], outsideScope: (url) => client.outsideScope(url) });
}, walkingRule);

ruleTest('cdr.links.first-prev-when-not-first', async ({ check }) => check({ walks: await locate(await allForward('cdr.links.first-prev-when-not-first'), ['first', 'prev']), pair: 'first-prev' }), walkingRule);

ruleTest('cdr.links.next-last-when-not-last', async ({ check }) => check({ walks: await locate(await allForward('cdr.links.next-last-when-not-last'), ['next', 'last']), pair: 'next-last' }), walkingRule);

ruleTest('cdr.pagination.walk-complete', async ({ check }) => {
  const id = 'cdr.pagination.walk-complete';
  return Promise.all((await walks.forward(id)).map(async (walked) => check(await locate(walked.forward, ['last']))));
}, walkingRule);

ruleTest('cdr.pagination.walk-back', async ({ check }) => {
  const id = 'cdr.pagination.walk-back';
  const forward = await allForward(id);
  return Promise.all(forward.map(async (walk) => check({ forward: walk, back: await walks.back(walk, id) })));
}, walkingRule);

ruleTest('cdr.pagination.totals', async ({ check }) => {
  const groups = await walks.forward('cdr.pagination.totals');
  const baselines = new Map(groups.flatMap(({ forward }) => forward.map((walk) => [walk, forward[0]] as const)));
  return check(groups.flatMap(({ forward }) => forward), (walk) => baselines.get(walk));
}, walkingRule);

ruleTest('cdr.pagination.empty-result', async ({ check }) => {
  const { client } = session();
  const queries = [{ brand: 'no brand has this name' }, { effective: 'ALL', updatedSince: new Date(Date.now() + 365 * 86_400_000).toISOString() }, { effective: 'ALL', brand: 'no brand has this name', pageSize: 2 }];
  // page=1 asked for: a wrong default page is cdr.list.page-default's, not this rule's.
  return Promise.all(queries.map(async (query) => check(await client.list({ page: 1, ...query }))));
}, walkingRule);
