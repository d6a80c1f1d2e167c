import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';
import { describeWalk, requireEnded, type ProductWalk } from './product-walk.ts';

/** Throws when a page of a forward walk holds other than `pageSize` products (the last: 1 to pageSize; 0 only alone). */
export function requirePageSizes(walk: ProductWalk, pageSize: number, ruleId: string): void {
  const last = walk.pages.length - 1;
  for (const [index, { body, exchange }] of walk.pages.entries()) {
    const count = body.data.products.length;
    const fits = index < last ? count === pageSize : count <= pageSize && (count > 0 || last === 0);
    if (!fits) throw new RuleViolation(ruleId, `${describeWalk(walk)}: page ${index + 1} of ${last + 1} holds ${count} products at page size ${pageSize}`, [exchange]);
  }
}

/** Every page of a forward walk holds the expected page size but the last. */
export function pageSizes(observed: { walk: ProductWalk; pageSize: number }, ruleId: string): Verdict {
  requireEnded(observed.walk, ruleId);
  requirePageSizes(observed.walk, observed.pageSize, ruleId);
  return passed(ruleId, { [`pages at size ${observed.pageSize}`]: observed.walk.pages.length });
}
