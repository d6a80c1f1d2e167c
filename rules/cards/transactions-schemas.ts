import { z } from 'zod';
import { breaks, ruleIssue } from '../rule-issues.ts';
import type { RuleId } from '../rule-id.ts';
import { alpha2Pattern, isCalendarDate } from './formats.ts';

/*
 * GET /transactions: the page as walked (only `transactions` a list, and the links when they are strings),
 * and the strict page whose issues name the page-details, links and item rules.
 */

import { maxPageCount, maxPageSize } from './limits.ts';

export { maxPageCount, maxPageSize };

const link = z.string().optional().catch(undefined);

/** What a walk needs of a page: the items and the links that are strings; the rest is judged by its rules. */
export const walkedPageSchema = z.object({
  paginationDetails: z
    .object({
      page: z
        .object({ pageNumber: z.unknown(), pageCount: z.unknown(), pageSize: z.unknown(), totalCount: z.unknown() })
        .partial()
        .optional()
        .catch(undefined),
      links: z.object({ first: link, last: link, next: link, previous: link }).optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
  transactions: z.array(z.unknown()),
});
export type WalkedPage = z.infer<typeof walkedPageSchema>;

const day = (rule: RuleId) => z.string(breaks(rule)).refine(isCalendarDate, breaks(rule));
const optionalText = z.string(breaks('cards.transactions.items')).nullish();
const money = z.object({ value: optionalText, currency: optionalText }, breaks('cards.transactions.items')).nullish();

/** An amount written as a number ("12.34", "-12.34"); the document gives no format beyond "value string". */
const numericAmount = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Whether a credit's transactionAmount.value keeps "negative for credits": only a value written as a number is
 * judged (its format is not shown), and it must carry the minus sign ("-0.00" of a zero credit is written negative).
 */
export function creditAmountKept(value: unknown): boolean {
  if (typeof value !== 'string') return true;
  const written = value.trim();
  return !numericAmount.test(written) || written.startsWith('-');
}

/**
 * A transaction item: every field optional; dates YYYY-MM-DD, type CHARGE or CREDIT, merchant country alpha-2, and
 * a CREDIT's transactionAmount.value negative (a CHARGE's sign, and a value of an item of no type, are not said).
 */
export const transactionItemSchema = z
  .object(
    {
      referenceNumber: optionalText,
      cardId: optionalText,
      lastFive: optionalText,
      authorizationId: optionalText,
      transactionAmount: money,
      localAmount: money,
      authorizationDate: day('cards.transactions.items').nullish(),
      transactionDate: day('cards.transactions.items').nullish(),
      transactionType: z.enum(['CHARGE', 'CREDIT'], breaks('cards.transactions.items')).nullish(),
      digitalWallet: optionalText,
      billingCycleDate: day('cards.transactions.items').nullish(),
      merchant: z
        .object(
          {
            country: z
              .string(breaks('cards.transactions.items'))
              .regex(alpha2Pattern, breaks('cards.transactions.items'))
              .nullish(),
          },
          breaks('cards.transactions.items'),
        )
        .nullish(),
    },
    breaks('cards.transactions.items'),
  )
  .superRefine(
    (item, ctx) => {
      const record = item as { transactionType?: unknown; transactionAmount?: { value?: unknown } | null } | null;
      if (record?.transactionType !== 'CREDIT') return;
      if (!creditAmountKept(record.transactionAmount?.value))
        ctx.addIssue(ruleIssue('cards.transactions.items', ['transactionAmount', 'value']));
    },
    // Judged beside the item's other fields: a credit's sign is a fault of its own.
    { when: () => true },
  );

const count = z.number(breaks('cards.transactions.page-details'));
const requiredLink = z.string(breaks('cards.transactions.links'));

/**
 * A page of GET /transactions (rule 5): page numbers required, pageCount at most 500 and what totalCount and
 * pageSize make it; links first and last always, next only where a later page exists and previous only where
 * an earlier one does (both are optional strings: their absence is allowed).
 */
export const transactionsPageSchema = z
  .object({
    paginationDetails: z.object(
      {
        page: z.object(
          {
            pageSize: count,
            pageNumber: count,
            pageCount: count.max(maxPageCount, breaks('cards.transactions.page-details')),
            totalCount: count,
          },
          breaks('cards.transactions.page-details'),
        ),
        links: z.object(
          {
            first: requiredLink,
            last: requiredLink,
            next: z.string(breaks('cards.transactions.links')).nullish(),
            previous: z.string(breaks('cards.transactions.links')).nullish(),
          },
          breaks('cards.transactions.links'),
        ),
      },
      breaks('cards.transactions.page-details'),
    ),
    transactions: z.array(transactionItemSchema, breaks('cards.transactions.items')),
  })
  .superRefine(
    (body, ctx) => {
      const page = body?.paginationDetails?.page;
      const links = body?.paginationDetails?.links;
      if (!page || typeof page.pageNumber !== 'number' || typeof page.pageCount !== 'number') return;
      const { pageNumber, pageCount, pageSize, totalCount } = page;
      if (typeof pageSize === 'number' && typeof totalCount === 'number' && pageSize > 0) {
        const pages = Math.ceil(totalCount / pageSize);
        // An empty window may count as no page or as one empty page; more pages than the cap are cut at 500.
        const fits = pages === 0 ? pageCount === 0 || pageCount === 1 : pageCount === Math.min(pages, maxPageCount);
        if (!fits)
          ctx.addIssue(ruleIssue('cards.transactions.page-details', ['paginationDetails', 'page', 'pageCount']));
      }
      if (!links || typeof links !== 'object') return;
      const has = (name: 'next' | 'previous') => typeof links[name] === 'string';
      // next and previous are optional strings: absent is allowed, present only where that page exists.
      if (has('next') && !(pageNumber < pageCount))
        ctx.addIssue(ruleIssue('cards.transactions.links', ['paginationDetails', 'links', 'next']));
      if (has('previous') && !(pageNumber > 1 && pageNumber <= Math.max(pageCount, 1)))
        ctx.addIssue(ruleIssue('cards.transactions.links', ['paginationDetails', 'links', 'previous']));
    },
    { when: () => true },
  );

/** The day a transaction is filtered and ordered by: its settlement date, else its authorization date. */
export function transactionDay(item: unknown): string | undefined {
  const record = item as { transactionDate?: unknown; authorizationDate?: unknown } | null;
  const value = record?.transactionDate ?? record?.authorizationDate;
  return typeof value === 'string' ? value : undefined;
}

/** Identity of a transaction: its referenceNumber, else its JSON. */
export function transactionKey(item: unknown): string {
  const reference = (item as { referenceNumber?: unknown } | null)?.referenceNumber;
  return typeof reference === 'string' ? `ref:${reference}` : JSON.stringify(item);
}
