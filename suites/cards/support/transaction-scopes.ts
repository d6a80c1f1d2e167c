import { transactionsPageOf } from '../checks/transactions-walk.ts';
import type { CardsClient, TransactionsQuery } from '../client/cards-client.ts';
import type { CardsSection } from '../entry/section.ts';
import { isBlocked, resultOrBlock } from '../../../engine/result-or-block.ts';

/**
 * The scopes a transactions rule is tried on, so a rule enforced for some inputs only shows: the history
 * account, the empty account, and a card of the history account (the first its transactions name). A first
 * page that cannot be read leaves the card out (the items rule judges that page); the accounts are tried still.
 */
export async function transactionScopes(client: CardsClient, section: CardsSection): Promise<TransactionsQuery[]> {
  const { historyAccountId, emptyAccountId } = section.fixtures;
  const accounts: TransactionsQuery[] = [{ accountId: historyAccountId }, { accountId: emptyAccountId }];
  const first = await resultOrBlock(async () =>
    transactionsPageOf(await client.getTransactions({ accountId: historyAccountId, pageSize: 10, pageNumber: 1 })),
  );
  if (isBlocked(first)) return accounts;
  const cardId = first.transactions
    .map((item) => (item as { cardId?: unknown } | null)?.cardId)
    .find((value): value is string => typeof value === 'string');
  return [...accounts, ...(cardId === undefined ? [] : [{ cardId }])];
}
