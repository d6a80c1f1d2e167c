import type { Exchange } from '../../client/exchange.ts';
import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';
import { listPageOf, pageNumberOf } from './product-walk.ts';

/** A list that matches nothing answers a valid page 1: no products, totals "0", self naming page 1, no next or prev. */
export function emptyResult(exchange: Exchange, ruleId: string): Verdict {
  const body = listPageOf(exchange, ruleId);
  const problem =
    body.data.products.length > 0 ? `${body.data.products.length} products`
    : body.meta.totalRecords !== '0' || body.meta.totalPages !== '0' ? `totals ${JSON.stringify(body.meta)}`
    : pageNumberOf(body.links.self) !== 1 ? `links.self ${body.links.self} not naming page 1`
    : body.links.next !== undefined || body.links.prev !== undefined ? `links ${JSON.stringify(body.links)} leading to other pages`
    : undefined;
  if (problem) throw new RuleViolation(ruleId, `A list that matches nothing answered ${problem}`, [exchange]);
  return passed(ruleId);
}
