import type { Exchange } from '../../client/http-exchange.ts';
import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';
import { listPageOf, productIdOf } from './product-walk.ts';
import type { RuleId } from '../../rules/rule-id.ts';

/** A list request without page answers what the same request with page=1 answers: the same products and totals. */
export function pageDefault(observed: { withoutPage: Exchange; pageOne: Exchange }, ruleId: RuleId): Verdict {
  const { withoutPage, pageOne } = observed;
  const a = listPageOf(withoutPage, ruleId);
  const b = listPageOf(pageOne, ruleId);
  const ids = (body: typeof a) => body.data.products.map(productIdOf).join(',');
  if (ids(a) !== ids(b) || a.meta.totalPages !== b.meta.totalPages) {
    throw new RuleViolation(
      ruleId,
      `Without page the list answered other products than page=1 (${a.data.products.length} versus ${b.data.products.length}, first ${productIdOf(a.data.products[0])} versus ${productIdOf(b.data.products[0])})`,
      [withoutPage, pageOne],
    );
  }
  return passed(ruleId, { products: a.data.products.length });
}
