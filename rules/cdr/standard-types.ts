import { z } from 'zod';

/**
 * The common field types of the Consumer Data Standards ("Common Field Types"), as the record schemas of
 * every endpoint version use them. Release 1.36.0 of the standard; the types have not changed across the
 * versions judged here.
 */

/** DateTimeString: RFC 3339 date-time with a zone (Z or an offset). */
export const dateTime = z.iso.datetime({ offset: true });

/** URIString: a valid (absolute) URI. */
export const uriString = z.string().refine((value) => URL.canParse(value), 'not a valid URI');

/** AmountString: up to 16 digits before the point, at least 2 after it, no formatting. */
export const amountString = z.string().regex(/^-?\d{1,16}\.\d{2,}$/, 'not an AmountString (e.g. "5.00")');

/** RateString: a decimal fraction (1.0 is 100%), up to 16 digits each side of the point. */
export const rateString = z.string().regex(/^-?\d{1,16}(\.\d{1,16})?$/, 'not a RateString (e.g. "0.0425")');

/** CurrencyString: an ISO 4217 code. */
export const currencyString = z.string().regex(/^[A-Z]{3}$/, 'not an ISO 4217 currency code');

/** ExternalRef for frequencies and periods: an ISO 8601 duration (P1M, PT12H, P1Y2M3DT4H5M6.5S, P2W). */
export const isoDuration = z
  .string()
  .regex(/^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/, 'not an ISO 8601 duration');

export const naturalNumber = z.number().int().min(0);
export const positiveInteger = z.number().int().min(1);

/**
 * A page total of MetaPaginated: the standard says NaturalNumber (a JSON integer), document 3 a string. A
 * holder following either passes; which form it used is observed.
 */
export const pageTotal = z.union([naturalNumber, z.string().regex(/^\d+$/, 'not a decimal count')]);

/** The number a page total stands for; undefined when it is neither form. Pure. */
export function pageTotalValue(value: unknown): number | undefined {
  const parsed = pageTotal.safeParse(value);
  return parsed.success ? Number(parsed.data) : undefined;
}

/** Which form a page total has, for observations. */
export const pageTotalForm = (value: unknown) =>
  typeof value === 'number' ? 'integer (the standard)' : typeof value === 'string' ? 'string (document 3)' : 'neither';
