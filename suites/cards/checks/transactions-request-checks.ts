import type { Exchange } from '../../../client/http-exchange.ts';
import { maxPageSize } from '../../../rules/cards/transactions-schemas.ts';
import { responseOf } from '../../../checks/response-required.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { transactionsPageOf } from './transactions-walk.ts';

/** A transactions request at the edge of a rule: accepted (200 or 206) or refused (400), as the rule says. */
export function transactionsEdgeRequest(exchange: Exchange, expected: { accepted: boolean; why: string }): Verdict {
  const { status } = responseOf(exchange);
  if (expected.accepted && status !== 200 && status !== 206)
    throw new Violation(`${expected.why}: refused with ${status}; it must be accepted (200 or 206)`, [exchange]);
  if (!expected.accepted && status !== 400)
    throw new Violation(`${expected.why}: answered ${status}; it must be refused with 400`, [exchange]);
  return passed({ status });
}

/** Without pageSize a page is sized 500: it says pageSize 500 and holds min(500, totalCount) transactions. */
export function transactionsDefaultPageSize(exchange: Exchange): Verdict {
  const page = transactionsPageOf(exchange);
  const numbers = page.paginationDetails?.page ?? {};
  if (numbers.pageSize !== maxPageSize)
    throw new Violation(`Without pageSize the page says pageSize ${String(numbers.pageSize)}, not ${maxPageSize}`, [
      exchange,
    ]);
  if (
    typeof numbers.totalCount === 'number' &&
    page.transactions.length !== Math.min(maxPageSize, numbers.totalCount)
  ) {
    throw new Violation(
      `Without pageSize the first page holds ${page.transactions.length} of ${numbers.totalCount} transactions, not ${Math.min(maxPageSize, numbers.totalCount)}`,
      [exchange],
    );
  }
  return passed({ transactions: page.transactions.length });
}

/** Without pageNumber the answer is page 1: it says pageNumber 1 and holds what pageNumber=1 holds. */
export function transactionsDefaultPageNumber(observed: { without: Exchange; first: Exchange }): Verdict {
  const without = transactionsPageOf(observed.without);
  const first = transactionsPageOf(observed.first);
  const number = without.paginationDetails?.page?.pageNumber;
  if (number !== 1)
    throw new Violation(`Without pageNumber the page says pageNumber ${String(number)}, not 1`, [observed.without]);
  if (JSON.stringify(without.transactions) !== JSON.stringify(first.transactions))
    throw new Violation('Without pageNumber the transactions differ from those of pageNumber=1', [
      observed.without,
      observed.first,
    ]);
  return passed();
}
