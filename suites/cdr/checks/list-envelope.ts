import { listResponse } from '../../../rules/cdr/envelope-schemas.ts';
import { pageTotalForm } from '../../../rules/cdr/standard-types.ts';
import { jsonOf } from '../../../checks/response-required.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { describeWalk, type ProductWalk } from './product-walk.ts';

/**
 * Every page the walks met has the list envelope: data.products a list, links an object, and meta totals that
 * are natural numbers, as JSON integers (the standard's MetaPaginated) or decimal strings (document 3). Which
 * form the holder used is observed.
 */
export function listEnvelope(walks: readonly ProductWalk[]): Verdict {
  const forms = new Set<string>();
  let pages = 0;
  for (const walk of walks) {
    for (const [index, { exchange }] of walk.pages.entries()) {
      const body = jsonOf(exchange);
      const parsed = listResponse.safeParse(body);
      if (!parsed.success) {
        const issues = parsed.error.issues
          .map((issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`)
          .join('; ');
        throw new Violation(`${describeWalk(walk)}: page ${index + 1} is not a product list response: ${issues}`, [
          exchange,
        ]);
      }
      forms.add(pageTotalForm(parsed.data.meta.totalRecords));
      forms.add(pageTotalForm(parsed.data.meta.totalPages));
      pages += 1;
    }
  }
  return passed({ pages, 'meta totals given as': [...forms].sort().join(', ') });
}
