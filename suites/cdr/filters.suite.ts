import type { FilteredWalk } from './checks/list-filter.ts';
import type { ProductFilter } from './checks/product-filter.ts';
import type { Verdict } from '../../engine/rule-violation.ts';
import { listPageOf, productIdOf, type ProductWalk } from './checks/product-walk.ts';
import { describeListQuery, type ListQuery } from '../../rules/cdr/list-query.ts';
import type { Exchange } from '../../client/http-exchange.ts';
import { PrerequisiteMissing } from '../../engine/rule-blocked.ts';
import { RuleViolation } from '../../engine/rule-violation.ts';
import { filterComponents } from './checks/filter-components.ts';
import { casesBreaking } from '../../generators/gen.ts';
import { invalidListQuery } from '../../generators/cdr/invalid-list-query.ts';
import { updatedSinceCuts } from '../../generators/cdr/updated-since-cuts.ts';
import { defaultPageSize } from '../../rules/cdr/endpoints.ts';
import { effectiveValues, productCategories, productCategoriesV1, type Effective } from '../../rules/cdr/enums.ts';
import type { cdrRules } from '../../rules/cdr/rules.ts';
import { forAll } from '../support/for-all.ts';
import type { RuleIdJudgedBy } from '../../engine/rule-test.ts';
import { type Catalogue, clockOf, readCatalogue } from './support/catalogue.ts';
import { checkOfRule, ruleTest, useCdrSession, walkingRule } from './support/cdr-session.ts';
import { walkForward, walkWhole } from './support/walk-products.ts';
import { ruleInProgress } from '../../core/rule-in-progress.ts';
import type { RuleId } from '../../rules/rule-id.ts';
import { everyBreach, judged, judgeEach, type Judged } from './support/every-breach.ts';

const session = useCdrSession();
type FilterRuleId = RuleIdJudgedBy<(typeof cdrRules)[number], 'list-filter'>;

/** The filter a list query asks for, as judged (CURRENT when effective is left out). Pure. */
function filterOf({ effective, updatedSince, brand, productCategory }: ListQuery): ProductFilter {
  return {
    effective: (effective ?? 'CURRENT') as Effective,
    ...(updatedSince === undefined ? {} : { updatedSince }),
    ...(brand === undefined ? {} : { brand }),
    ...(productCategory === undefined ? {} : { productCategory }),
  };
}

/** Every product any walk showed, by id: a product a filtered walk showed belongs to the whole list too. Pure. */
function universeOf(catalogue: Catalogue, walks: readonly ProductWalk[]): unknown[] {
  return [
    ...new Map(
      [...walks.flatMap((walk) => walk.pages.flatMap((page) => page.body.data.products)), ...catalogue.products].map(
        (product) => [productIdOf(product), product],
      ),
    ).values(),
  ];
}

/**
 * Walks each query and judges it against the filter it asks for, every query whatever the others gave: the rule
 * fails with each query that broke it (a refused query and a filter ignored are two breaches, both reported). A query
 * that fails is judged again filter by filter (only then, so a conformant target costs no extra walk): when one of
 * its filters already fails alone, the rule judging that filter fails and this query blocks this one (one fault, one
 * failed rule); the rule is blocked only when no query of its own broke it.
 */
async function judgeFilters(
  queries: readonly ListQuery[],
  check: (observed: FilteredWalk) => Verdict,
  catalogue?: Catalogue,
): Promise<Verdict[]> {
  const { client, section } = session();
  const everything = catalogue ?? (await readCatalogue(client));
  const walked = await Promise.all(queries.map((query) => judged(() => walkWhole(client, query))));
  const walks = walked.flatMap((outcome) => ('value' in outcome ? [outcome.value] : []));
  const clock = clockOf([everything.walk, ...walks], section.clockMarginMs);
  // So an ALL that misses a product some filtered walk showed is caught.
  const universe = universeOf(everything, walks);
  const outcomes: Judged<Verdict>[] = [];
  for (const [index, outcome] of walked.entries()) {
    const query = queries[index] as ListQuery;
    if (!('value' in outcome)) outcomes.push(outcome);
    else
      outcomes.push(
        await judged(async () => {
          try {
            return check({ walk: outcome.value, filter: filterOf(query), universe, clock });
          } catch (error) {
            if (error instanceof RuleViolation) await blockOnFailingComponent(query, universe, error);
            throw error;
          }
        }),
      );
  }
  return everyBreach(outcomes, (index) => describeListQuery(queries[index] as ListQuery));
}

/**
 * Throws a missing prerequisite when a single filter of a failed query (one another rule judges) fails alone too:
 * the rule in progress is blocked by that filter's rule.
 */
async function blockOnFailingComponent(
  query: ListQuery,
  universe: readonly unknown[],
  violation: RuleViolation,
): Promise<void> {
  const { client, section } = session();
  const asking = ruleInProgress();
  for (const component of filterComponents(query).filter(({ judgedBy }) => judgedBy !== asking)) {
    let evidence: Exchange[] = [];
    try {
      const walk = await walkWhole(client, component.query, [component.judgedBy]);
      evidence = walk.pages.slice(0, 2).map(({ exchange }) => exchange);
      // That filter's rule, judged by the check it names: its violation blocks this rule, never fails it.
      checkOfRule(component.judgedBy as FilterRuleId)({
        walk,
        filter: filterOf(component.query),
        universe,
        clock: clockOf([walk], section.clockMarginMs),
      });
    } catch {
      // Failed or not judgeable alone: either way the combination cannot be told apart from that filter.
      throw new PrerequisiteMissing(
        [component.judgedBy],
        `${describeListQuery(component.query)} alone already fails ${component.judgedBy}, so ${describeListQuery(query)} cannot be judged (${violation.message})`,
        evidence,
      );
    }
  }
}

/** A brand no holder lists. */
const noBrand = 'no brand has this name';
const distinct = (values: readonly unknown[]) => [
  ...new Set(values.filter((value): value is string => typeof value === 'string')),
];

ruleTest(
  'cdr.list.effective',
  ({ check }) =>
    judgeFilters(
      effectiveValues.map((effective) => ({ effective })),
      check,
    ),
  walkingRule,
);

ruleTest('cdr.list.effective-default', ({ check }) => judgeFilters([{}, { pageSize: 7 }], check), walkingRule);

ruleTest(
  'cdr.list.updated-since',
  async ({ observe, check }) => {
    const catalogue = await readCatalogue(session().client);
    const cuts = updatedSinceCuts(
      catalogue.products.map((product) => String(product.lastUpdated)),
      Date.now(),
    );
    observe(
      'updated-since cuts',
      cuts.map((cut) => `${cut.value} (${cut.why})`),
    );
    return judgeFilters(
      [
        ...cuts.map((cut) => ({ effective: 'ALL', updatedSince: cut.value })),
        { updatedSince: cuts[0]?.value as string },
      ],
      check,
      catalogue,
    );
  },
  walkingRule,
);

ruleTest(
  'cdr.list.brand',
  async ({ observe, check }) => {
    const catalogue = await readCatalogue(session().client);
    const brands = distinct(catalogue.products.map((product) => product.brand)).slice(0, 8);
    observe('brands', brands);
    // A brand no product has returns exactly none (that such an empty answer is a well-formed page is
    // cdr.pagination.empty-result's).
    return judgeFilters(
      [...brands, noBrand].map((brand) => ({ effective: 'ALL', brand })),
      check,
      catalogue,
    );
  },
  walkingRule,
);

ruleTest(
  'cdr.list.product-category',
  async ({ check }) => {
    // A holder of list x-v 3 or 4 knows the categories before BUY_NOW_PAY_LATER (BankingProductCategory).
    const categories = session().client.servedVersion('list') >= 5 ? productCategories : productCategoriesV1;
    return judgeFilters(
      categories.map((productCategory) => ({ effective: 'ALL', productCategory })),
      check,
    );
  },
  walkingRule,
);

ruleTest(
  'cdr.list.filters-combine',
  async ({ check }) => {
    const catalogue = await readCatalogue(session().client);
    const [since] = updatedSinceCuts(
      catalogue.products.map((product) => String(product.lastUpdated)),
      Date.now(),
    );
    // Brand and category pairs the target does list, so the intersections are not empty by construction.
    const pairs = catalogue.products
      .filter((_, index) => index % 37 === 0)
      .slice(0, 4)
      .map((product) => ({ brand: String(product.brand), productCategory: String(product.productCategory) }));
    const queries: ListQuery[] = [
      ...pairs.map((pair) => ({ effective: 'ALL', ...pair })),
      ...pairs.slice(0, 2).map((pair) => ({ ...pair, ...(since ? { updatedSince: since.value } : {}) })),
      { effective: 'FUTURE', ...(pairs[0] ? { brand: pairs[0].brand } : {}) },
      {
        effective: 'CURRENT',
        ...(pairs[1] ? { productCategory: pairs[1].productCategory } : {}),
        ...(since ? { updatedSince: since.value } : {}),
        pageSize: 7,
      },
    ];
    return judgeFilters(queries, check, catalogue);
  },
  walkingRule,
);

ruleTest('cdr.list.page-default', async ({ check }) => {
  const { client } = session();
  return judgeEach(
    [{}, { effective: 'ALL', pageSize: 7 }] as ListQuery[],
    async (query) =>
      check({ withoutPage: await client.list(query), pageOne: await client.list({ ...query, page: 1 }) }),
    describeListQuery,
  );
});

ruleTest(
  'cdr.list.page-size-default',
  async ({ check }) => {
    const { client } = session();
    return judgeEach(
      [{}, { effective: 'ALL' }] as ListQuery[],
      async (query) => check({ walk: await walkForward(client, query), pageSize: defaultPageSize }),
      describeListQuery,
    );
  },
  walkingRule,
);

for (const ruleId of [
  'cdr.list.invalid-enum',
  'cdr.list.invalid-updated-since',
  'cdr.list.invalid-paging',
  'cdr.list.page-size-above-max',
] as const) {
  ruleTest(ruleId, async ({ observe, check }) => {
    const { client, property } = session();
    const cases = await forAll(
      casesBreaking(invalidListQuery, ruleInProgress() as RuleId),
      property({ runs: Math.ceil(session().run.runs / 4) }),
      async (invalid) => check(await client.list(invalid.value), 400),
    );
    observe('invalid queries tried', cases);
  });
}

ruleTest('cdr.list.page-past-last', async ({ check }) => {
  const { client, section } = session();
  const queries = [{}, { effective: 'ALL', pageSize: 7 }, { brand: noBrand }] as ListQuery[];
  const outcomes: Judged<Verdict[]>[] = [];
  for (const query of queries)
    outcomes.push(
      await judged(async () => {
        // page=1 asked for: only its totals are read, and a wrong default page is cdr.list.page-default's.
        const first = listPageOf(await client.list({ page: 1, ...query }));
        const lastPage = Math.max(first.meta.totalPages ?? 1, 1);
        const verdicts = [];
        for (const page of [lastPage + 1, lastPage + 5])
          verdicts.push(check(await client.list({ ...query, page }), section.pastLastPageStatus ?? null));
        return verdicts;
      }),
    );
  return everyBreach(outcomes, (index) => describeListQuery(queries[index] as ListQuery)).flat();
});
