import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';
import { describeWalk, requireEnded, requireLastOnFirst, type ProductWalk } from './product-walk.ts';
import { pagesOf } from './walk-complete.ts';

/** Following prev from the page `last` names meets the pages of the forward walk in reverse, product for product. */
export function walkBack(walks: { forward: ProductWalk; back: ProductWalk }, ruleId: string): Verdict {
  const { forward, back } = walks;
  requireEnded(forward, ruleId);
  // Without page 1's last link the walk back has no start: the links rule's fault, not the walk back's.
  requireLastOnFirst(forward, ruleId);
  requireEnded(back, ruleId);
  const expected = pagesOf(forward).reverse();
  const got = pagesOf(back);
  for (const [index, page] of got.entries()) {
    if (expected[index] !== page) {
      const want = forward.pages[forward.pages.length - 1 - index];
      throw new RuleViolation(ruleId, `${describeWalk(back)}: page ${index + 1} back does not hold the products of page ${forward.pages.length - index} of the ${describeWalk(forward)}`, [back.pages[index]?.exchange, want?.exchange].filter((exchange) => exchange !== undefined));
    }
  }
  if (got.length !== expected.length) throw new RuleViolation(ruleId, `${describeWalk(back)} has ${got.length} pages, the ${describeWalk(forward)} ${expected.length}`, back.pages.slice(-1).map(({ exchange }) => exchange));
  return passed(ruleId, { pages: got.length });
}
