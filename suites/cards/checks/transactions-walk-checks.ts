import type { RuleUnderCheck } from '../../../engine/check.ts';
import {
  maxPageSize,
  transactionDay,
  transactionKey,
  transactionsPageSchema,
} from '../../../rules/cards/transactions-schemas.ts';
import { recordRule } from '../../../checks/record-rule.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import {
  requireWalkEnded,
  transactionsEvidence,
  transactionsPageOf,
  walkEndText,
  walkKeys,
  type TransactionsWalk,
} from './transactions-walk.ts';

/** The names of the links a transactions page may carry. */
export const transactionsLinkNames = ['first', 'last', 'next', 'previous'] as const;

/** Every transaction of the window exactly once: no key twice, and as many as the first page's totalCount. */
export function transactionsWalkComplete(walk: TransactionsWalk): Verdict {
  requireWalkEnded(walk);
  const keys = walkKeys(walk);
  const seen = new Set<string>();
  for (const [index, key] of keys.entries()) {
    if (seen.has(key))
      throw new Violation(
        `${walk.description}: transaction ${key} came back twice (item ${index + 1})`,
        transactionsEvidence(walk),
      );
    seen.add(key);
  }
  const total = walk.pages[0]?.page.paginationDetails?.page?.totalCount;
  if (typeof total === 'number' && total !== keys.length) {
    throw new Violation(
      `${walk.description}: the walk met ${keys.length} transactions, totalCount says ${total}`,
      transactionsEvidence(walk),
    );
  }
  return passed({ transactions: keys.length, pages: walk.pages.length });
}

/** Newest first across pages: the day of each transaction is never later than the one before it. */
export function transactionsNewestFirst(walk: TransactionsWalk): Verdict {
  let previous: string | undefined;
  for (const [pageIndex, { page }] of walk.pages.entries()) {
    for (const item of page.transactions) {
      const day = transactionDay(item);
      if (day === undefined) continue;
      if (previous !== undefined && day > previous) {
        throw new Violation(
          `${walk.description}: a transaction of ${day} follows one of ${previous} (page ${pageIndex + 1}); newest first was expected`,
          transactionsEvidence(walk, pageIndex),
        );
      }
      previous = day;
    }
  }
  return passed();
}

/** What a window rule expects of a walk: only days in the window, and every transaction it must hold. */
export interface WindowExpectation {
  from: string;
  to: string;
  /** Keys of transactions the window must return (seen by other requests), with why. */
  mustInclude: readonly string[];
  why: string;
  /** Days before `from` that may or may not be returned (a reading the document leaves open). Default none. */
  toleratedFrom?: string;
}

/** A walk returns only transactions of its window and every one it must hold. */
export function transactionsInWindow(observed: { walk: TransactionsWalk; expected: WindowExpectation }): Verdict {
  const { walk, expected } = observed;
  const lowest = expected.toleratedFrom ?? expected.from;
  for (const [pageIndex, { page }] of walk.pages.entries()) {
    for (const item of page.transactions) {
      const day = transactionDay(item);
      if (day !== undefined && (day < lowest || day > expected.to)) {
        throw new Violation(
          `${walk.description}: returned a transaction of ${day}, outside ${expected.from} to ${expected.to}`,
          transactionsEvidence(walk, pageIndex),
        );
      }
    }
  }
  const got = new Set(walkKeys(walk));
  const missing = expected.mustInclude.filter((key) => !got.has(key));
  if (missing.length)
    throw new Violation(
      `${walk.description}: ${missing.length} transaction(s) ${expected.why} are missing, e.g. ${missing[0]}`,
      transactionsEvidence(walk),
    );
  return passed({ transactions: got.size });
}

/**
 * Page numbers of a walk from page 1: every page's schema issues of the rule, pageNumber 1, 2, 3 ... in
 * order, pageSize as asked, totalCount the same on every page. Without a size asked, every page says the
 * size the first one says: that the default is 500 is the default page size rule's to judge.
 */
export function transactionsPageDetails(this: RuleUnderCheck, walk: TransactionsWalk): Verdict {
  const firstSize = walk.pages[0]?.page.paginationDetails?.page?.pageSize;
  const asked = walk.pageSize ?? (typeof firstSize === 'number' ? firstSize : maxPageSize);
  let total: unknown;
  for (const [index, { exchange, page }] of walk.pages.entries()) {
    recordRule.call(this, exchange, {
      record: `${walk.description}, page ${index + 1}`,
      schema: transactionsPageSchema,
      statuses: [200, 206],
    });
    const numbers = page.paginationDetails?.page ?? {};
    const wrong =
      numbers.pageNumber !== index + 1
        ? `pageNumber ${String(numbers.pageNumber)}`
        : numbers.pageSize !== asked
          ? `pageSize ${String(numbers.pageSize)} (${walk.pageSize === undefined ? 'the first page says' : 'asked'} ${asked})`
          : index > 0 && numbers.totalCount !== total
            ? `totalCount ${String(numbers.totalCount)} after ${String(total)}`
            : undefined;
    if (wrong) throw new Violation(`${walk.description}: page ${index + 1} of the walk says ${wrong}`, [exchange]);
    total = numbers.totalCount;
  }
  return passed({ pages: walk.pages.length });
}

/**
 * Links of every page of a walk: first and last always, next and previous only where those pages exist (both optional),
 * every link inside the target (`outside` says why one is not: it is never requested), and next links that
 * end: no loop, no page that does not advance, no walk past the page cap.
 */
export function transactionsLinks(
  this: RuleUnderCheck,
  observed: {
    walk: TransactionsWalk;
    outside: (link: string) => string | undefined;
  },
): Verdict {
  const { walk, outside } = observed;
  for (const [index, { exchange, page }] of walk.pages.entries()) {
    for (const name of transactionsLinkNames) {
      const link = page.paginationDetails?.links?.[name];
      const why = link === undefined ? undefined : outside(link);
      if (why !== undefined)
        throw new Violation(
          `${walk.description}: links.${name} of page ${index + 1} points outside the target and was not requested: ${link} (${why})`,
          [exchange],
        );
    }
    recordRule.call(this, exchange, {
      record: `${walk.description}, page ${index + 1}`,
      schema: transactionsPageSchema,
      statuses: [200, 206],
    });
  }
  // No next link where a later page exists is allowed (next is optional): the other rules read those pages by
  // pageNumber.
  if (walk.ended === 'next-missing')
    return passed({
      'next links': `absent on page ${walk.pages.length} although later pages exist (optional; pages read by pageNumber)`,
    });
  if (walk.ended !== 'end-reached')
    throw new Violation(`${walk.description}: ${walkEndText(walk)}`, transactionsEvidence(walk));
  return passed({ pages: walk.pages.length });
}

/** At most `pageSize` transactions on every page of a walk. */
export function transactionsPageSizeLimit(walk: TransactionsWalk): Verdict {
  const limit = walk.pageSize ?? maxPageSize;
  for (const [index, { page, exchange }] of walk.pages.entries()) {
    if (page.transactions.length > limit)
      throw new Violation(
        `${walk.description}: page ${index + 1} holds ${page.transactions.length} transactions, more than ${limit}`,
        [exchange],
      );
  }
  return passed();
}

/** Transactions asked for by cardId are that card's, and all of them: those of the account walk with that cardId. */
export function transactionsCardScope(observed: {
  cardWalk: TransactionsWalk;
  accountWalk: TransactionsWalk;
  cardId: string;
}): Verdict {
  const { cardWalk, accountWalk, cardId } = observed;
  for (const [index, { page }] of cardWalk.pages.entries()) {
    const other = page.transactions.find(
      (item) =>
        (item as { cardId?: unknown } | null)?.cardId !== undefined && (item as { cardId?: unknown }).cardId !== cardId,
    );
    if (other)
      throw new Violation(
        `${cardWalk.description}: returned a transaction of card ${String((other as { cardId: unknown }).cardId)}`,
        transactionsEvidence(cardWalk, index),
      );
  }
  const got = new Set(walkKeys(cardWalk));
  const expected = accountWalk.pages
    .flatMap(({ page }) => page.transactions)
    .filter((item) => (item as { cardId?: unknown } | null)?.cardId === cardId)
    .map(transactionKey);
  const missing = expected.filter((key) => !got.has(key));
  if (missing.length)
    throw new Violation(
      `${cardWalk.description}: ${missing.length} transaction(s) of the card that the account's walk shows are missing, e.g. ${missing[0]}`,
      transactionsEvidence(cardWalk),
    );
  return passed({ transactions: got.size });
}

/** A link of a walk's page, followed. */
export interface FollowedLink {
  /** Index of the page of the walk the link is on. */
  from: number;
  name: 'first' | 'last' | 'previous';
  exchange: Exchange;
}

/**
 * The links of every page lead where they say: first to the walk's first page, last to its last page,
 * previous to the page before (the same transactions, in the same order). A walk that did not end cannot be
 * compared: that breaks the rule under test.
 */
export function transactionsLinkTargets(observed: {
  walk: TransactionsWalk;
  followed: readonly FollowedLink[];
}): Verdict {
  const { walk, followed } = observed;
  requireWalkEnded(walk);
  const keysOf = (items: readonly unknown[]) => items.map(transactionKey).join(',');
  for (const { from, name, exchange } of followed) {
    const target = name === 'first' ? 0 : name === 'last' ? walk.pages.length - 1 : from - 1;
    const expected = walk.pages[target];
    if (!expected) continue;
    const got = transactionsPageOf(exchange);
    if (keysOf(got.transactions) !== keysOf(expected.page.transactions)) {
      throw new Violation(
        `${walk.description}: the ${name} link of page ${from + 1} does not lead to page ${target + 1} of the walk (other transactions)`,
        [walk.pages[from]?.exchange ?? exchange, exchange],
      );
    }
  }
  return passed({ 'links followed': followed.length });
}
