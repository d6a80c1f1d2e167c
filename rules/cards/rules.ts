import { said } from '../rule-quotes.ts';
import { defineRules } from '../rule.ts';
import { cardsSections as s } from './source.ts';

/** What the rules' `appliesTo` reads of the cards section of a target entry. */
type CardsSectionRead = { walletProvisioning: boolean; fixtures: { disposableAccountId?: string | undefined } };
const family = 'cards';
const withDisposable = (section: CardsSectionRead) => section.fixtures.disposableAccountId !== undefined;
const disposable =
  'target entry that names a disposable account (fixtures.disposableAccountId), accepting that it is unenrolled';

/** A sentence or table row of document 2, part B, and the word or cell that makes it a demand (absent: observed). */

// Sentences and table rows of document 2, part B, word for word (test/rules/rule-quotes.test.ts finds each in it).
const cardIdRow = 'cardId | string | yes |';
const accountIdRow = 'accountId | string | yes | Funding account.';
const spendControlsRow = 'spendControls | SpendControls | yes |';
const cardDetailsRow = 'cardDetails | CardDetails | yes |';
const deliveryMethodRow = 'deliveryMethod | enum | yes | `API_RESPONSE`.';
const currentAmountRow =
  'currentAmount | string | yes | Amount allocated to the card; positive; up to 8 digits plus optional 2 decimals; range 0.00 to 99999999.99; determined by the authorization amount.';
const validFromRow =
  "validFromDate | string | yes | YYYY-MM-DD; may not be in the past; time zone is the account's or the one set explicitly.";
const validToRow =
  'validToDate | string | yes | YYYY-MM-DD; with validFromDate sets the validity period, which differs from the card expiry date.';
const originalAmountRow = 'originalAmount | string | no | Same numeric format as currentAmount.';
const merchantIndustriesRow =
  'allowedMerchantIndustries | list of string | no | Merchant category codes; at most 25 per card.';
const lowerBoundRow =
  'varianceLowerBound | How far below the card balance a charge may be before it is rejected. Maximum 100 when PERCENTAGE; when AMOUNT, 0.00 to 99999999.99 (up to 8 digits plus 2 decimals).';
const upperBoundRow =
  'varianceUpperBound | How far above the remaining balance a charge may be before it is not authorized. Same ranges.';
const minimumAuthorizationRow =
  'minimumAuthorizationAmount | Charges at or below this amount are approved without reducing the card amount. 0.00 to 99999999.99.';
const autoExpireAmountRow =
  'autoExpireAmount | Amount remaining after which the card is closed automatically. 0.00 to 99999999.99.';
const cardLastFiveRow = 'cardLastFive | string | yes |';
const expiryDateRow = 'expiryDate | string | yes | Format MM-YY.';
const formFactorRow = 'formFactor | enum | yes | `PLASTIC`, `VIRTUAL`, `BOTH`; only VIRTUAL is currently supported.';
const referenceIdRow = 'cardReferenceId | string | yes | Buyer-assigned; alphanumeric characters and hyphens only.';
const creationDateRow = 'cardCreationDate | string | yes | YYYY-MM-DD.';
const cardStatusRow =
  'status | enum | yes | `IN_PROGRESS`, `ACTIVE`, `PREACTIVE`, `INACTIVE`, `EXPIRED`, `CANCELLED`, `UNSUCCESSFUL`.';
const modifiedDateRow = 'cardModifiedDate | string | no | YYYY-MM-DD.';
const inProgress = 'When the card status is IN_PROGRESS only cardId, accountId and status are returned.';
const reconciliationLists =
  '**reconciliationField**: `userDefinedFields` (list, at most 12) and `accountingFields` (list, at most 8; used for data such as project, employee or cost-centre identifiers, attached to the card for its life).';
const reconciliationItem =
  'Each item has `index` string (required) and `value` string (required); when a value is given, an index is required.';
const cardUserIdRow = 'cardUserId | string | yes |';
const buyerIdRow = 'buyerId | string | yes | Created at buyer enrollment.';
const nameRow =
  'name | object | yes | `first` req, `last` req, `middle` opt: letters, spaces, hyphen, apostrophe only; `suffix` opt: letters and periods only.';
const dateOfBirthRow = 'dateOfBirth | string | yes | YYYY-MM-DD.';
const emailRow =
  'email | list | yes | One item: `type` enum `PERSONAL`, `WORK`, `ALTERNATE` (only PERSONAL currently supported), `emailAddress` string.';
const phoneRow =
  'phone | list | yes | One item: `countryCode` (three digits, numeric, only the U.S. code supported), `number`, `type` enum `MOBILE`.';
const addressRow =
  'address | list | yes | One item: `type` enum `RESIDENCE`; `purpose` enum `PRIMARY` (identity verification, servicing communication, default plastic delivery); `line1`, `city`, `state` (alphabetic), `country` (two-letter alpha-2), `postalCode` (digits and hyphens; nine-digit form preferred), all required; `line2` optional.';
const userStatusRow =
  'status | enum | yes | `ACTIVATED`, `VERIFICATION_PENDING`, `VERIFICATION_FAILED`, `DEACTIVATED`.';
const consentRow = 'expressConsentObtained | boolean | yes | Consent to send personal data for verification.';
const dateCreatedRow = 'dateCreated | string | yes | YYYY-MM-DD.';
const employeeIdRow = 'employeeId | string | no | Buyer-assigned; letters, spaces and digits.';
const transactionItem =
  '**Transaction item** (all fields optional): referenceNumber; cardId; lastFive; authorizationId; transactionAmount {value string (negative for credits), currency (funding account currency)}; localAmount {value, currency (currency paid to merchant)}; authorizationDate (YYYY-MM-DD); transactionDate (settlement date, YYYY-MM-DD); transactionType (CHARGE or CREDIT); digitalWallet (wallet provider name or Not applicable); transactionDescription {line1 to line5}; billingCycleDate (YYYY-MM-DD, end of the statement cycle); merchant {name, city, state, country (ISO two-letter), postalCode, SeNumber, taxNumber, categoryCode}.';
const authorizationItem =
  '**Authorization item** (all optional): authorizationId; authorizationStatus (string, approved or declined); authorizationAmount (string, net amount, negative for credits); authorizationCurrency (enum `USD`); authorizationDate (YYYY-MM-DD); authorizationTimestamp (ISO 8601 pattern yyyy-MM-ddThh:mm:ss+00:00); authorizationDeclineReason; lastFive; merchantNumber; merchantName; merchantCity; merchantState; merchantCountry; digitalWallet.';
const notification =
  '**Authorization notification** (all optional): notificationId; eventDescription; notificationType (enum `SUCCESSFUL_AUTH`, `DECLINED_AUTH`); timeOfNotification (ISO 8601 as above); cardId; accountId; cardReferenceId (alphanumeric and hyphens); authorizationDetails {authorizationId, authorizationStatus, authorizationAmount, authorizationCurrency (`USD`), authorizationTimestamp, authorizationDeclineReason, lastFive, merchantNumber, merchantName, merchantCity, merchantState, merchantCountry, digitalWallet}.';
const account =
  '**Account**: accountId and status (`INACTIVE` after unenrolment) are the only fields; other account fields: not shown.';
const unenrolRow =
  'Account | enrolled | DELETE account | account exists | INACTIVE | Virtual cards of the account become inaccessible; their status does not change; no card notification is sent; transactions stay retrievable.';
const noNotification = 'Unenrolling an account sends no card notification.';
const assignRule1 = 'The card must be ACTIVE or PREACTIVE and the card user must be ACTIVATED.';
const assignRule2 = 'A card that has a card user cannot be reassigned.';
const assignRule3 = 'After assignment digitalWalletProvisionable cannot be modified.';
const getCardRow = 'GET | /cards/{cardId} | Path cardId (string, required). | 200 Card.';
const patchRow =
  'PATCH | /cards/{cardId} | Path cardId; body cardUserId (string, required), digitalWalletProvisionable (boolean, required when the partner has signed up for mobile wallet provisioning and the card is for a card user; otherwise the field must be null). | 200 {cardId, cardUserId, digitalWalletProvisionable}, all required.';
const transactionsRow =
  'GET | /transactions | Query: cardId, accountId (strings, optional); pageSize (double, default 500, max 500); pageNumber (double, default 1); startDate and endDate (YYYY-MM-DD). | 200 or 206 (partial success) with {paginationDetails, transactions}.';
const cardUserRow = 'GET | /cardusers/{cardUserId} | Path cardUserId (string, required). | 200 CardUser.';
const authorizationsRow =
  'GET | /authorizations | Query cardId (string, required). | 200 {cardId, authorizationDetails (list of Authorization item)}.';
const deleteRow =
  'DELETE | /accounts/{accountId} | Path accountId (string, required). Unenrols the account. | 200 {accountId, status `INACTIVE`}.';
const notificationsRow =
  'GET | /authorizationnotifications | No parameters. Returns the details of an authorization-occurred notification. | 200 Authorization notification.';
const transactionsRule1 = 'Returns up to 500 transactions for a virtual card or for a card account, newest first.';
const transactionsRule2 = 'startDate and endDate must be sent together; both are inclusive.';
const transactionsRule3 = 'Each must be less than 18 months in the past, and the two may be at most 31 days apart.';
const transactionsRule4 = 'With no date parameters the most recent 31 days are returned.';
const transactionsRule5 =
  'paginationDetails.page has pageSize, pageNumber, pageCount (maximum 500), totalCount (all doubles, required); paginationDetails.links has first and last (required strings) and next and previous (optional strings).';
const authorizationsRule =
  'Rule for GET /authorizations: returns at most the last 100 authorizations of the card, being at most 50 approved and at most 50 declined.';
const jsonBodies = 'All bodies are JSON.';
const authentication =
  '**B. Card on demand.** OAuth 2.0 client credentials bearer token in `Authorization`, on every operation.';
const badRequestBodies =
  '400 bodies hold `errors`, a list of items with `code` (required), `message` (required), `detail` and `link` (optional); on the transactions operation all four item fields are optional.';
const errorCodeBodies =
  'The other statuses carry `errorCode` (string, required, machine-readable) and optional `errorDescription`. Exception: 400 on DELETE account uses the errorCode shape.';
const cardStatusesRow = 'GET card, GET card user | 400, 401, 403 (unauthenticated), 404, 500, 503';
const patchStatusesRow = 'PATCH card | 400, 401, 404, 500, 504';
const transactionsStatusesRow = 'GET transactions | 400, 401, 403, 404, 500, 503';
const authorizationsStatusesRow = 'GET authorizations | 400, 401, 403, 404, 500';
const deleteStatusesRow = 'DELETE account | 400, 401, 403, 404, 500, 503';
const amountsLimit = 'Card amounts | 0.00 to 99999999.99';
const merchantCodesLimit = 'Merchant category codes per card | 25';
const userDefinedLimit = 'User-defined reconciliation fields | 12';
const accountingLimit = 'Accounting reconciliation fields | 8';
const varianceLimit = 'Variance bounds | up to 100 when PERCENTAGE';
const oneEachLimit = 'Card-user phone, email, address | one each';
const countryCodeLimit = 'Phone country code | three digits';
const pageLimit = 'Transactions per page | default 500, maximum 500';
const pageCountLimit = 'Transactions page count returned | maximum 500';
const windowLimit =
  'Transactions date window | startDate and endDate within 31 days of each other and less than 18 months old; default window 31 days';
const authorizationsLimit = 'Authorizations returned | last 100 (50 approved, 50 declined)';
/** The one listed status of a request the document refuses (see docs/coverage.md, Readings, cards). */
const refusedWith400 = (row: string) => said(row, '400');

/** Every rule of part B of document 2 (card on demand), once, in our own words. */
export const cardsRules = defineRules<CardsSectionRead>()([
  {
    id: 'cards.card.fields',
    family,
    source: s.cardRecord,
    statement:
      "GET card of a card in every status but IN_PROGRESS (every unassigned and assigned fixture card, the one with many authorizations, those the history names) answers 200 with a Card: cardId, accountId, spendControls (currentAmount, validFromDate, validToDate), cardDetails (cardLastFive, expiryDate, formFactor, cardReferenceId, cardCreationDate, status) and deliveryMethod API_RESPONSE, every field of its type and every enum value one the document lists (formFactor's is judged by cards.card.form-factor).",
    quotes: [
      said(getCardRow, '200 Card'),
      said(cardIdRow, 'yes'),
      said(accountIdRow, 'yes'),
      said(spendControlsRow, 'yes'),
      said(cardDetailsRow, 'yes'),
      said(deliveryMethodRow, '`API_RESPONSE`'),
      said(currentAmountRow, 'yes'),
      said(validFromRow, 'yes'),
      said(validToRow, 'yes'),
      said(cardLastFiveRow, 'yes'),
      said(expiryDateRow, 'yes'),
      said(formFactorRow, 'yes'),
      said(referenceIdRow, 'yes'),
      said(creationDateRow, 'yes'),
      said(cardStatusRow, '`IN_PROGRESS`, `ACTIVE`, `PREACTIVE`, `INACTIVE`, `EXPIRED`, `CANCELLED`, `UNSUCCESSFUL`'),
    ],
    check: 'record-rule',
  },
  {
    id: 'cards.card.amounts',
    family,
    prerequisites: ['cards.card.fields'],
    source: s.limits,
    statement:
      'Amounts of a card (currentAmount, originalAmount, minimumAuthorizationAmount, autoExpireAmount) have up to 8 digits and up to 2 decimals: 0.00 to 99999999.99.',
    quotes: [
      said(currentAmountRow, 'up to 8 digits plus optional 2 decimals; range 0.00 to 99999999.99'),
      said(originalAmountRow, 'Same numeric format as currentAmount'),
      said(minimumAuthorizationRow, '0.00 to 99999999.99'),
      said(autoExpireAmountRow, '0.00 to 99999999.99'),
      said(amountsLimit, '0.00 to 99999999.99'),
    ],
    check: 'record-rule',
  },
  {
    id: 'cards.card.dates',
    family,
    prerequisites: ['cards.card.fields'],
    source: s.cardDetails,
    statement:
      'Dates of a card (validFromDate, validToDate, cardCreationDate, cardModifiedDate) are days written YYYY-MM-DD; expiryDate is MM-YY with a month 01 to 12.',
    quotes: [
      said(validFromRow, 'YYYY-MM-DD'),
      said(validToRow, 'YYYY-MM-DD'),
      said(creationDateRow, 'YYYY-MM-DD'),
      said(modifiedDateRow, 'YYYY-MM-DD'),
      said(expiryDateRow, 'Format MM-YY'),
    ],
    check: 'record-rule',
  },
  {
    id: 'cards.card.reference-id',
    family,
    prerequisites: ['cards.card.fields'],
    source: s.cardDetails,
    statement: 'cardReferenceId holds letters, digits and hyphens only.',
    quotes: [said(referenceIdRow, 'alphanumeric characters and hyphens only')],
    check: 'record-rule',
  },
  {
    id: 'cards.card.merchant-codes',
    family,
    prerequisites: ['cards.card.fields'],
    source: s.limits,
    statement: 'A card lists at most 25 merchant category codes (allowedMerchantIndustries).',
    quotes: [said(merchantIndustriesRow, 'at most 25 per card'), said(merchantCodesLimit, '25')],
    check: 'record-rule',
  },
  {
    id: 'cards.card.reconciliation',
    family,
    prerequisites: ['cards.card.fields'],
    source: s.reconciliation,
    statement:
      'reconciliationField holds at most 12 userDefinedFields and at most 8 accountingFields, each item with an index and a value.',
    quotes: [
      said(reconciliationLists, '(list, at most 12)'),
      said(reconciliationItem, '`index` string (required) and `value` string (required)'),
      said(userDefinedLimit, '12'),
      said(accountingLimit, '8'),
    ],
    check: 'record-rule',
  },
  {
    id: 'cards.card.variance-bounds',
    family,
    prerequisites: ['cards.card.fields'],
    source: s.cardRecord,
    statement:
      'chargeAmountVariance bounds are numbers from 0 to 100 when varianceType is PERCENTAGE and amounts (0.00 to 99999999.99) when AMOUNT.',
    quotes: [
      said(lowerBoundRow, 'Maximum 100 when PERCENTAGE; when AMOUNT, 0.00 to 99999999.99'),
      said(upperBoundRow, 'Same ranges'),
      said(varianceLimit, 'up to 100 when PERCENTAGE'),
    ],
    check: 'record-rule',
  },
  {
    id: 'cards.card.form-factor',
    family,
    prerequisites: ['cards.card.fields'],
    source: s.cardDetails,
    statement:
      'formFactor is one of its enumeration, PLASTIC, VIRTUAL or BOTH; "only VIRTUAL is currently supported" describes the service today and states no MUST, so which form factors the cards show is observed.',
    quotes: [
      said(formFactorRow, '`PLASTIC`, `VIRTUAL`, `BOTH`'),
      said('`PLASTIC`, `VIRTUAL`, `BOTH`; only VIRTUAL is currently supported.'),
    ],
    check: 'record-rule',
  },
  {
    id: 'cards.card.in-progress',
    family,
    source: s.cardRecord,
    statement:
      'GET card of an IN_PROGRESS card answers 200 with only cardId, accountId and status IN_PROGRESS: none of the other Card fields. Status is a CardDetails field, so it may be at the top level or in a cardDetails holding nothing else (which one is observed).',
    quotes: [said(inProgress, 'only cardId, accountId and status are returned'), said(getCardRow, '200 Card')],
    check: 'record-rule',
  },
  {
    id: 'cards.card.valid-from',
    family,
    prerequisites: ['cards.card.fields'],
    source: s.cardRecord,
    statement:
      "validFromDate may not be in the past at creation. Card creation is not shown, so this is judged on what GET card returns: validFromDate is not before the day before cardCreationDate (validFromDate is a day in the account's or the given time zone, cardCreationDate in a zone not shown: one day apart can be the same moment).",
    quotes: [said(validFromRow, 'may not be in the past')],
    check: 'record-rule',
  },
  {
    id: 'cards.card-user.fields',
    family,
    source: s.cardUser,
    statement:
      'GET card user of a user in every status (and of the users of the assigned cards) answers 200 with a CardUser: cardUserId, buyerId, name (first, last), dateOfBirth and dateCreated (YYYY-MM-DD), email, phone, address, status and expressConsentObtained, every field of its type and every enum value one the document lists. The email types shown are observed ("only PERSONAL currently supported" describes the service today).',
    quotes: [
      said(cardUserRow, '200 CardUser'),
      said(cardUserIdRow, 'yes'),
      said(buyerIdRow, 'yes'),
      said(nameRow, '`first` req, `last` req'),
      said(dateOfBirthRow, 'YYYY-MM-DD'),
      said(emailRow, '`type` enum `PERSONAL`, `WORK`, `ALTERNATE`'),
      said(phoneRow, '`type` enum `MOBILE`'),
      said(addressRow, 'all required'),
      said(userStatusRow, '`ACTIVATED`, `VERIFICATION_PENDING`, `VERIFICATION_FAILED`, `DEACTIVATED`'),
      said(consentRow, 'boolean | yes'),
      said(dateCreatedRow, 'YYYY-MM-DD'),
      said('`type` enum `PERSONAL`, `WORK`, `ALTERNATE` (only PERSONAL currently supported)'),
    ],
    check: 'record-rule',
  },
  {
    id: 'cards.card-user.name',
    family,
    prerequisites: ['cards.card-user.fields'],
    source: s.cardUser,
    statement:
      'first, middle and last name hold letters, spaces, hyphens and apostrophes only; suffix letters and periods only.',
    quotes: [said(nameRow, 'letters, spaces, hyphen, apostrophe only'), said(nameRow, 'letters and periods only')],
    check: 'record-rule',
  },
  {
    id: 'cards.card-user.one-each',
    family,
    prerequisites: ['cards.card-user.fields'],
    source: s.limits,
    statement: 'A card user has exactly one email, one phone and one address.',
    quotes: [
      said(oneEachLimit, 'one each'),
      said(emailRow, 'One item'),
      said(phoneRow, 'One item'),
      said(addressRow, 'One item'),
    ],
    check: 'record-rule',
  },
  {
    id: 'cards.card-user.formats',
    family,
    prerequisites: ['cards.card-user.fields'],
    source: s.cardUser,
    statement:
      'The phone countryCode is three digits, the address country two upper-case letters (alpha-2), state alphabetic, postalCode digits and hyphens, employeeId letters, spaces and digits. The country codes shown are observed ("only the U.S. code supported" describes the service today).',
    quotes: [
      said(phoneRow, 'three digits, numeric'),
      said(countryCodeLimit, 'three digits'),
      said(addressRow, '`state` (alphabetic), `country` (two-letter alpha-2), `postalCode` (digits and hyphens'),
      said(employeeIdRow, 'letters, spaces and digits'),
      said('`countryCode` (three digits, numeric, only the U.S. code supported)'),
    ],
    check: 'record-rule',
  },
  {
    id: 'cards.transactions.dates-together',
    family,
    source: s.transactionRules,
    statement:
      'GET transactions with startDate alone or endDate alone (of an account or a card, recent or old) is refused with 400.',
    quotes: [said(transactionsRule2, 'must be sent together'), refusedWith400(transactionsStatusesRow)],
    check: 'transactions-edge-request',
  },
  {
    id: 'cards.transactions.dates-inclusive',
    family,
    prerequisites: ['cards.transactions.items'],
    source: s.transactionRules,
    statement:
      'startDate and endDate are inclusive: a window returns exactly the transactions dated from startDate to endDate, those on either end date included (compared with a wider window around that day; recent, old and at the 18-month edge; for the history account and a card). The day of a transaction is its transactionDate, else its authorizationDate.',
    quotes: [said(transactionsRule2, 'both are inclusive')],
    check: 'transactions-in-window',
  },
  {
    id: 'cards.transactions.parameter-formats',
    family,
    source: s.endpoints,
    statement:
      'GET transactions with a startDate or endDate not written YYYY-MM-DD (2026/01/05, 05-01-2026, a day that does not exist) or a pageSize or pageNumber that is not a number is refused with 400.',
    quotes: [
      said(transactionsRow, 'pageSize (double'),
      said(transactionsRow, 'startDate and endDate (YYYY-MM-DD)'),
      refusedWith400(transactionsStatusesRow),
    ],
    check: 'transactions-edge-request',
  },
  {
    id: 'cards.transactions.window-age',
    family,
    source: s.transactionRules,
    statement:
      'startDate and endDate must each be less than 18 months in the past, from the clock of the run: the day after the day 18 months ago is accepted, that day and earlier are refused with 400 (the edge first, then random windows up to a year either side, for the history and empty accounts and a card).',
    quotes: [
      said(transactionsRule3, 'Each must be less than 18 months in the past'),
      said(windowLimit, 'less than 18 months old'),
      refusedWith400(transactionsStatusesRow),
    ],
    check: 'transactions-edge-request',
  },
  {
    id: 'cards.transactions.window-span',
    family,
    source: s.transactionRules,
    statement:
      'startDate and endDate may be at most 31 days apart: 30 and 31 days apart are accepted, 32 and more refused with 400 (the edge first, then random spans up to a year, recent and at the 18-month edge, for the history and empty accounts and a card).',
    quotes: [
      said(transactionsRule3, 'the two may be at most 31 days apart'),
      said(windowLimit, 'within 31 days of each other'),
      refusedWith400(transactionsStatusesRow),
    ],
    check: 'transactions-edge-request',
  },
  {
    id: 'cards.transactions.default-window',
    family,
    prerequisites: ['cards.transactions.items'],
    source: s.transactionRules,
    statement:
      'Without date parameters the most recent 31 days are returned, for an account and for a card: every transaction of today and the 30 days before, none older than 31 days ago (whether that 31st day is in is observed, not judged).',
    quotes: [
      said(transactionsRule4, 'the most recent 31 days are returned'),
      said(windowLimit, 'default window 31 days'),
    ],
    check: 'transactions-in-window',
  },
  {
    id: 'cards.transactions.newest-first',
    family,
    prerequisites: ['cards.transactions.items'],
    source: s.transactionRules,
    statement: 'Transactions come newest first, across the pages of a walk as well as within each, at every page size.',
    quotes: [said(transactionsRule1, 'newest first')],
    check: 'transactions-newest-first',
  },
  {
    id: 'cards.transactions.page-size-default',
    family,
    prerequisites: ['cards.transactions.items'],
    source: s.limits,
    statement:
      'Without pageSize a page is of 500: it says pageSize 500 and holds 500 transactions when the window has more.',
    quotes: [
      said(transactionsRow, 'default 500'),
      said(pageLimit, 'default 500'),
      said(transactionsRule1, 'up to 500 transactions'),
    ],
    check: 'transactions-default-page-size',
  },
  {
    id: 'cards.transactions.page-size-limit',
    family,
    source: s.limits,
    statement:
      'pageSize is at most 500: 1 to 500 are accepted; 501 and more are refused with 400 or served with at most 500 transactions on a page that says a pageSize of at most 500 (the document states the maximum, not the answer: which one is observed; the edge first, then random sizes up to 5000, for the history and empty accounts and a card), and no page holds more transactions than its pageSize.',
    quotes: [
      said(transactionsRow, 'max 500'),
      said(pageLimit, 'maximum 500'),
      said(transactionsRule1, 'Returns up to 500 transactions'),
    ],
    check: 'transactions-page-size-limit',
  },
  {
    id: 'cards.transactions.page-number-default',
    family,
    prerequisites: ['cards.transactions.items'],
    source: s.endpoints,
    statement: 'Without pageNumber the first page is returned: it says pageNumber 1 and holds what pageNumber=1 holds.',
    quotes: [said(transactionsRow, 'pageNumber (double, default 1)')],
    check: 'transactions-default-page-number',
  },
  {
    id: 'cards.transactions.page-details',
    family,
    prerequisites: ['cards.transactions.items'],
    source: s.transactionRules,
    statement:
      'paginationDetails.page has pageSize, pageNumber, pageCount and totalCount (numbers, required) on every page of a walk: pageNumber 1, 2, 3 in order, pageSize as asked, totalCount the same throughout, pageCount at most 500 and what totalCount and pageSize make it.',
    quotes: [
      said(
        transactionsRule5,
        'paginationDetails.page has pageSize, pageNumber, pageCount (maximum 500), totalCount (all doubles, required)',
      ),
      said(pageCountLimit, 'maximum 500'),
    ],
    check: 'transactions-page-details',
  },
  {
    id: 'cards.transactions.links',
    family,
    prerequisites: ['cards.transactions.items'],
    judgesWalkEnds: true,
    source: s.transactionRules,
    statement:
      'paginationDetails.links has first and last (strings) on every page, empty windows included; next and previous are optional strings, present only where a later (none on a full last page) or an earlier page exists (their absence is observed); a next link leads to a transactions page on the target and next links end.',
    quotes: [
      said(transactionsRule5, 'paginationDetails.links has first and last (required strings)'),
      said(transactionsRule5, 'next and previous (optional strings)'),
    ],
    check: 'transactions-links',
  },
  {
    id: 'cards.transactions.link-targets',
    family,
    prerequisites: ['cards.transactions.items'],
    source: s.transactionRules,
    statement:
      'The links of every page lead where they say: first to the first page, last to the last page, previous to the page before (same transactions, same order), at page sizes 500, 100 and 7.',
    quotes: [said(transactionsRule5, 'paginationDetails.links has first and last')],
    check: 'transactions-link-targets',
  },
  {
    id: 'cards.transactions.walk-complete',
    family,
    prerequisites: ['cards.transactions.items'],
    source: s.transactionRules,
    statement:
      "A walk that follows the next links as given (page sizes 500, 100, 37, 7, 2 and one that divides the window) sees every transaction of the window exactly once, as many as totalCount, and ends within the page cap. Where the next links stop short (the links rule's fault), the pages asked by pageNumber are judged instead, as by every rule that reads a walk.",
    quotes: [
      said(transactionsRule5, 'next and previous'),
      said(transactionsRule1, 'Returns up to 500 transactions for a virtual card or for a card account'),
      said(transactionsRule5, 'totalCount'),
    ],
    check: 'transactions-walk-complete',
  },
  {
    id: 'cards.transactions.card-scope',
    family,
    prerequisites: ['cards.transactions.items'],
    source: s.transactionRules,
    statement:
      'Transactions asked for by cardId are those of that card only, and all of those the account shows for it in the same window.',
    quotes: [
      said(transactionsRule1, 'for a virtual card or for a card account'),
      said(transactionsRow, 'Query: cardId, accountId (strings, optional)'),
    ],
    check: 'transactions-card-scope',
  },
  {
    id: 'cards.transactions.items',
    family,
    source: s.cardRecord,
    // A transactions page too large to read is this rule's fault; the other rules that asked for one are blocked.
    judgesBodiesTooLarge: /\/transactions$/,
    statement:
      'Transaction items (all fields optional) have authorizationDate, transactionDate and billingCycleDate as YYYY-MM-DD, transactionType CHARGE or CREDIT, a merchant country of two upper-case letters, and a CREDIT a negative transactionAmount.value (where it is written as a number). The sign of a CHARGE, of an item of no type and of localAmount is not said, so not judged.',
    quotes: [
      said(transactionItem, 'transactionAmount {value string (negative for credits)'),
      said(
        transactionItem,
        'authorizationDate (YYYY-MM-DD); transactionDate (settlement date, YYYY-MM-DD); transactionType (CHARGE or CREDIT)',
      ),
      said(transactionItem, 'billingCycleDate (YYYY-MM-DD'),
      said(transactionItem, 'country (ISO two-letter)'),
    ],
    check: 'record-rule',
  },
  {
    id: 'cards.assign.eligibility',
    family,
    prerequisites: ['cards.card.fields'],
    source: s.assignment,
    statement:
      'PATCH card assigns a card user only to an ACTIVE or PREACTIVE card and only an ACTIVATED user: tried with every combination of the 7 card statuses and the 4 user statuses, the allowed ones answer 200 and show on GET card, the others are refused (4xx) and leave the card without a user.',
    quotes: [
      said(assignRule1, 'must be ACTIVE or PREACTIVE and the card user must be ACTIVATED'),
      said(patchRow, '200 {cardId, cardUserId, digitalWalletProvisionable}'),
    ],
    check: 'assignment-outcome',
  },
  {
    id: 'cards.assign.no-reassignment',
    family,
    prerequisites: ['cards.card.fields'],
    source: s.assignment,
    statement:
      'A card that has a card user (ACTIVE and PREACTIVE) cannot be reassigned: PATCH with another ACTIVATED user is refused (4xx) and GET card still shows the first user.',
    quotes: [said(assignRule2, 'cannot be reassigned')],
    check: 'assignment-outcome',
  },
  {
    id: 'cards.assign.wallet-fixed',
    family,
    prerequisites: ['cards.card.fields'],
    source: s.assignment,
    statement:
      'After assignment digitalWalletProvisionable cannot be modified: PATCH of an assigned card with its own user and the other value leaves it unchanged, in a 200 answer and on GET card.',
    quotes: [said(assignRule3, 'cannot be modified')],
    check: 'wallet-unchanged',
  },
  {
    id: 'cards.assign.wallet-required',
    family,
    prerequisites: ['cards.card.fields'],
    source: s.endpoints,
    statement:
      'When the partner signed up for mobile wallet provisioning, PATCH card without digitalWalletProvisionable or with null is refused (4xx), for ACTIVE and PREACTIVE cards alike, and the card stays without a user.',
    quotes: [
      said(
        patchRow,
        'required when the partner has signed up for mobile wallet provisioning and the card is for a card user',
      ),
    ],
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
    quotes: [said(patchRow, 'otherwise the field must be null')],
    check: 'assignment-outcome',
    appliesTo: (section) => !section.walletProvisioning,
    applicability: 'target whose partner has not signed up for mobile wallet provisioning (walletProvisioning false)',
  },
  {
    id: 'cards.assign.user-required',
    family,
    prerequisites: ['cards.card.fields'],
    source: s.endpoints,
    statement:
      'PATCH card without cardUserId (left out, null, or not a string) on a free ACTIVE or PREACTIVE card, the rest of the body valid, is refused (4xx; which status of its row, by cards.errors.documented-statuses) and the card stays without a user.',
    quotes: [said(patchRow, 'body cardUserId (string, required)')],
    check: 'assignment-outcome',
  },
  {
    id: 'cards.assign.response',
    family,
    prerequisites: ['cards.card.fields'],
    source: s.endpoints,
    statement:
      "An accepted PATCH card answers 200 with cardId, cardUserId and digitalWalletProvisionable, all present and as asked, for ACTIVE and PREACTIVE cards; where the request sent digitalWalletProvisionable null (not signed up), the document gives the answer's value only as required: it is observed.",
    quotes: [said(patchRow, '200 {cardId, cardUserId, digitalWalletProvisionable}, all required')],
    check: 'assignment-response',
  },
  {
    id: 'cards.authorizations.limit',
    family,
    source: s.authorizationRule,
    statement:
      'GET authorizations returns at most 100 authorizations of a card, at most 50 approved and at most 50 declined (tried on the card with more than 100 and on the assigned cards).',
    quotes: [
      said(
        authorizationsRule,
        'at most the last 100 authorizations of the card, being at most 50 approved and at most 50 declined',
      ),
      said(authorizationsLimit, 'last 100 (50 approved, 50 declined)'),
      said(authorizationsRow, '200 {cardId, authorizationDetails (list of Authorization item)}'),
    ],
    check: 'authorizations-limit',
  },
  {
    id: 'cards.authorizations.of-card',
    family,
    prerequisites: ['cards.authorizations.limit'],
    source: s.authorizationRule,
    statement:
      "GET authorizations answers the cardId asked for, and every authorization it returns has that card's last five digits.",
    quotes: [said(authorizationsRule, 'authorizations of the card'), said(authorizationsRow, '200 {cardId')],
    check: 'authorizations-of-card',
  },
  {
    id: 'cards.authorizations.card-required',
    family,
    source: s.endpoints,
    statement:
      'GET authorizations without its required cardId is refused with 400, the status its row lists for a bad request.',
    quotes: [said(authorizationsRow, 'Query cardId (string, required)'), refusedWith400(authorizationsStatusesRow)],
    check: 'status-for-invalid-input',
  },
  {
    id: 'cards.authorizations.most-recent',
    family,
    prerequisites: ['cards.authorizations.limit'],
    source: s.authorizationRule,
    statement:
      "GET authorizations of the card with more than 100 returns its most recent: no approved authorization its transactions show (a CHARGE of the card in its default window, by authorizationId and authorizationDate) is left out when it is dated more than a day after the oldest approved authorization returned (a day for time zones: the two dates may be read in different ones). The document does not link a transaction to the authorization records, so this is judged only where the target shows the link itself (a CHARGE names an authorization the list returns); otherwise observed. Whether 50 of each outcome or the newest 100 capped at 50 each is met, and declined authorizations left out (no other operation shows them), are not judged; where none approved is returned or the card's transactions cannot be read, that is observed.",
    quotes: [
      said(authorizationsRule, 'the last 100 authorizations of the card'),
      said(authorizationsLimit, 'last 100'),
      said(transactionItem),
    ],
    check: 'authorizations-most-recent',
  },
  {
    id: 'cards.authorizations.items',
    family,
    prerequisites: ['cards.authorizations.limit'],
    source: s.authorizationItem,
    statement:
      'Authorization items (all fields optional) have authorizationCurrency USD, authorizationDate YYYY-MM-DD and authorizationTimestamp in the pattern yyyy-MM-ddThh:mm:ss+00:00.',
    quotes: [
      said(
        authorizationItem,
        'authorizationCurrency (enum `USD`); authorizationDate (YYYY-MM-DD); authorizationTimestamp (ISO 8601 pattern yyyy-MM-ddThh:mm:ss+00:00)',
      ),
    ],
    check: 'record-rule',
  },
  {
    id: 'cards.notification.record',
    family,
    source: s.authorizationItem,
    statement:
      'GET authorizationnotifications answers 200 with the notification record (all fields optional): notificationType SUCCESSFUL_AUTH or DECLINED_AUTH, timeOfNotification in the ISO 8601 pattern, cardReferenceId of letters, digits and hyphens, authorizationDetails in USD.',
    quotes: [
      said(notificationsRow, '200 Authorization notification'),
      said(
        notification,
        'notificationType (enum `SUCCESSFUL_AUTH`, `DECLINED_AUTH`); timeOfNotification (ISO 8601 as above)',
      ),
      said(notification, 'cardReferenceId (alphanumeric and hyphens)'),
      said(notification, 'authorizationCurrency (`USD`)'),
    ],
    check: 'record-rule',
  },
  {
    id: 'cards.unenrol.response',
    family,
    source: s.account,
    statement: 'DELETE account of the disposable account answers 200 with its accountId and status INACTIVE.',
    quotes: [said(deleteRow, '200 {accountId, status `INACTIVE`}'), said(account, '(`INACTIVE` after unenrolment)')],
    check: 'unenrol-response',
    appliesTo: withDisposable,
    applicability: disposable,
  },
  {
    id: 'cards.unenrol.cards-inaccessible',
    family,
    source: s.account,
    statement:
      "After DELETE account the account's cards are inaccessible: GET card of each is refused (4xx), and so is a PATCH card of it (its stateful phase, where a sequence's PATCH follows the unenrolment); what GET authorizations answers of them is observed.",
    quotes: [said(unenrolRow, 'Virtual cards of the account become inaccessible')],
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
    quotes: [said(unenrolRow, 'their status does not change')],
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
    quotes: [said(unenrolRow, 'no card notification is sent'), said(noNotification, 'sends no card notification')],
    check: 'no-unenrolment-notification',
    appliesTo: withDisposable,
    applicability: disposable,
  },
  {
    id: 'cards.unenrol.transactions-kept',
    family,
    prerequisites: ['cards.transactions.items'],
    source: s.account,
    statement:
      'After DELETE account its transactions stay retrievable: GET transactions of the account answers 200 or 206 with every transaction it showed before.',
    quotes: [said(unenrolRow, 'transactions stay retrievable'), said(transactionsRow, '200 or 206')],
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
    quotes: [
      said(badRequestBodies, '`errors`, a list of items with `code` (required), `message` (required)'),
      said(badRequestBodies, 'on the transactions operation all four item fields are optional'),
      said(errorCodeBodies, 'Exception: 400 on DELETE account uses the errorCode shape'),
    ],
    check: 'cards-error-body',
  },
  {
    id: 'cards.errors.error-code-body',
    family,
    source: s.errors,
    statement:
      'Every other error answer (401, 403, 404, 500, 503, 504, and 400 of DELETE account) has errorCode (string, required) and an optional errorDescription string.',
    quotes: [said(errorCodeBodies, '`errorCode` (string, required, machine-readable) and optional `errorDescription`')],
    check: 'cards-error-body',
  },
  {
    id: 'cards.bodies.json',
    family,
    source: s.endpoints,
    statement:
      'All bodies are JSON: every answer with a body (successes and errors of every operation, valid and refused requests alike) is labelled application/json (or a +json type) and parses.',
    quotes: [said(jsonBodies, 'All bodies are JSON')],
    check: 'json-body',
  },
  {
    id: 'cards.errors.documented-statuses',
    family,
    source: s.errors,
    statement:
      'Each operation answers only its success statuses and the error statuses of its row (GET transactions: 200 or 206); valid, unknown, malformed, unauthenticated and refused requests alike (a PATCH to an INACTIVE or an assigned card, dates 32 days apart, pageSize 501).',
    quotes: [
      said(cardStatusesRow, '400, 401, 403 (unauthenticated), 404, 500, 503'),
      said(patchStatusesRow, '400, 401, 404, 500, 504'),
      said(transactionsStatusesRow, '400, 401, 403, 404, 500, 503'),
      said(authorizationsStatusesRow, '400, 401, 403, 404, 500'),
      said(deleteStatusesRow, '400, 401, 403, 404, 500, 503'),
      said(transactionsRow, '200 or 206 (partial success)'),
      said(notificationsRow),
    ],
    check: 'documented-status',
  },
  {
    id: 'cards.ids.unknown',
    family,
    source: s.errors,
    statement:
      'A well-formed card, card-user or account id that does not exist answers 404 on every operation addressed by it in the path (GET and PATCH card, GET card user, DELETE account); in the query of GET authorizations (its required cardId names the card whose authorizations are asked) and in a PATCH card body naming such a card user it answers 400 or 404, both listed (which is observed), and the card keeps no user. As the optional cardId or accountId filter of GET transactions it is refused with 400 or 404 or answered with a page without transactions (the document says nothing of a filter that matches nothing: which one is observed).',
    quotes: [
      said(cardStatusesRow, '404'),
      said(patchStatusesRow, '404'),
      said(deleteStatusesRow, '404'),
      said(authorizationsStatusesRow, '400, 401, 403, 404'),
      said(authorizationsRule, 'the last 100 authorizations of the card'),
      said(transactionsStatusesRow, '400, 401, 403, 404'),
      said('Query: cardId, accountId (strings, optional)'),
    ],
    check: 'id-refused',
  },
  {
    id: 'cards.ids.malformed',
    family,
    source: s.errors,
    statement:
      'An id that cannot be one (spaces, quotes, angle brackets, 300 characters) is refused with 400 or 404 on every operation addressed by it (the document gives ids no format and lists both: which is observed), never a success or a server error, and so is a PATCH card naming such a card user (the card keeps no user). As a filter of GET transactions it may also be answered with a page without transactions, as an unknown id may.',
    quotes: [
      said(cardStatusesRow, '400, 401, 403 (unauthenticated), 404'),
      said(patchStatusesRow, '400, 401, 404'),
      said(transactionsStatusesRow, '400, 401, 403, 404'),
      said(authorizationsStatusesRow, '400, 401, 403, 404'),
      said(deleteStatusesRow, '400, 401, 403, 404'),
    ],
    check: 'id-refused',
  },
  {
    id: 'cards.auth.missing',
    family,
    source: s.authentication,
    statement:
      'Every card-on-demand operation without an Authorization header is refused: 401, or 403 where the operation\'s row lists it (GET card, GET card user: "403 (unauthenticated)"; GET transactions, GET authorizations, DELETE account), which one observed; a 4xx on GET authorizationnotifications, which has no row.',
    quotes: [
      said(authentication, 'bearer token in `Authorization`, on every operation'),
      said(cardStatusesRow, '401, 403 (unauthenticated)'),
      said(patchStatusesRow, '401'),
      said(transactionsStatusesRow, '401, 403'),
      said(authorizationsStatusesRow, '401, 403'),
      said(deleteStatusesRow, '401, 403'),
    ],
    check: 'unauthorized-status',
  },
  {
    id: 'cards.auth.invalid',
    family,
    source: s.authentication,
    statement:
      'Every card-on-demand operation with a bearer token the target did not issue (altered, truncated, extended, another scheme) is refused like a missing one.',
    quotes: [
      said(authentication, 'OAuth 2.0 client credentials bearer token in `Authorization`, on every operation'),
      said(cardStatusesRow, '401, 403 (unauthenticated)'),
      said(patchStatusesRow, '401'),
    ],
    check: 'unauthorized-status',
  },
]);

export type CardsRuleId = (typeof cardsRules)[number]['id'];

declare module '../rule-id.ts' {
  interface RuleIdsOfFamilies {
    cards: (typeof cardsRules)[number]['id'];
  }
}
