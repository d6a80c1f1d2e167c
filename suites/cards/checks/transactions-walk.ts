import type { Exchange } from '../../../client/http-exchange.ts';
import type { WalkEnd } from '../../../checks/walk-end.ts';
import { type WalkedPage, walkedPageSchema, transactionKey } from '../../../rules/cards/transactions-schemas.ts';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';

/** One page of a transactions walk as observed. */
export interface ObservedTransactionsPage {
  exchange: Exchange;
  page: WalkedPage;
}

/** A walk of GET /transactions: the first page asked for, then each `next` link followed as given. */
export interface TransactionsWalk {
  /** The request in words: scope, window and page size. */
  description: string;
  /** The page size asked for, or undefined for the default. */
  pageSize: number | undefined;
  pages: ObservedTransactionsPage[];
  /**
   * Why the walk stopped (checks/walk-end.ts): for next links, `repeated-step` is a next link followed before,
   * `unusable-step` a next link outside the target (never requested), `step-refused` a next link that led to no
   * transactions page, `not-advancing` a next page whose pageNumber is not above the one before or that holds the
   * same transactions, `repeated-records` the transactions of an earlier page under a fresh link, `growing-total` a
   * pageCount that grows as the walk goes; `page-cap` is any bound of the walk, named in `note`.
   */
  ended: WalkEnd;
  /** What the walk saw where it stopped (the next link, the bound), when it did not reach the end. */
  note?: string;
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
  const seen = walk.note ? ` (${walk.note})` : '';
  const pages = walk.pages.length;
  switch (walk.ended) {
    case 'next-missing':
      return `page ${pages} has no next link although its paginationDetails.page says a later page exists`;
    case 'repeated-step':
      return `a next link came back that was already followed, so the walk would never end${seen}`;
    case 'page-cap':
      return `next links never ended within the walk's bounds${seen}`;
    case 'empty-pages':
      return `pages came back empty while each still gave a next link, so the walk would never end${seen}`;
    case 'growing-total':
      return `paginationDetails.page.pageCount grew as the walk went, so the walk would never end${seen}`;
    case 'not-advancing':
      return `the next link led to a page that does not advance (page ${pages} repeats the page number or the transactions of the page before)${seen}`;
    case 'repeated-records':
      return `the next links led to a page that does not advance (page ${pages} repeats the transactions of an earlier page), so the walk would never end${seen}`;
    case 'unusable-step':
      return `links.next points outside the target and was not requested${seen}`;
    case 'step-refused':
      return `the next link of page ${pages} led to no transactions page${seen}`;
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
