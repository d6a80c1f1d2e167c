import { maxVariancePercent } from './limits.ts';

/*
 * The value formats of part B's records, as patterns and predicates the schemas and generators share.
 */

/** Up to 8 digits, then optionally a point and up to 2 decimals: 0.00 to 99999999.99 (Limits: card amounts). */
export const amountPattern = /^\d{1,8}(?:\.\d{1,2})?$/;

/** MM-YY with a month from 01 to 12. */
export const expiryDatePattern = /^(?:0[1-9]|1[0-2])-\d{2}$/;

/** Letters, digits and hyphens only (cardReferenceId, also in notifications). */
export const cardReferenceIdPattern = /^[A-Za-z0-9-]+$/;

/** Letters, spaces, hyphen and apostrophe (first, middle and last name). */
export const namePattern = /^[\p{L} '-]+$/u;
/** Letters and periods (name suffix). */
export const suffixPattern = /^[\p{L}.]+$/u;
/** Three digits (phone country code). */
export const countryCodePattern = /^\d{3}$/;
/** ISO 3166 alpha-2. */
export const alpha2Pattern = /^[A-Z]{2}$/;
/** Digits and hyphens, at least one digit (postal code). */
export const postalCodePattern = /^(?=.*\d)[0-9-]+$/;
/** Alphabetic (state). */
export const statePattern = /^\p{L}+$/u;
/** Letters, spaces and digits (employeeId). */
export const employeeIdPattern = /^[\p{L}\d ]+$/u;
/** yyyy-MM-ddThh:mm:ss+00:00, the ISO 8601 pattern of authorization timestamps. */
export const authorizationTimestampPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

/** YYYY-MM-DD naming a day that exists (no 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A percentage bound: a number from 0 to maxVariancePercent. */
export function isPercentage(value: string): boolean {
  return /^\d+(?:\.\d+)?$/.test(value) && Number(value) <= maxVariancePercent;
}
