import { transactionsPageOf } from '../../../checks/cards/transactions-walk.ts';
import type { CardsClient, TransactionsQuery } from '../../../client/cards/cards-client.ts';
import type { CardsSection } from '../../../targets/cards/section.ts';

/**
 * The scopes a transactions rule is tried on, so a rule enforced for some inputs only shows: the history
 * account, the empty account, and a card of the history account (the first its transactions name).
 */
export async function transactionScopes(client: CardsClient, section: CardsSection, ruleId: string): Promise<TransactionsQuery[]> {
  const { historyAccountId, emptyAccountId } = section.fixtures;
  const first = transactionsPageOf(await client.getTransactions({ accountId: historyAccountId, pageSize: 10 }), ruleId);
  const cardId = first.transactions.map((item) => (item as { cardId?: unknown } | null)?.cardId).find((value): value is string => typeof value === 'string');
  return [{ accountId: historyAccountId }, { accountId: emptyAccountId }, ...(cardId === undefined ? [] : [{ cardId }])];
}
