import type { cardsChecks } from '../../checks/cards/index.ts';
import type { SharedCheckName } from '../../checks/index.ts';
import type { CardsSection } from '../../targets/cards/section.ts';
import { defineRules } from '../rule.ts';
import { cardsRuleIds as id } from './ids.ts';
import { cardsSections as s } from './source.ts';

type CardsCheckName = SharedCheckName | keyof typeof cardsChecks;
const family = 'cards';

/** Every rule of part B of document 2 (card on demand), once, in our own words. */
export const cardsRules = defineRules<CardsCheckName, CardsSection>()([
  {
    id: id.cardFields,
    family,
    source: s.cardRecord,
    statement: 'GET card of a card in every status but IN_PROGRESS answers 200 with a Card: cardId, accountId, spendControls (currentAmount, validFromDate, validToDate), cardDetails (cardLastFive, expiryDate, formFactor, cardReferenceId, cardCreationDate, status) and deliveryMethod API_RESPONSE, every field of its type and every enum value one the document lists.',
    check: 'record-rule',
  },
  {
    id: id.cardAmounts,
    family,
    source: s.limits,
    statement: 'Amounts of a card (currentAmount, originalAmount, minimumAuthorizationAmount, autoExpireAmount) have up to 8 digits and up to 2 decimals: 0.00 to 99999999.99.',
    check: 'record-rule',
  },
  {
    id: id.cardDates,
    family,
    source: s.cardDetails,
    statement: 'Dates of a card (validFromDate, validToDate, cardCreationDate, cardModifiedDate) are days written YYYY-MM-DD; expiryDate is MM-YY with a month 01 to 12.',
    check: 'record-rule',
  },
  {
    id: id.cardReferenceId,
    family,
    source: s.cardDetails,
    statement: 'cardReferenceId holds letters, digits and hyphens only.',
    check: 'record-rule',
  },
  {
    id: id.merchantCodes,
    family,
    source: s.limits,
    statement: 'A card lists at most 25 merchant category codes (allowedMerchantIndustries).',
    check: 'record-rule',
  },
  {
    id: id.reconciliation,
    family,
    source: s.reconciliation,
    statement: 'reconciliationField holds at most 12 userDefinedFields and at most 8 accountingFields, each item with an index and a value.',
    check: 'record-rule',
  },
  {
    id: id.varianceBounds,
    family,
    source: s.cardRecord,
    statement: 'chargeAmountVariance bounds are numbers from 0 to 100 when varianceType is PERCENTAGE and amounts (0.00 to 99999999.99) when AMOUNT.',
    check: 'record-rule',
  },
  {
    id: id.formFactor,
    family,
    source: s.cardDetails,
    statement: 'formFactor is VIRTUAL, the only form factor currently supported.',
    check: 'record-rule',
  },
  {
    id: id.inProgress,
    family,
    source: s.cardRecord,
    statement: 'GET card of an IN_PROGRESS card answers 200 with only cardId, accountId and status IN_PROGRESS: none of the other Card fields.',
    check: 'record-rule',
  },
  {
    id: id.validFrom,
    family,
    source: s.cardRecord,
    statement: 'validFromDate may not be in the past at creation. Card creation is not shown, so this is judged on what GET card returns: validFromDate is not before cardCreationDate.',
    check: 'record-rule',
  },
  {
    id: id.cardUserFields,
    family,
    source: s.cardUser,
    statement: 'GET card user of a user in every status answers 200 with a CardUser: cardUserId, buyerId, name (first, last), dateOfBirth and dateCreated (YYYY-MM-DD), email, phone, address, status and expressConsentObtained, every field of its type and every enum value one the document lists.',
    check: 'record-rule',
  },
  {
    id: id.cardUserName,
    family,
    source: s.cardUser,
    statement: 'first, middle and last name hold letters, spaces, hyphens and apostrophes only; suffix letters and periods only.',
    check: 'record-rule',
  },
  {
    id: id.cardUserOneEach,
    family,
    source: s.limits,
    statement: 'A card user has exactly one email, one phone and one address.',
    check: 'record-rule',
  },
  {
    id: id.cardUserFormats,
    family,
    source: s.cardUser,
    statement: 'The phone countryCode is three digits, the address country two upper-case letters (alpha-2), state alphabetic, postalCode digits and hyphens, employeeId letters, spaces and digits.',
    check: 'record-rule',
  },
  {
    id: id.errorsBadRequest,
    family,
    source: s.errors,
    statement: 'A 400 answer (but DELETE account\'s) has `errors`, a list of items with code and message (strings, required except on GET transactions) and optional detail and link.',
    check: 'cards-error-body',
  },
  {
    id: id.errorsErrorCode,
    family,
    source: s.errors,
    statement: 'Every other error answer (401, 403, 404, 500, 503, 504, and 400 of DELETE account) has errorCode (string, required) and an optional errorDescription string.',
    check: 'cards-error-body',
  },
  {
    id: id.errorsStatuses,
    family,
    source: s.errors,
    statement: 'Each operation answers only its success statuses and the error statuses of its row (GET transactions: 200 or 206); valid, unknown, malformed and unauthenticated requests alike.',
    check: 'documented-status',
  },
  {
    id: id.unknownIds,
    family,
    source: s.errors,
    statement: 'A well-formed card, card-user or account id that does not exist answers 404 on every operation addressed by it (GET and PATCH card, GET card user, GET authorizations, GET transactions, DELETE account).',
    check: 'status-for-invalid-input',
  },
  {
    id: id.malformedIds,
    family,
    source: s.errors,
    statement: 'An id that cannot be one (spaces, quotes, angle brackets, 300 characters) answers 400 on every operation addressed by it.',
    check: 'status-for-invalid-input',
  },
  {
    id: id.authMissing,
    family,
    source: s.authentication,
    statement: 'Every card-on-demand operation without an Authorization header is refused: 401 where the operation lists it, a 4xx on GET authorizationnotifications.',
    check: 'unauthorized-status',
  },
  {
    id: id.authInvalid,
    family,
    source: s.authentication,
    statement: 'Every card-on-demand operation with a bearer token the target did not issue (altered, truncated, extended, another scheme) is refused like a missing one.',
    check: 'unauthorized-status',
  },
]);

export type CardsRuleIdOfRules = (typeof cardsRules)[number]['id'];
