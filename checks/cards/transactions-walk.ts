import type { Exchange } from '../../client/http-exchange.ts';
import { type WalkedPage, walkedPageSchema, transactionKey } from '../../rules/cards/transactions-schemas.ts';
import { PrerequisiteMissing } from '../rule-blocked.ts';

/** One page of a transactions walk as observed. */
export interface ObservedTransactionsPage {
  exchange: Exchange;
  page: WalkedPage;
}

/**
 * Why a walk stopped: no next link (the only complete walk), no next link on a page whose own numbers say a
 * later page exists, a next link followed before, the page cap, a next page that does not advance (its
 * pageNumber not above the one before, or the same transactions again), or a next link outside the target
 * (never requested), or a next link that led to no transactions page (a broken link); or a sign that the walk cannot
 * end: pages empty while next links go on, a pageCount that grows as the walk goes. `page-cap` is any bound of the walk
 * (pages, requests, time), named in stoppedAt.
 */
export type TransactionsWalkEnd =
  | 'end-reached'
  | 'next-missing'
  | 'repeated-link'
  | 'page-cap'
  | 'not-advancing'
  | 'outside-scope'
  | 'broken-link'
  | 'empty-pages'
  | 'growing-count';

/** A walk of GET /transactions: the first page asked for, then each `next` link followed as given. */
export interface TransactionsWalk {
  /** The request in words: scope, window and page size. */
  description: string;
  /** The page size asked for, or undefined for the default. */
  pageSize: number | undefined;
  pages: ObservedTransactionsPage[];
  ended: TransactionsWalkEnd;
  /** The next link the walk stopped at, and why, when it did not reach the end. */
  stoppedAt?: { link: string; why: string };
  /**
   * How the pages were reached: following next links (the default), or, where those stopped short (the links
   * rule's fault), asking each page by the document's pageNumber parameter.
   */
  route?: 'next links' | 'pageNumber';
}

/**
 * A page of transactions read leniently: 200 or 206 and a JSON body with a `transactions` list. Anything else
 * is judged by the items rule (the page's record); every other rule that needed the page is blocked by it.
 */
export function transactionsPageOf(exchange: Exchange): WalkedPage {
  const missing = (what: string) =>
    new PrerequisiteMissing(['cards.transactions.items'], `GET transactions ${what}`, [exchange]);
  const { response } = exchange;
  if (exchange.error || !response)
    throw missing(
      `gave no usable response (${exchange.error ? `${exchange.error.code}: ${exchange.error.message}` : 'none'})`,
    );
  if (response.status !== 200 && response.status !== 206) throw missing(`answered ${response.status}, not 200 or 206`);
  let body: unknown;
  try {
    body = response.json();
  } catch {
    throw missing(`answered ${response.status} with a body that is not JSON`);
  }
  const parsed = walkedPageSchema.safeParse(body);
  if (!parsed.success) throw missing('answered without a `transactions` list');
  return parsed.data;
}

/** Why a walk did not reach its last page, in words. */
export function walkEndText(walk: TransactionsWalk): string {
  const link = walk.stoppedAt ? ` (${walk.stoppedAt.link}${walk.stoppedAt.why ? `: ${walk.stoppedAt.why}` : ''})` : '';
  switch (walk.ended) {
    case 'next-missing':
      return `page ${walk.pages.length} has no next link although its paginationDetails.page says a later page exists`;
    case 'repeated-link':
      return `a next link came back that was already followed, so the walk would never end${link}`;
    case 'page-cap':
      return `next links never ended within the walk's bounds${link}`;
    case 'empty-pages':
      return `pages came back empty while each still gave a next link, so the walk would never end${link}`;
    case 'growing-count':
      return `paginationDetails.page.pageCount grew as the walk went, so the walk would never end${link}`;
    case 'not-advancing':
      return `the next link led to a page that does not advance (page ${walk.pages.length} repeats an earlier page number or its transactions)${link}`;
    case 'outside-scope':
      return `links.next points outside the target and was not requested${link}`;
    case 'broken-link':
      return `the next link of page ${walk.pages.length} led to no transactions page${link}`;
    case 'end-reached':
      return 'the walk reached its last page';
  }
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

/**
 * A walk that never reached its last page cannot be judged further: the links rule judges why (a loop, no end,
 * a link off the target); every other rule that needed the whole walk is blocked by it.
 */
export function requireWalkEnded(walk: TransactionsWalk): void {
  if (walk.ended !== 'end-reached')
    throw new PrerequisiteMissing(
      ['cards.transactions.links'],
      `${walk.description}: ${walkEndText(walk)}`,
      transactionsEvidence(walk),
    );
}
