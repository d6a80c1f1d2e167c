import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';
import { describeWalk, requireEnded, walkProductIds, type ProductWalk } from './product-walk.ts';

/** meta.totalRecords and meta.totalPages of every page are decimal strings equal to what the full walk saw. */
export function listTotals(walks: readonly ProductWalk[], ruleId: string): Verdict {
  for (const walk of walks) {
    requireEnded(walk, ruleId);
    const records = String(walkProductIds(walk).length);
    const emptyWalk = records === '0';
    const pages = String(emptyWalk ? 0 : walk.pages.length);
    for (const [index, { body, exchange }] of walk.pages.entries()) {
      const { totalRecords, totalPages } = body.meta;
      // An empty list is one page 1 whose totals say 0 pages.
      if (totalRecords !== records || totalPages !== pages) {
        throw new RuleViolation(ruleId, `${describeWalk(walk)}: page ${index + 1} says totalRecords ${JSON.stringify(totalRecords)}, totalPages ${JSON.stringify(totalPages)}; the walk saw ${records} products on ${pages} pages`, [exchange]);
      }
    }
  }
  return passed(ruleId, { walks: walks.length });
}
