import type { Exchange } from '../../client/http-exchange.ts';
import { maxPageSize } from '../../rules/cards/transactions-schemas.ts';
import { responseOf } from '../response-required.ts';
import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';
import { transactionsPageOf } from './transactions-walk.ts';
import type { RuleId } from '../../rules/rule-id.ts';

/** A transactions request at the edge of a rule: accepted (200 or 206) or refused (400), as the rule says. */
export function transactionsEdgeRequest(
  exchange: Exchange,
  ruleId: RuleId,
  expected: { accepted: boolean; why: string },
): Verdict {
  const { status } = responseOf(exchange, ruleId);
  if (expected.accepted && status !== 200 && status !== 206)
    throw new RuleViolation(ruleId, `${expected.why}: refused with ${status}; it must be accepted (200 or 206)`, [
      exchange,
    ]);
  if (!expected.accepted && status !== 400)
    throw new RuleViolation(ruleId, `${expected.why}: answered ${status}; it must be refused with 400`, [exchange]);
  return passed(ruleId, { status });
}

/** Without pageSize a page is sized 500: it says pageSize 500 and holds min(500, totalCount) transactions. */
export function transactionsDefaultPageSize(exchange: Exchange, ruleId: RuleId): Verdict {
  const page = transactionsPageOf(exchange, ruleId);
  const numbers = page.paginationDetails?.page ?? {};
  if (numbers.pageSize !== maxPageSize)
    throw new RuleViolation(
      ruleId,
      `Without pageSize the page says pageSize ${String(numbers.pageSize)}, not ${maxPageSize}`,
      [exchange],
    );
  if (
    typeof numbers.totalCount === 'number' &&
    page.transactions.length !== Math.min(maxPageSize, numbers.totalCount)
  ) {
    throw new RuleViolation(
      ruleId,
      `Without pageSize the first page holds ${page.transactions.length} of ${numbers.totalCount} transactions, not ${Math.min(maxPageSize, numbers.totalCount)}`,
      [exchange],
    );
  }
  return passed(ruleId, { transactions: page.transactions.length });
}

/** Without pageNumber the answer is page 1: it says pageNumber 1 and holds what pageNumber=1 holds. */
export function transactionsDefaultPageNumber(
  observed: { without: Exchange; first: Exchange },
  ruleId: RuleId,
): Verdict {
  const without = transactionsPageOf(observed.without, ruleId);
  const first = transactionsPageOf(observed.first, ruleId);
  const number = without.paginationDetails?.page?.pageNumber;
  if (number !== 1)
    throw new RuleViolation(ruleId, `Without pageNumber the page says pageNumber ${String(number)}, not 1`, [
      observed.without,
    ]);
  if (JSON.stringify(without.transactions) !== JSON.stringify(first.transactions))
    throw new RuleViolation(ruleId, 'Without pageNumber the transactions differ from those of pageNumber=1', [
      observed.without,
      observed.first,
    ]);
  return passed(ruleId);
}
