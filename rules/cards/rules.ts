import { defineRules } from '../rule.ts';
import { cardsSections as s } from './source.ts';

/** What the rules' `appliesTo` reads of the cards section of a target entry. */
type CardsSectionRead = { walletProvisioning: boolean; fixtures: { disposableAccountId?: string | undefined } };
const family = 'cards';
const withDisposable = (section: CardsSectionRead) => section.fixtures.disposableAccountId !== undefined;
const disposable =
  'target entry that names a disposable account (fixtures.disposableAccountId), accepting that it is unenrolled';

/** Every rule of part B of document 2 (card on demand), once, in our own words. */
export const cardsRules = defineRules<CardsSectionRead>()([
  {
    id: 'cards.card.fields',
    family,
    source: s.cardRecord,
    statement:
      'GET card of a card in every status but IN_PROGRESS (every unassigned and assigned fixture card, the one with many authorizations, those the history names) answers 200 with a Card: cardId, accountId, spendControls (currentAmount, validFromDate, validToDate), cardDetails (cardLastFive, expiryDate, formFactor, cardReferenceId, cardCreationDate, status) and deliveryMethod API_RESPONSE, every field of its type and every enum value one the document lists.',
    check: 'record-rule',
  },
  {
    id: 'cards.card.amounts',
    family,
    source: s.limits,
    statement:
      'Amounts of a card (currentAmount, originalAmount, minimumAuthorizationAmount, autoExpireAmount) have up to 8 digits and up to 2 decimals: 0.00 to 99999999.99.',
    check: 'record-rule',
  },
  {
    id: 'cards.card.dates',
    family,
    source: s.cardDetails,
    statement:
      'Dates of a card (validFromDate, validToDate, cardCreationDate, cardModifiedDate) are days written YYYY-MM-DD; expiryDate is MM-YY with a month 01 to 12.',
    check: 'record-rule',
  },
  {
    id: 'cards.card.reference-id',
    family,
    source: s.cardDetails,
    statement: 'cardReferenceId holds letters, digits and hyphens only.',
    check: 'record-rule',
  },
  {
    id: 'cards.card.merchant-codes',
    family,
    source: s.limits,
    statement: 'A card lists at most 25 merchant category codes (allowedMerchantIndustries).',
    check: 'record-rule',
  },
  {
    id: 'cards.card.reconciliation',
    family,
    source: s.reconciliation,
    statement:
      'reconciliationField holds at most 12 userDefinedFields and at most 8 accountingFields, each item with an index and a value.',
    check: 'record-rule',
  },
  {
    id: 'cards.card.variance-bounds',
    family,
    source: s.cardRecord,
    statement:
      'chargeAmountVariance bounds are numbers from 0 to 100 when varianceType is PERCENTAGE and amounts (0.00 to 99999999.99) when AMOUNT.',
    check: 'record-rule',
  },
  {
    id: 'cards.card.form-factor',
    family,
    source: s.cardDetails,
    statement: 'formFactor is VIRTUAL, the only form factor currently supported.',
    check: 'record-rule',
  },
  {
    id: 'cards.card.in-progress',
    family,
    source: s.cardRecord,
    statement:
      'GET card of an IN_PROGRESS card answers 200 with only cardId, accountId and status IN_PROGRESS: none of the other Card fields. Status is a CardDetails field, so it may be at the top level or in a cardDetails holding nothing else (which one is observed).',
    check: 'record-rule',
  },
  {
    id: 'cards.card.valid-from',
    family,
    source: s.cardRecord,
    statement:
      "validFromDate may not be in the past at creation. Card creation is not shown, so this is judged on what GET card returns: validFromDate is not before the day before cardCreationDate (validFromDate is a day in the account's or the given time zone, cardCreationDate in a zone not shown: one day apart can be the same moment).",
    check: 'record-rule',
  },
  {
    id: 'cards.card-user.fields',
    family,
    source: s.cardUser,
    statement:
      'GET card user of a user in every status (and of the users of the assigned cards) answers 200 with a CardUser: cardUserId, buyerId, name (first, last), dateOfBirth and dateCreated (YYYY-MM-DD), email, phone, address, status and expressConsentObtained, every field of its type and every enum value one the document lists.',
    check: 'record-rule',
  },
  {
    id: 'cards.card-user.name',
    family,
    source: s.cardUser,
    statement:
      'first, middle and last name hold letters, spaces, hyphens and apostrophes only; suffix letters and periods only.',
    check: 'record-rule',
  },
  {
    id: 'cards.card-user.one-each',
    family,
    source: s.limits,
    statement: 'A card user has exactly one email, one phone and one address.',
    check: 'record-rule',
  },
  {
    id: 'cards.card-user.formats',
    family,
    source: s.cardUser,
    statement:
      'The phone countryCode is three digits, the address country two upper-case letters (alpha-2), state alphabetic, postalCode digits and hyphens, employeeId letters, spaces and digits.',
    check: 'record-rule',
  },
  {
    id: 'cards.transactions.dates-together',
    family,
    source: s.transactionRules,
    statement:
      'GET transactions with startDate alone or endDate alone (of an account or a card, recent or old) is refused with 400.',
    check: 'transactions-edge-request',
  },
  {
    id: 'cards.transactions.dates-inclusive',
    family,
    source: s.transactionRules,
    statement:
      'startDate and endDate are inclusive: a window returns exactly the transactions dated from startDate to endDate, those on either end date included (compared with a wider window around that day; recent, old and at the 18-month edge; for the history account and a card). The day of a transaction is its transactionDate, else its authorizationDate.',
    check: 'transactions-in-window',
  },
  {
    id: 'cards.transactions.parameter-formats',
    family,
    source: s.endpoints,
    statement:
      'GET transactions with a startDate or endDate not written YYYY-MM-DD (2026/01/05, 05-01-2026, a day that does not exist) or a pageSize or pageNumber that is not a number is refused with 400.',
    check: 'transactions-edge-request',
  },
  {
    id: 'cards.transactions.window-age',
    family,
    source: s.transactionRules,
    statement:
      'startDate and endDate must each be less than 18 months in the past, from the clock of the run: the day after the day 18 months ago is accepted, that day and earlier are refused with 400 (the edge first, then random windows up to a year either side, for the history and empty accounts and a card).',
    check: 'transactions-edge-request',
  },
  {
    id: 'cards.transactions.window-span',
    family,
    source: s.transactionRules,
    statement:
      'startDate and endDate may be at most 31 days apart: 30 and 31 days apart are accepted, 32 and more refused with 400 (the edge first, then random spans up to a year, recent and at the 18-month edge, for the history and empty accounts and a card).',
    check: 'transactions-edge-request',
  },
  {
    id: 'cards.transactions.default-window',
    family,
    source: s.transactionRules,
    statement:
      'Without date parameters the most recent 31 days are returned, for an account and for a card: every transaction of today and the 30 days before, none older than 31 days ago (whether that 31st day is in is observed, not judged).',
    check: 'transactions-in-window',
  },
  {
    id: 'cards.transactions.newest-first',
    family,
    source: s.transactionRules,
    statement: 'Transactions come newest first, across the pages of a walk as well as within each, at every page size.',
    check: 'transactions-newest-first',
  },
  {
    id: 'cards.transactions.page-size-default',
    family,
    source: s.limits,
    statement:
      'Without pageSize a page is of 500: it says pageSize 500 and holds 500 transactions when the window has more.',
    check: 'transactions-default-page-size',
  },
  {
    id: 'cards.transactions.page-size-limit',
    family,
    source: s.limits,
    statement:
      'pageSize is at most 500: 1 to 500 are accepted; 501 and more are refused with 400 or served with at most 500 transactions on a page that says a pageSize of at most 500 (the document states the maximum, not the answer: which one is observed; the edge first, then random sizes up to 5000, for the history and empty accounts and a card), and no page holds more transactions than its pageSize.',
    check: 'transactions-page-size-limit',
  },
  {
    id: 'cards.transactions.page-number-default',
    family,
    source: s.endpoints,
    statement: 'Without pageNumber the first page is returned: it says pageNumber 1 and holds what pageNumber=1 holds.',
    check: 'transactions-default-page-number',
  },
  {
    id: 'cards.transactions.page-details',
    family,
    source: s.transactionRules,
    statement:
      'paginationDetails.page has pageSize, pageNumber, pageCount and totalCount (numbers, required) on every page of a walk: pageNumber 1, 2, 3 in order, pageSize as asked, totalCount the same throughout, pageCount at most 500 and what totalCount and pageSize make it.',
    check: 'transactions-page-details',
  },
  {
    id: 'cards.transactions.links',
    family,
    source: s.transactionRules,
    statement:
      'paginationDetails.links has first and last (strings) on every page, empty windows included; next and previous are optional strings, present only where a later (none on a full last page) or an earlier page exists (their absence is observed); a next link leads to a transactions page on the target and next links end.',
    check: 'transactions-links',
  },
  {
    id: 'cards.transactions.link-targets',
    family,
    source: s.transactionRules,
    statement:
      'The links of every page lead where they say: first to the first page, last to the last page, previous to the page before (same transactions, same order), at page sizes 500, 100 and 7.',
    check: 'transactions-link-targets',
  },
  {
    id: 'cards.transactions.walk-complete',
    family,
    source: s.transactionRules,
    statement:
      "A walk that follows the next links as given (page sizes 500, 100, 37, 7, 2 and one that divides the window) sees every transaction of the window exactly once, as many as totalCount, and ends within the page cap. Where the next links stop short (the links rule's fault), the pages asked by pageNumber are judged instead, as by every rule that reads a walk.",
    check: 'transactions-walk-complete',
  },
  {
    id: 'cards.transactions.card-scope',
    family,
    source: s.transactionRules,
    statement:
      'Transactions asked for by cardId are those of that card only, and all of those the account shows for it in the same window.',
    check: 'transactions-card-scope',
  },
  {
    id: 'cards.transactions.items',
    family,
    source: s.cardRecord,
    // A transactions page too large to read is this rule's fault; the other rules that asked for one are blocked.
    judgesBodiesTooLarge: /\/transactions$/,
    statement:
      'Transaction items (all fields optional) have authorizationDate, transactionDate and billingCycleDate as YYYY-MM-DD, transactionType CHARGE or CREDIT and a merchant country of two upper-case letters.',
    check: 'record-rule',
  },
  {
    id: 'cards.assign.eligibility',
    family,
    source: s.assignment,
    statement:
      'PATCH card assigns a card user only to an ACTIVE or PREACTIVE card and only an ACTIVATED user: tried with every combination of the 7 card statuses and the 4 user statuses, the allowed ones answer 200 and show on GET card, the others are refused (4xx) and leave the card without a user.',
    check: 'assignment-outcome',
  },
  {
    id: 'cards.assign.no-reassignment',
    family,
    source: s.assignment,
    statement:
      'A card that has a card user (ACTIVE and PREACTIVE) cannot be reassigned: PATCH with another ACTIVATED user is refused (4xx) and GET card still shows the first user.',
    check: 'assignment-outcome',
  },
  {
    id: 'cards.assign.wallet-fixed',
    family,
    source: s.assignment,
    statement:
      'After assignment digitalWalletProvisionable cannot be modified: PATCH of an assigned card with its own user and the other value leaves it unchanged, in a 200 answer and on GET card.',
    check: 'wallet-unchanged',
  },
  {
    id: 'cards.assign.wallet-required',
    family,
    source: s.endpoints,
    statement:
      'When the partner signed up for mobile wallet provisioning, PATCH card without digitalWalletProvisionable or with null is refused (4xx), for ACTIVE and PREACTIVE cards alike, and the card stays without a user.',
    check: 'assignment-outcome',
    appliesTo: (section) => section.walletProvisioning,
    applicability: 'target whose partner signed up for mobile wallet provisioning (walletProvisioning true)',
  },
  {
    id: 'cards.assign.wallet-null',
    family,
    source: s.endpoints,
    statement:
      'When the partner has not signed up for mobile wallet provisioning, PATCH card with digitalWalletProvisionable true or false is refused (4xx): it must be null.',
    check: 'assignment-outcome',
    appliesTo: (section) => !section.walletProvisioning,
    applicability: 'target whose partner has not signed up for mobile wallet provisioning (walletProvisioning false)',
  },
  {
    id: 'cards.assign.response',
    family,
    source: s.endpoints,
    statement:
      'An accepted PATCH card answers 200 with cardId, cardUserId and digitalWalletProvisionable (null when not signed up), all present and as asked, for ACTIVE and PREACTIVE cards.',
    check: 'assignment-response',
  },
  {
    id: 'cards.authorizations.limit',
    family,
    source: s.authorizationRule,
    statement:
      'GET authorizations returns at most 100 authorizations of a card, at most 50 approved and at most 50 declined (tried on the card with more than 100 and on the assigned cards).',
    check: 'authorizations-limit',
  },
  {
    id: 'cards.authorizations.of-card',
    family,
    source: s.authorizationRule,
    statement:
      "GET authorizations answers the cardId asked for, and every authorization it returns has that card's last five digits.",
    check: 'authorizations-of-card',
  },
  {
    id: 'cards.authorizations.items',
    family,
    source: s.authorizationItem,
    statement:
      'Authorization items (all fields optional) have authorizationCurrency USD, authorizationDate YYYY-MM-DD and authorizationTimestamp in the pattern yyyy-MM-ddThh:mm:ss+00:00.',
    check: 'record-rule',
  },
  {
    id: 'cards.notification.record',
    family,
    source: s.authorizationItem,
    statement:
      'GET authorizationnotifications answers 200 with the notification record (all fields optional): notificationType SUCCESSFUL_AUTH or DECLINED_AUTH, timeOfNotification in the ISO 8601 pattern, cardReferenceId of letters, digits and hyphens, authorizationDetails in USD.',
    check: 'record-rule',
  },
  {
    id: 'cards.unenrol.response',
    family,
    source: s.account,
    statement: 'DELETE account of the disposable account answers 200 with its accountId and status INACTIVE.',
    check: 'unenrol-response',
    appliesTo: withDisposable,
    applicability: disposable,
  },
  {
    id: 'cards.unenrol.cards-inaccessible',
    family,
    source: s.account,
    statement: "After DELETE account the account's cards are inaccessible: GET card of each is refused (4xx).",
    check: 'status-for-invalid-input',
    appliesTo: withDisposable,
    applicability: disposable,
  },
  {
    id: 'cards.unenrol.card-status',
    family,
    source: s.account,
    statement:
      "DELETE account does not change the status of the account's cards: where GET card still shows one afterwards, its status is the one it had before (where none is shown, that is observed).",
    check: 'card-status-kept',
    appliesTo: withDisposable,
    applicability: disposable,
  },
  {
    id: 'cards.unenrol.no-notification',
    family,
    source: s.account,
    statement:
      'DELETE account sends no card notification: GET authorizationnotifications afterwards is not about a card of the account unless it was before.',
    check: 'no-unenrolment-notification',
    appliesTo: withDisposable,
    applicability: disposable,
  },
  {
    id: 'cards.unenrol.transactions-kept',
    family,
    source: s.account,
    statement:
      'After DELETE account its transactions stay retrievable: GET transactions of the account answers 200 or 206 with every transaction it showed before.',
    check: 'transactions-in-window',
    appliesTo: withDisposable,
    applicability: disposable,
  },
  {
    id: 'cards.errors.bad-request-body',
    family,
    source: s.errors,
    statement:
      "A 400 answer (but DELETE account's) has `errors`, a list of items with code and message (strings, required except on GET transactions) and optional detail and link.",
    check: 'cards-error-body',
  },
  {
    id: 'cards.errors.error-code-body',
    family,
    source: s.errors,
    statement:
      'Every other error answer (401, 403, 404, 500, 503, 504, and 400 of DELETE account) has errorCode (string, required) and an optional errorDescription string.',
    check: 'cards-error-body',
  },
  {
    id: 'cards.bodies.json',
    family,
    source: s.endpoints,
    statement:
      'All bodies are JSON: every answer with a body (successes and errors of every operation, valid and refused requests alike) is labelled application/json (or a +json type) and parses.',
    check: 'json-body',
  },
  {
    id: 'cards.errors.documented-statuses',
    family,
    source: s.errors,
    statement:
      'Each operation answers only its success statuses and the error statuses of its row (GET transactions: 200 or 206); valid, unknown, malformed, unauthenticated and refused requests alike (a PATCH to an INACTIVE or an assigned card, dates 32 days apart, pageSize 501).',
    check: 'documented-status',
  },
  {
    id: 'cards.ids.unknown',
    family,
    source: s.errors,
    statement:
      'A well-formed card, card-user or account id that does not exist answers 404 on every operation addressed by it in the path (GET and PATCH card, GET card user, DELETE account); in the query (GET authorizations, GET transactions) and in a PATCH card body naming such a card user it answers 400 or 404, both listed (which is observed), and the card keeps no user.',
    check: 'id-refused',
  },
  {
    id: 'cards.ids.malformed',
    family,
    source: s.errors,
    statement:
      'An id that cannot be one (spaces, quotes, angle brackets, 300 characters) is refused with 400 or 404 on every operation addressed by it (the document gives ids no format and lists both: which is observed), never a success or a server error, and so is a PATCH card naming such a card user (the card keeps no user).',
    check: 'id-refused',
  },
  {
    id: 'cards.auth.missing',
    family,
    source: s.authentication,
    statement:
      'Every card-on-demand operation without an Authorization header is refused: 401, or 403 where the operation\'s row lists it (GET card, GET card user: "403 (unauthenticated)"; GET transactions, GET authorizations, DELETE account), which one observed; a 4xx on GET authorizationnotifications, which has no row.',
    check: 'unauthorized-status',
  },
  {
    id: 'cards.auth.invalid',
    family,
    source: s.authentication,
    statement:
      'Every card-on-demand operation with a bearer token the target did not issue (altered, truncated, extended, another scheme) is refused like a missing one.',
    check: 'unauthorized-status',
  },
]);

export type CardsRuleId = (typeof cardsRules)[number]['id'];

declare module '../rule-id.ts' {
  interface RuleIdsOfFamilies {
    cards: (typeof cardsRules)[number]['id'];
  }
}
