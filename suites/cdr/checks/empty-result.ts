import type { Exchange } from '../../../client/http-exchange.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';
import { listPageOf, pageNumberOf, walkJudges } from './product-walk.ts';

/**
 * A list that matches nothing answers a valid page 1: no products, totals 0 (either form), self naming page 1, no next
 * (prev on page 1 is the links rule's).
 */
export function emptyResult(exchange: Exchange): Verdict {
  const body = listPageOf(exchange);
  const { totalRecords, totalPages } = body.meta;
  if (totalRecords === undefined || totalPages === undefined)
    throw new PrerequisiteMissing(
      [walkJudges.envelope],
      'the empty page gives no readable meta.totalRecords and meta.totalPages',
      [exchange],
    );
  const problem =
    body.data.products.length > 0
      ? `${body.data.products.length} products`
      : totalRecords !== 0 || totalPages !== 0
        ? `totalRecords ${totalRecords}, totalPages ${totalPages} (the standard: totalPages MUST be 0 when totalRecords is 0)`
        : pageNumberOf(body.links.self, exchange.request.url) !== 1
          ? `links.self ${body.links.self} not naming page 1`
          : // prev on a page 1 is cdr.links.first-prev-when-not-first's, whatever the list holds.
            body.links.next !== undefined
            ? `links ${JSON.stringify(body.links)} leading to a next page`
            : undefined;
  if (problem) throw new Violation(`A list that matches nothing answered ${problem}`, [exchange]);
  return passed();
}
