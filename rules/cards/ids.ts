/** The ids of the card-on-demand rules; zod issues of the cards schemas carry them as their message. */
export const cardsRuleIds = {
  cardFields: 'cards.card.fields',
  cardAmounts: 'cards.card.amounts',
  cardDates: 'cards.card.dates',
  cardReferenceId: 'cards.card.reference-id',
  merchantCodes: 'cards.card.merchant-codes',
  reconciliation: 'cards.card.reconciliation',
  varianceBounds: 'cards.card.variance-bounds',
  formFactor: 'cards.card.form-factor',
  inProgress: 'cards.card.in-progress',
  validFrom: 'cards.card.valid-from',
  cardUserFields: 'cards.card-user.fields',
  cardUserName: 'cards.card-user.name',
  cardUserOneEach: 'cards.card-user.one-each',
  cardUserFormats: 'cards.card-user.formats',
  errorsBadRequest: 'cards.errors.bad-request-body',
  errorsErrorCode: 'cards.errors.error-code-body',
  errorsStatuses: 'cards.errors.documented-statuses',
  unknownIds: 'cards.ids.unknown',
  malformedIds: 'cards.ids.malformed',
  authMissing: 'cards.auth.missing',
  authInvalid: 'cards.auth.invalid',
} as const;

export type CardsRuleId = (typeof cardsRuleIds)[keyof typeof cardsRuleIds];
