import type { Exchange } from '../../../client/http-exchange.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { listPageOf, productIdOf } from './product-walk.ts';

/** A list request without page answers what the same request with page=1 answers: the same products and totals. */
export function pageDefault(observed: { withoutPage: Exchange; pageOne: Exchange }): Verdict {
  const { withoutPage, pageOne } = observed;
  const a = listPageOf(withoutPage);
  const b = listPageOf(pageOne);
  const ids = (body: typeof a) => body.data.products.map(productIdOf).join(',');
  if (ids(a) !== ids(b) || a.meta.totalPages !== b.meta.totalPages) {
    throw new Violation(
      `Without page the list answered other products than page=1 (${a.data.products.length} versus ${b.data.products.length}, first ${productIdOf(a.data.products[0])} versus ${productIdOf(b.data.products[0])})`,
      [withoutPage, pageOne],
    );
  }
  return passed({ products: a.data.products.length });
}
