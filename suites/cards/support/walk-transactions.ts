import type { CardsClient, TransactionsQuery } from '../../../client/cards/cards-client.ts';
import type { ObservedTransactionsPage, TransactionsWalk } from '../../../checks/cards/transactions-walk.ts';
import { transactionsPageOf } from '../../../checks/cards/transactions-walk.ts';

/** The request of a walk in words, for failure texts. */
export function describeQuery(query: TransactionsQuery): string {
  const scope = query.cardId !== undefined ? `card ${query.cardId}` : `account ${String(query.accountId)}`;
  const window = query.startDate !== undefined || query.endDate !== undefined ? `${query.startDate ?? '…'} to ${query.endDate ?? '…'}` : 'the default window';
  return `transactions of ${scope}, ${window}, page size ${query.pageSize ?? 'default'}`;
}

/**
 * Walks GET /transactions: the first page as asked, then each `next` link exactly as the target gave it. It
 * stops where a page has no next link, at a link followed before, or at the page cap: a walk never loops. A
 * page that is not a transactions page is a violation of `ruleId`.
 */
export async function walkTransactionPages(client: CardsClient, query: TransactionsQuery, ruleId: string): Promise<TransactionsWalk> {
  const pages: ObservedTransactionsPage[] = [];
  const followed = new Set<string>();
  const walk = (ended: TransactionsWalk['ended']): TransactionsWalk => ({ description: describeQuery(query), pageSize: typeof query.pageSize === 'number' ? query.pageSize : undefined, pages, ended });
  let exchange = await client.getTransactions(query);
  for (;;) {
    const page = transactionsPageOf(exchange, ruleId);
    pages.push({ exchange, page });
    const next = page.paginationDetails?.links?.next;
    if (next === undefined) return walk('end-reached');
    if (followed.has(next)) return walk('repeated-link');
    if (pages.length >= client.section.maxWalkPages) return walk('page-cap');
    followed.add(next);
    exchange = await client.follow(next);
  }
}
