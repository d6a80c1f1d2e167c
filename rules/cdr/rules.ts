import { defineRules } from '../rule.ts';
import { servesOperation, type ServedVersions } from './endpoints.ts';
import { cdrSource as source } from './source.ts';

/** What the rules' `appliesTo` reads of the cdr section of a target entry. */
type CdrSectionRead = { versions: ServedVersions };
const family = 'cdr';
const headers = 'Endpoints, A (headers on all three); Versioning';
const envelope = 'Resources, A. Envelope records';
const listEndpoint = 'Endpoints, A (product list query)';
/** The published standard the records are judged by (document 3 summarises it). */
const standard = 'Consumer Data Standards 1.36.0';
/** Rules of one operation apply only when the holder serves it (`versions` may mark one as not served). */
const serves = (operation: 'list' | 'detail' | 'status') => ({
  appliesTo: (section: CdrSectionRead) => servesOperation(section, operation),
  applicability: `target that serves the ${operation} operation (its versions are not [])`,
});
const servesListAndDetail = {
  appliesTo: (section: CdrSectionRead) => servesOperation(section, 'list') && servesOperation(section, 'detail'),
  applicability: 'target that serves the list and detail operations',
};

/** Every rule of part A of document 3 (open-banking product data: list, detail, status). */
export const cdrRules = defineRules<CdrSectionRead>()([
  // Versions and headers, on all three operations.
  {
    id: 'cdr.x-v.served',
    family,
    source: source(headers),
    check: 'status-for-valid-input',
    statement:
      'x-v at each version the target serves for an operation (the documented 5 list, 7 detail, 1 status by default) answers 200 on every operation it serves.',
  },
  {
    id: 'cdr.x-v.response-header',
    family,
    source: source(`${headers}; ${standard}, HTTP Headers (response x-v, mandatory)`),
    check: 'version-header',
    statement:
      'Every successful response carries x-v, the version served: a positive integer among the versions the target serves, not above the x-v requested, and not below an x-min-v below it.',
  },
  {
    id: 'cdr.x-v.required',
    family,
    source: source(headers),
    check: 'error-v2-refusal',
    statement:
      'x-v missing, empty or not a positive integer (0, -1, 1.5, abc) is refused with 400 and an ErrorV2 body on every operation it serves.',
  },
  {
    id: 'cdr.x-v.unsupported',
    family,
    source: source('Errors, A; Versioning'),
    check: 'error-v2-refusal',
    statement:
      'An x-v above every version the target serves, without x-min-v, is refused with 406 and an ErrorV2 body on every operation it serves.',
  },
  {
    id: 'cdr.x-min-v.honoured',
    family,
    source: source(headers),
    check: 'version-negotiation',
    statement:
      'x-v above the served version with an x-min-v at or below it is served (200); with an x-min-v above it (or equal to x-v) it is 406 with ErrorV2.',
  },
  {
    id: 'cdr.x-min-v.invalid',
    family,
    source: source(headers),
    check: 'error-v2-refusal',
    statement:
      'An x-min-v that is not a positive integer (empty, 0, -1, 1.5, abc) is refused with 400 and an ErrorV2 body.',
  },
  {
    id: 'cdr.interaction-id.echo',
    family,
    source: source(headers),
    check: 'header-echo',
    statement:
      'An RFC 4122 UUID sent as x-fapi-interaction-id comes back unchanged in the response header of the same name, on success and on error responses of all three operations.',
  },
  {
    id: 'cdr.bodies.json',
    family,
    source: source(`${headers}; ${standard}, HTTP Headers (response Content-Type, mandatory)`),
    check: 'json-body',
    statement:
      'Every answer with a body (the 200 of each operation served, the 400 of a missing x-v, the 406 of an unsupported one, the 404 of an unknown product, the refusal of a page past the last) is labelled application/json, with or without parameters such as charset and in any case (RFC 7231; a +json type is accepted too), and parses as JSON. The forms met are observed.',
  },

  // The product list: its envelope, filters and defaults.
  {
    id: 'cdr.list.envelope',
    family,
    // A list page too large to read is this rule's fault; the other rules that asked for one are blocked.
    judgesBodiesTooLarge: /\/banking\/products$/,
    source: source(`${envelope} (list response); ${standard}, MetaPaginated`),
    check: 'list-envelope',
    ...serves('list'),
    statement:
      'Every list page answers 200 with data.products (a list), links (an object) and meta.totalRecords and meta.totalPages as natural numbers: integers per the standard or decimal strings per document 3 (the form is observed).',
  },
  {
    id: 'cdr.list.effective',
    family,
    source: source(listEndpoint),
    check: 'list-filter',
    ...serves('list'),
    statement:
      'effective=CURRENT, FUTURE and ALL return exactly the products whose effectiveFrom..effectiveTo window matches at the time of the run: none outside the filter, every one inside it.',
  },
  {
    id: 'cdr.list.effective-default',
    family,
    source: source(listEndpoint),
    check: 'list-filter',
    ...serves('list'),
    statement: 'Without effective the list returns exactly the CURRENT products.',
  },
  {
    id: 'cdr.list.updated-since',
    family,
    source: source(listEndpoint),
    check: 'list-filter',
    ...serves('list'),
    statement:
      'updated-since returns exactly the products whose lastUpdated is after it (a product updated at that very instant is excluded).',
  },
  {
    id: 'cdr.list.brand',
    family,
    source: source(`${listEndpoint}; Resources, A (brand)`),
    check: 'list-filter',
    ...serves('list'),
    statement: 'brand returns exactly the products of that brand.',
  },
  {
    id: 'cdr.list.product-category',
    family,
    source: source(listEndpoint),
    check: 'list-filter',
    ...serves('list'),
    statement: 'product-category (each of the thirteen) returns exactly the products of that category.',
  },
  {
    id: 'cdr.list.filters-combine',
    family,
    source: source(listEndpoint),
    check: 'list-filter',
    ...serves('list'),
    statement: 'Filters given together return exactly the products that pass every one of them.',
  },
  {
    id: 'cdr.list.page-default',
    family,
    source: source('Endpoints, A; Limits (page default 1)'),
    check: 'page-default',
    ...serves('list'),
    statement: 'Without page the list answers page 1.',
  },
  {
    id: 'cdr.list.page-size-default',
    family,
    source: source('Endpoints, A; Limits (page-size default 25)'),
    check: 'page-sizes',
    ...serves('list'),
    statement: 'Without page-size every page but the last holds 25 products.',
  },
  {
    id: 'cdr.list.invalid-enum',
    family,
    source: source(listEndpoint),
    check: 'error-v2-refusal',
    ...serves('list'),
    statement: 'An effective or product-category value outside its enumeration is refused with 400 and ErrorV2.',
  },
  {
    id: 'cdr.list.invalid-updated-since',
    family,
    source: source(listEndpoint),
    check: 'error-v2-refusal',
    ...serves('list'),
    statement: 'An updated-since that is not an RFC 3339 date-time is refused with 400 and ErrorV2.',
  },
  {
    id: 'cdr.list.invalid-paging',
    family,
    source: source(listEndpoint),
    check: 'error-v2-refusal',
    ...serves('list'),
    statement:
      'A page or page-size that is not a positive integer (0, negative, fractional, text) is refused with 400 and ErrorV2.',
  },
  {
    id: 'cdr.list.page-size-above-max',
    family,
    source: source(
      `${listEndpoint}; ${standard}, Get Products responses ("The following error codes MUST be supported: ... 400 - Invalid Page Size") and Pagination (maximum page size 1000)`,
    ),
    check: 'error-v2-refusal',
    ...serves('list'),
    statement:
      "A page-size above the maximum of 1000 (1001 and more) is refused with 400 and ErrorV2 (its code, Field/InvalidPageSize, is cdr.error.codes's).",
  },
  {
    id: 'cdr.list.page-past-last',
    family,
    source: source('Errors, A (422, product list)'),
    check: 'error-v2-refusal',
    ...serves('list'),
    statement: 'A page past the last is refused with a 4xx and ErrorV2; with 422 where the target entry pins it.',
  },

  // Pagination over full walks.
  {
    id: 'cdr.links.self',
    family,
    source: source(`${envelope} (links)`),
    check: 'links-self',
    ...serves('list'),
    statement: 'links.self of every page names the page it is (and the page-size of the walk, when it names one).',
  },
  {
    id: 'cdr.links.valid',
    family,
    source: source(`${envelope} (links); ${standard}, LinksPaginated (URIString)`),
    check: 'links-valid',
    ...serves('list'),
    statement:
      'Every link of every list page (self, first, prev, next, last) is a valid absolute URI on the holder: under its base URL or an origin the entry lists in followOrigins. A link elsewhere is never requested.',
  },
  {
    id: 'cdr.links.first-prev-when-not-first',
    family,
    source: source(`${envelope} (links)`),
    check: 'links-presence',
    ...serves('list'),
    statement: 'first and prev are present on every page but the first; prev is absent on the first.',
  },
  {
    id: 'cdr.links.next-last-when-not-last',
    family,
    source: source(`${envelope} (links)`),
    check: 'links-presence',
    ...serves('list'),
    statement: 'next and last are present on every page but the last; next is absent on the last.',
  },
  {
    id: 'cdr.pagination.walk-complete',
    family,
    source: source(`${envelope}; Endpoints, A`),
    check: 'walk-complete',
    ...serves('list'),
    statement:
      'Following next from page 1 (at page sizes 1, 2, 7, the default and one above the whole list, with filters) reaches the page last names, holds page-size products a page but the last, and visits every product exactly once.',
  },
  {
    id: 'cdr.pagination.walk-back',
    family,
    source: source(`${envelope} (links)`),
    check: 'walk-back',
    ...serves('list'),
    statement: 'Following prev from the last page walks back the pages of the forward walk, in reverse.',
  },
  {
    id: 'cdr.pagination.totals',
    family,
    source: source(`${envelope} (meta)`),
    check: 'list-totals',
    ...serves('list'),
    statement:
      'meta.totalRecords and meta.totalPages of every page agree with the products and pages the walk saw (whatever their form).',
  },
  {
    id: 'cdr.pagination.empty-result',
    family,
    source: source(`${envelope}`),
    check: 'empty-result',
    ...serves('list'),
    statement:
      'A filter that matches nothing answers a valid page 1: no products, totals 0 (totalPages MUST be 0 when totalRecords is), no next.',
  },

  // Records.
  {
    id: 'cdr.product.list-item',
    family,
    source: source(`Resources, A. Banking product (list item); ${standard}, BankingProductV4/V5/V6`),
    check: 'product-records',
    ...serves('list'),
    statement:
      'Every product of every list page has the required fields, types and enumerations of the list item of the version the page answered with (x-v 3: BankingProductV4, 4: V5, 5: V6).',
  },
  {
    id: 'cdr.product.detail',
    family,
    source: source(`Resources, A. Product detail; ${standard}, BankingProductDetailV4 to V7`),
    check: 'product-records',
    ...servesListAndDetail,
    statement:
      'Every product detail has the required fields, types and enumerations of the detail of the version it answered with (x-v 4 to 7), nested records included (fees, discounts, rates, tiers, conditions, instalments).',
  },
  {
    id: 'cdr.product.card-art',
    family,
    source: source(`Resources, A. Banking product (cardArt); ${standard}, BankingProductCardArt`),
    check: 'product-records',
    ...serves('list'),
    statement:
      'Every cardArt item has imageUri (a link or data URI of a PNG, JPG or GIF) and, from list x-v 4 and detail x-v 6, cardScheme (AMEX, EFTPOS, MASTERCARD, VISA, OTHER) and cardType (CHARGE, CREDIT, DEBIT), in list items and details.',
  },
  {
    id: 'cdr.product.primary-uri-when-additional',
    family,
    source: source('Resources, A. additionalInformation'),
    check: 'product-records',
    ...serves('list'),
    statement: 'A primary additionalInformation URI is present whenever its additional list has items.',
  },
  {
    id: 'cdr.product.additional-info-when-other',
    family,
    source: source('Resources, A. Product detail (features, constraints, eligibility, fees)'),
    check: 'product-records',
    ...servesListAndDetail,
    statement: 'additionalInfo is present on every feature, constraint, eligibility and fee whose type is OTHER.',
  },
  {
    id: 'cdr.product.application-frequency-when-periodic',
    family,
    source: source('Resources, A. Product detail (depositRates, lendingRates)'),
    check: 'product-records',
    ...servesListAndDetail,
    statement: 'applicationFrequency is present on every deposit and lending rate whose applicationType is PERIODIC.',
  },
  {
    id: 'cdr.product.fee-method-structure',
    family,
    source: source('Resources, A. Product detail (fees)'),
    check: 'product-records',
    ...servesListAndDetail,
    statement:
      'A fee carries the structure its feeMethodUType names (fixedAmount, rateBased or variable) and a discount the one its discountMethodUType names; before detail x-v 6, a fee that is not VARIABLE gives one of amount, balanceRate, transactionRate, accruedRate and a discount one of those or feeRate.',
  },
  {
    id: 'cdr.detail.is-listed-product',
    family,
    source: source('Endpoints, A (product detail)'),
    check: 'detail-is-listed',
    ...servesListAndDetail,
    statement: 'The detail of a listed product is that product: every list field has the value the list gave it.',
  },
  {
    id: 'cdr.detail.envelope',
    family,
    source: source(`${envelope} (detail response)`),
    check: 'detail-envelope',
    ...servesListAndDetail,
    statement:
      'The detail response has data, links with only self (fully qualified) and meta, when present, an object.',
  },
  {
    id: 'cdr.detail.unknown-product',
    family,
    source: source('Errors, A (404, product detail)'),
    check: 'error-v2-refusal',
    ...serves('detail'),
    statement: 'The detail of a productId the target does not have (a generated one) is 404 with ErrorV2.',
  },

  // Status.
  {
    id: 'cdr.status.record',
    family,
    source: source(`${envelope} (status); ${standard}, ResponseCommonDiscoveryStatus`),
    check: 'status-condition',
    ...serves('status'),
    statement:
      'The status response has data.status in OK, PARTIAL_FAILURE, SCHEDULED_OUTAGE, UNAVAILABLE, an updateTime date-time and links.self. Where detectionTime and expectedResolutionTime appear is a SHOULD of the standard: observed, not judged.',
  },
  {
    id: 'cdr.status.explanation-when-not-ok',
    family,
    source: source(`${envelope} (status)`),
    check: 'status-condition',
    ...serves('status'),
    statement: 'explanation is present whenever status is not OK.',
  },

  // ErrorV2 on every error status.
  {
    id: 'cdr.error.shape',
    family,
    source: source(`${envelope} (ErrorV2); Errors, A`),
    check: 'error-v2-bodies',
    statement:
      'Every error response (400, 404, 406, 422, 500) has errors: a list of ErrorV2 with code, title and detail strings.',
  },
  {
    id: 'cdr.error.urn-for-application-code',
    family,
    source: source(`${envelope} (ErrorV2)`),
    check: 'error-urn',
    statement: 'An ErrorV2 whose code is application-specific (not a standard error-code URN) carries meta.urn, a URN.',
  },
  {
    id: 'cdr.error.stable-title',
    family,
    source: source(`${envelope} (ErrorV2)`),
    check: 'error-stable-title',
    statement: 'The same error condition met twice gives the same title (the detail may differ).',
  },
  {
    id: 'cdr.error.codes',
    family,
    source: source(`Errors, A; ${standard}, Error Codes`),
    check: 'error-codes',
    statement:
      'Each refusal the suite provokes names the standard error code of its condition, as code or (for an application-specific code) meta.urn: a missing x-v urn:au-cds:error:cds-all:Header/Missing, an invalid one Header/InvalidVersion (Header/Invalid accepted), an unsupported one Header/UnsupportedVersion, an invalid field Field/Invalid (Field/InvalidDateTime for a date), a page-size above 1000 Field/InvalidPageSize, a page past the last Field/InvalidPage, an unknown product Resource/NotFound (or Resource/Invalid, Resource/Unavailable).',
  },
]);

export type CdrRuleId = (typeof cdrRules)[number]['id'];

declare module '../rule-id.ts' {
  interface RuleIdsOfFamilies {
    cdr: CdrRuleId;
  }
}
