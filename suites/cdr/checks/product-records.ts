import type { Exchange } from '../../../client/http-exchange.ts';
import { productIssues, type ProductKind } from '../../../rules/cdr/product-issues.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { productIdOf } from './product-walk.ts';
import type { RuleUnderCheck } from '../../../engine/check.ts';

/** A product record as the target returned it: from a list page or a detail response. */
export interface ObservedProduct {
  exchange: Exchange;
  record: unknown;
  kind: ProductKind;
  /** The endpoint version the answer is judged with (answeredVersion). */
  version: number;
}

/** Every record keeps the rule under test (its issues are those productIssues attributes to that rule id). */
export function productRecords(this: RuleUnderCheck, products: readonly ObservedProduct[]): Verdict {
  const versions = new Set<string>();
  for (const { exchange, record, kind, version } of products) {
    versions.add(`${kind} x-v ${version}`);
    const issues = productIssues(record, kind, version).filter((issue) => issue.rule === this.ruleId);
    if (issues.length > 0) {
      const shown = issues
        .slice(0, 5)
        .map((issue) => `${issue.path}: ${issue.message}`)
        .join('; ');
      throw new Violation(
        `The ${kind === 'list' ? 'list item' : 'detail'} of ${productIdOf(record)} (x-v ${version}) breaks the rule: ${shown}`,
        [exchange],
      );
    }
  }
  return passed({ 'records checked': products.length, 'judged as': [...versions].sort() });
}
