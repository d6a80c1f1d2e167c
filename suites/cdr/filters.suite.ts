import { judgedFor } from '../../checks/rule-check.ts';
import type { FilteredWalk } from '../../checks/cdr/list-filter.ts';
import type { ProductFilter } from '../../checks/cdr/product-filter.ts';
import type { Verdict } from '../../checks/rule-violation.ts';
import { listPageOf, productIdOf } from '../../checks/cdr/product-walk.ts';
import { describeListQuery, type ListQuery } from '../../rules/cdr/list-query.ts';
import type { Exchange } from '../../client/http-exchange.ts';
import { RuleBlocked } from '../../checks/rule-blocked.ts';
import { RuleViolation } from '../../checks/rule-violation.ts';
import { filterComponents } from '../../checks/cdr/filter-components.ts';
import { casesBreaking } from '../../generators/gen.ts';
import { invalidListQuery } from '../../generators/cdr/invalid-list-query.ts';
import { updatedSinceCuts } from '../../generators/cdr/updated-since-cuts.ts';
import { defaultPageSize } from '../../rules/cdr/endpoints.ts';
import { effectiveValues, productCategories, productCategoriesV1, type Effective } from '../../rules/cdr/enums.ts';
import type { cdrRules } from '../../rules/cdr/rules.ts';
import { forAll } from '../support/for-all.ts';
import type { RuleIdJudgedBy } from '../support/rule-test.ts';
import { type Catalogue, clockOf, readCatalogue } from './support/catalogue.ts';
import { checkOfRule, ruleTest, useCdrSession, walkingRule } from './support/cdr-session.ts';
import { walkForward, walkWhole } from './support/walk-products.ts';
import type { RuleId } from '../../rules/rule-id.ts';

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

/**
 * Walks each query and judges it against the filter it asks for. A query that fails is judged again filter by
 * filter (only then, so a conformant target costs no extra walk): when one of its filters already fails alone,
 * the rule judging that filter fails and this one is blocked by it (one fault, one failed rule).
 */
async function judgeFilters(
  queries: readonly ListQuery[],
  ruleId: RuleId,
  check: (observed: FilteredWalk) => Verdict,
  catalogue?: Catalogue,
) {
  const { client, section } = session();
  const everything = catalogue ?? (await readCatalogue(client, ruleId));
  const walks = await Promise.all(queries.map((query) => walkWhole(client, query, ruleId)));
  const clock = clockOf([everything.walk, ...walks], section.clockMarginMs);
  // A product any walk showed belongs to the whole list too, so an ALL that misses one is caught.
  const universe = [
    ...new Map(
      [...walks.flatMap((walk) => walk.pages.flatMap((page) => page.body.data.products)), ...everything.products].map(
        (product) => [productIdOf(product), product],
      ),
    ).values(),
  ];
  const verdicts = [];
  for (const [index, walk] of walks.entries()) {
    const query = queries[index] as ListQuery;
    try {
      verdicts.push(check({ walk, filter: filterOf(query), universe, clock }));
    } catch (error) {
      if (!(error instanceof RuleViolation)) throw error;
      await blockOnFailingComponent(query, ruleId, universe, error);
      throw error;
    }
  }
  return verdicts;
}

/** Throws RuleBlocked when a single filter of a failed query (one another rule judges) fails alone too. */
async function blockOnFailingComponent(
  query: ListQuery,
  ruleId: RuleId,
  universe: readonly unknown[],
  violation: RuleViolation,
): Promise<void> {
  const { client, section } = session();
  for (const component of filterComponents(query).filter(({ judgedBy }) => judgedBy !== ruleId)) {
    let evidence: Exchange[] = [];
    try {
      const walk = await walkWhole(client, component.query, component.judgedBy);
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
      throw new RuleBlocked(
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
      'cdr.list.effective',
      check,
    ),
  walkingRule,
);

ruleTest(
  'cdr.list.effective-default',
  ({ check }) => judgeFilters([{}, { pageSize: 7 }], 'cdr.list.effective-default', check),
  walkingRule,
);

ruleTest(
  'cdr.list.updated-since',
  async ({ observe, check }) => {
    const id = 'cdr.list.updated-since';
    const catalogue = await readCatalogue(session().client, id);
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
      id,
      check,
      catalogue,
    );
  },
  walkingRule,
);

ruleTest(
  'cdr.list.brand',
  async ({ observe, check }) => {
    const id = 'cdr.list.brand';
    const catalogue = await readCatalogue(session().client, id);
    const brands = distinct(catalogue.products.map((product) => product.brand)).slice(0, 8);
    observe('brands', brands);
    // A brand no product has returns exactly none (that such an empty answer is a well-formed page is
    // cdr.pagination.empty-result's).
    return judgeFilters(
      [...brands, noBrand].map((brand) => ({ effective: 'ALL', brand })),
      id,
      check,
      catalogue,
    );
  },
  walkingRule,
);

ruleTest(
  'cdr.list.product-category',
  async ({ check }) => {
    const id = 'cdr.list.product-category';
    // A holder of list x-v 3 or 4 knows the categories before BUY_NOW_PAY_LATER (BankingProductCategory).
    const categories = session().client.servedVersion('list') >= 5 ? productCategories : productCategoriesV1;
    return judgeFilters(
      categories.map((productCategory) => ({ effective: 'ALL', productCategory })),
      id,
      check,
    );
  },
  walkingRule,
);

ruleTest(
  'cdr.list.filters-combine',
  async ({ check }) => {
    const id = 'cdr.list.filters-combine';
    const catalogue = await readCatalogue(session().client, id);
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
    return judgeFilters(queries, id, check, catalogue);
  },
  walkingRule,
);

ruleTest('cdr.list.page-default', async ({ check }) => {
  const { client } = session();
  return Promise.all(
    [{}, { effective: 'ALL', pageSize: 7 }].map(async (query) =>
      check({ withoutPage: await client.list(query), pageOne: await client.list({ ...query, page: 1 }) }),
    ),
  );
});

ruleTest(
  'cdr.list.page-size-default',
  async ({ check }) => {
    const { client } = session();
    const id = 'cdr.list.page-size-default';
    const walks = await Promise.all([{}, { effective: 'ALL' }].map((query) => walkForward(client, query, id)));
    return walks.map((walk) => check({ walk, pageSize: defaultPageSize }));
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
      casesBreaking(invalidListQuery, ruleId),
      property({ runs: Math.ceil(session().run.runs / 4) }),
      async (invalid) => check(await client.list(invalid.value), 400),
    );
    observe('invalid queries tried', cases);
  });
}

ruleTest('cdr.list.page-past-last', async ({ check }) => {
  const { client, section } = session();
  const id = 'cdr.list.page-past-last';
  const verdicts = [];
  for (const query of [{}, { effective: 'ALL', pageSize: 7 }, { brand: 'no brand has this name' }] as ListQuery[]) {
    // page=1 asked for: only its totals are read, and a wrong default page is cdr.list.page-default's.
    const first = await judgedFor(id, async () => listPageOf(await client.list({ page: 1, ...query })));
    const lastPage = Math.max(first.meta.totalPages ?? 1, 1);
    for (const page of [lastPage + 1, lastPage + 5])
      verdicts.push(check(await client.list({ ...query, page }), section.pastLastPageStatus ?? null));
  }
  return verdicts;
});
