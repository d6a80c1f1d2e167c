import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { describeFilter, filterVerdict, type ProductFilter, type RunClock } from './product-filter.ts';
import { describeWalk, productIdOf, requireEnded, shownValue, walkEvidence, type ProductWalk } from './product-walk.ts';

export interface FilteredWalk {
  /** The walk of the filtered list. */
  walk: ProductWalk;
  filter: ProductFilter;
  /** Every product the target has (a walk with effective=ALL and no other filter), for the complement. */
  universe: readonly unknown[];
  clock: RunClock;
}

/**
 * A filter returns exactly its products: every product of the walk passes it, and every product of the whole
 * list that passes it appears somewhere in the walk. Products too close to the run's clock are not judged.
 */
export function listFilter(observed: FilteredWalk): Verdict {
  const { walk, filter, universe, clock } = observed;
  requireEnded(walk);
  const seen = new Set<string>();
  for (const [index, page] of walk.pages.entries()) {
    for (const product of page.body.data.products) {
      seen.add(productIdOf(product));
      if (filterVerdict(product, filter, clock) === 'out') {
        throw new Violation(
          `${describeWalk(walk)}: page ${index + 1} holds ${productIdOf(product)}, which ${describeFilter(filter)} excludes (${shownValue(product)})`,
          [page.exchange],
        );
      }
    }
  }
  const missing = universe.filter(
    (product) => filterVerdict(product, filter, clock) === 'in' && !seen.has(productIdOf(product)),
  );
  if (missing.length > 0) {
    throw new Violation(
      `${describeWalk(walk)} misses ${missing.length} product(s) that ${describeFilter(filter)} includes, e.g. ${productIdOf(missing[0])} (${shownValue(missing[0])})`,
      walkEvidence(walk),
    );
  }
  return passed({ [describeFilter(filter)]: seen.size });
}
