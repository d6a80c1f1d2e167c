/*
 * Every limit and enumeration the card-on-demand part of the card network document states, once, as named exports. Schemas, generators, checks,
 * suites, the reference and its mutants import them from here; test/rules/limits-written-once.test.ts reads
 * this module and finds any value written again as a literal outside rules/.
 */

/** At most this many merchant category codes in a card's controls. */
export const maxMerchantCodes = 25;

/** reconciliationField: at most this many userDefinedFields and accountingFields. */
export const maxUserDefinedFields = 12;
export const maxAccountingFields = 8;

/** chargeAmountVariance bounds are at most this much when PERCENTAGE. */
export const maxVariancePercent = 100;

/** GET /transactions: a date is accepted only when less than this many months in the past. */
export const maxTransactionAgeMonths = 18;

/** GET /transactions rule 3: startDate and endDate at most this many days apart. */
export const maxWindowDays = 31;

/** GET /transactions rule 4: with no dates, the most recent this many days are returned. */
export const defaultWindowDays = 31;

/** GET /transactions: most pages a target may report (pageCount), and the default and largest page size. */
export const maxPageCount = 500;
export const maxPageSize = 500;

/** GET /authorizations: most authorizations returned, and most of each outcome (approved, declined). */
export const maxAuthorizations = 100;
export const maxPerOutcome = 50;
export {
  assignableCardStatuses,
  cardStatuses,
  cardUserStatuses,
  emailTypes,
  formFactors,
  notificationTypes,
  spendTypes,
  timeZones,
  varianceTypes,
} from './enums.ts';
