import type { Exchange } from '../../client/exchange.ts';
import { type WalkedPage, walkedPageSchema, transactionKey } from '../../rules/cards/transactions-schemas.ts';
import { jsonOf, responseOf } from '../response-required.ts';
import { RuleViolation } from '../rule-violation.ts';

/** One page of a transactions walk as observed. */
export interface ObservedTransactionsPage {
  exchange: Exchange;
  page: WalkedPage;
}

/** Why a walk stopped: no next link, a next link seen before, or the page cap. */
export type TransactionsWalkEnd = 'end-reached' | 'repeated-link' | 'page-cap';

/** A walk of GET /transactions: the first page asked for, then each `next` link followed as given. */
export interface TransactionsWalk {
  /** The request in words: scope, window and page size. */
  description: string;
  /** The page size asked for, or undefined for the default. */
  pageSize: number | undefined;
  pages: ObservedTransactionsPage[];
  ended: TransactionsWalkEnd;
}

/** A page of transactions: 200 or 206 and a body with a `transactions` list, else a violation of `ruleId`. */
export function transactionsPageOf(exchange: Exchange, ruleId: string): WalkedPage {
  const { status } = responseOf(exchange, ruleId);
  if (status !== 200 && status !== 206) throw new RuleViolation(ruleId, `GET transactions answered ${status}, not 200 or 206`, [exchange]);
  const parsed = walkedPageSchema.safeParse(jsonOf(exchange, ruleId));
  if (!parsed.success) throw new RuleViolation(ruleId, 'GET transactions answered without a `transactions` list', [exchange]);
  return parsed.data;
}

export function walkTransactions(walk: TransactionsWalk): unknown[] {
  return walk.pages.flatMap(({ page }) => page.transactions);
}

export function walkKeys(walk: TransactionsWalk): string[] {
  return walkTransactions(walk).map(transactionKey);
}

/** The last exchanges of a walk, or those around a page, as evidence. */
export function transactionsEvidence(walk: TransactionsWalk, around?: number): Exchange[] {
  const exchanges = walk.pages.map(({ exchange }) => exchange);
  return around === undefined ? exchanges.slice(-3) : exchanges.slice(Math.max(0, around - 1), around + 2);
}

/** A walk that never reached its last page cannot be judged further: that breaks the rule under test. */
export function requireWalkEnded(walk: TransactionsWalk, ruleId: string): void {
  if (walk.ended === 'repeated-link') throw new RuleViolation(ruleId, `${walk.description}: a next link came back that was already followed, so the walk would never end`, transactionsEvidence(walk));
  if (walk.ended === 'page-cap') throw new RuleViolation(ruleId, `${walk.description}: next links never ended within the page cap`, transactionsEvidence(walk));
}
