import fc from 'fast-check';
import { addDays } from '../../rules/cards/calendar.ts';
import { maxVariancePercent } from '../../rules/cards/limits.ts';

/** An amount of the documented range, boundaries included: 0 to 99999999 with 0, 1 or 2 decimals. */
export const amountText = fc.oneof(
  fc.constantFrom('0.00', '99999999.99', '0', '12.5'),
  fc
    // not-a-limit: cents, not an authorizations count
    .tuple(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 99 }))
    .map(([units, cents]) => `${units}.${String(cents).padStart(2, '0')}`),
);

/** A day between 2000 and 2099, YYYY-MM-DD. */
export const dayText = fc.integer({ min: 0, max: 36_500 }).map((offset) => addDays('2000-01-01', offset));

/** MM-YY. */
export const expiryText = fc
  // not-a-limit: twelve months, not the userDefinedFields limit.
  .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 99 }))
  .map(([month, year]) => `${String(month).padStart(2, '0')}-${String(year).padStart(2, '0')}`);

/** Letters, digits and hyphens. */
export const referenceIdText = fc.stringMatching(/^[A-Za-z0-9-]{1,30}$/);

/** A percentage bound: 0 to the largest. */
export const percentText = fc.oneof(
  fc.constantFrom('0', String(maxVariancePercent), `${maxVariancePercent}.0`),
  fc.integer({ min: 0, max: maxVariancePercent }).map(String),
);

/** Letters, spaces, hyphens and apostrophes, starting with a letter. */
export const nameText = fc.stringMatching(/^[A-Za-z][A-Za-z '-]{0,20}$/);
