import { said } from '../rule-quotes.ts';
import { defineRules } from '../rule.ts';
import type { RuleQuote } from '../rule.ts';
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

/** Where a sentence of the Consumer Data Standards (the standard document 3 summarises) is read. */
const cds = (section: string, anchor: string) => ({
  title: 'Consumer Data Standards',
  version: '1.36.0',
  section,
  url: `https://consumerdatastandardsaustralia.github.io/standards/#${anchor}`,
});
/** A sentence of document 3, and the word or cell that makes it a demand (absent: context or observed). */
/** A sentence of the standard, read at `from`. */
const standardSaid = (text: string, from: RuleQuote['from'], demand?: string): RuleQuote => said(text, demand, from);

// Sentences of document 3, part A, word for word (test/rules/rule-quotes.test.ts finds each in the document).
const xvHeader =
  '`x-v` (string, required; positive integer; the version of the endpoint requested, which must be the version above)';
const xMinVHeader = '`x-min-v` (string, optional; positive integer minimum acceptable version)';
const interactionHeader =
  '`x-fapi-interaction-id` (string, optional; RFC 4122 UUID correlation ID which the data holder returns in the response header of the same name)';
const versioning =
  'each operation has its own endpoint version (product list 5, product detail 7, status 1), requested through the x-v header and optionally bounded below by x-min-v.';
const row400 = '| 400 | all | `errors`: list of ErrorV2 |';
const row404 = '| 404 | product detail | `errors`: list of ErrorV2 |';
const row406 = '| 406 | all | `errors`: list of ErrorV2 |';
const row422 = '| 422 | product list | `errors`: list of ErrorV2 |';
const listResponse =
  'List response: `data.products` (list, required; may be empty), `links` (required), `meta` (required).';
const linksSentence =
  '`links`: self (string, required, fully qualified link of this response); first, prev, next, last (optional strings; first and prev mandatory when the page is not the first; next and last mandatory when the page is not the last).';
const listMeta = '`meta` on the list: totalRecords (string, required), totalPages (string, required).';
const emptyMeta = 'On the detail and status responses meta is optional and empty.';
const detailResponse =
  'Detail response: `data` (product detail, required), `links` (only self, required), `meta` (optional).';
const statusRecord =
  'Status: `data` with status (enum `OK`, `PARTIAL_FAILURE`, `SCHEDULED_OUTAGE`, `UNAVAILABLE`, required), updateTime (string, required), explanation (string; mandatory when status is not OK), detectionTime (only for PARTIAL_FAILURE or UNAVAILABLE), expectedResolutionTime (must be absent when status is OK).';
const errorV2 =
  'ErrorV2: code (string, required; an application-specific code or the standard error-code URN), title (required; does not change between occurrences), detail (required; specific to the occurrence), meta (optional) with urn (string; the standard URN that an application-specific code extends; mandatory for application-specific codes).';
const effectiveQuery =
  'effective (enum `CURRENT`, `FUTURE`, `ALL`, default CURRENT; filters by whether now falls inside effectiveFrom to effectiveTo)';
const updatedSinceQuery = 'updated-since (date-time; only products updated after it; default all)';
const otherQuery = 'brand (string), product-category (string; default all), page (default 1), page-size (default 25)';

// Sentences of the standard, word for word as Consumer Data Standards 1.36.0 writes them.
const headersAt = cds('HTTP Headers', 'http-headers');
const errorCodesAt = cds('Error Codes', 'error-codes');
const getProductsAt = cds('Get Products', 'get-products');
const paginationAt = cds('Pagination', 'pagination');
const payloadsAt = cds('Payload Conventions', 'payload-conventions');
const mustSupport = 'The following error codes **MUST** be supported:';
const mustRefuseVersions =
  'If all versions requested are not supported then the endpoint **MUST** respond with a `406 Not Acceptable`.';
const pageSizeMeaning = '**_page-size_**: the number of records to return in each page.';

/** Every rule of part A of document 3 (open-banking product data: list, detail, status). */
export const cdrRules = defineRules<CdrSectionRead>()([
  // Versions and headers, on all three operations.
  {
    id: 'cdr.x-v.served',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source(headers),
    check: 'status-for-valid-input',
    quotes: [
      said(xvHeader, 'which must be the version above'),
      said(versioning),
      said('| /v1/discovery/status | 1 | none | 200 status response |', '200 status response'),
    ],
    statement:
      'x-v at each version the target serves for an operation (the documented 5 list, 7 detail, 1 status by default) answers 200 on every operation it serves.',
  },
  {
    id: 'cdr.x-v.response-header',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source(`${headers}; ${standard}, HTTP Headers (response x-v, mandatory)`),
    check: 'version-header',
    quotes: [
      standardSaid(
        '**x-v** | The payload version that the endpoint has responded with. | Mandatory',
        headersAt,
        'Mandatory',
      ),
      standardSaid(
        'The holder should respond with the highest supported version between _x-min-v_ and _x-v_.',
        headersAt,
      ),
    ],
    statement:
      'Every successful response carries x-v, the version served: a positive integer among the versions the target serves, not above the x-v requested, and not below an x-min-v below it.',
  },
  {
    id: 'cdr.x-v.required',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source(headers),
    check: 'error-v2-refusal',
    quotes: [
      said(xvHeader, 'required; positive integer'),
      said(row400, '400'),
      standardSaid(
        'Version of the API endpoint requested by the client. Must be set to a positive integer.',
        headersAt,
        'Must be set to a positive integer',
      ),
    ],
    statement:
      'x-v missing, empty or not a positive integer (0, -1, 1.5, abc) is refused with 400 and an ErrorV2 body on every operation it serves.',
  },
  {
    id: 'cdr.x-v.unsupported',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source('Errors, A; Versioning'),
    check: 'error-v2-refusal',
    quotes: [
      said(xvHeader, 'which must be the version above'),
      said(row406, '406'),
      standardSaid(mustRefuseVersions, getProductsAt, '**MUST** respond with a `406 Not Acceptable`'),
      standardSaid(
        'A request is made for a version that is lower than the minimum version or greater than maximum version the Data Holder supports for the requested endpoint.',
        errorCodesAt,
        'lower than the minimum version or greater than maximum version',
      ),
    ],
    statement:
      'An x-v above every version the target serves, or below the lowest it serves (where a positive one is), without x-min-v, is refused with 406 and an ErrorV2 body on every operation it serves.',
  },
  {
    id: 'cdr.x-min-v.honoured',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source(headers),
    check: 'version-negotiation',
    quotes: [
      said(versioning, 'optionally bounded below by x-min-v'),
      standardSaid(mustRefuseVersions, getProductsAt, '**MUST** respond with a `406 Not Acceptable`'),
      standardSaid(
        'If the value of _x-min-v_ is equal to or higher than the value of _x-v_ then the _x-min-v_ header should be treated as absent.',
        headersAt,
      ),
      standardSaid(
        'The holder should respond with the highest supported version between _x-min-v_ and _x-v_.',
        headersAt,
      ),
    ],
    statement:
      'x-v above the served versions with an x-min-v above them (or equal to x-v, which the standard treats as absent) is refused with 406 and ErrorV2. With an x-min-v at or below a served version, the answer is observed: the standard only says the holder should serve the highest version in the range.',
  },
  {
    id: 'cdr.x-min-v.invalid',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source(headers),
    check: 'error-v2-refusal',
    quotes: [
      said(xMinVHeader, 'positive integer'),
      said(row400, '400'),
      standardSaid(
        'Minimum version of the API endpoint requested by the client. Must be set to a positive integer if provided.',
        headersAt,
        'Must be set to a positive integer if provided',
      ),
    ],
    statement:
      'An x-min-v that is not a positive integer (empty, 0, -1, 1.5, abc) is refused with 400 and an ErrorV2 body.',
  },
  {
    id: 'cdr.interaction-id.echo',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source(headers),
    check: 'header-echo',
    quotes: [
      said(interactionHeader, 'which the data holder returns in the response header of the same name'),
      standardSaid(
        'If provided, the data holder must "play back" this value in the _x-fapi-interaction-id_ response header.',
        headersAt,
        'must "play back" this value',
      ),
    ],
    statement:
      'An RFC 4122 UUID sent as x-fapi-interaction-id comes back unchanged in the response header of the same name, on success and on error responses of all three operations.',
  },
  {
    id: 'cdr.bodies.json',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source(`${headers}; ${standard}, HTTP Headers (response Content-Type, mandatory)`),
    check: 'json-body',
    quotes: [
      said(row400),
      standardSaid(
        'Represents the format of the payload returned in the response.<br/>Must be `application/json` unless otherwise specified in the resource endpoint standard.',
        headersAt,
        'Must be `application/json`',
      ),
    ],
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
    quotes: [
      said(listResponse, 'required'),
      said(listMeta, 'required'),
      standardSaid(
        '**_totalRecords_**: The total number of records in the set. This field **MUST** be present.',
        paginationAt,
        '**MUST** be present',
      ),
    ],
    ...serves('list'),
    statement:
      'Every list page answers 200 with data.products (a list), links (an object) and meta.totalRecords and meta.totalPages as natural numbers: integers per the standard or decimal strings per document 3 (the form is observed).',
  },
  {
    id: 'cdr.list.effective',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source(listEndpoint),
    check: 'list-filter',
    quotes: [said(effectiveQuery, 'filters by whether now falls inside effectiveFrom to effectiveTo')],
    ...serves('list'),
    statement:
      'effective=CURRENT, FUTURE and ALL return exactly the products whose effectiveFrom..effectiveTo window matches at the time of the run: none outside the filter, every one inside it.',
  },
  {
    id: 'cdr.list.effective-default',
    family,
    prerequisites: ['cdr.list.effective', 'cdr.list.envelope'],
    source: source(listEndpoint),
    check: 'list-filter',
    quotes: [said(effectiveQuery, 'default CURRENT')],
    ...serves('list'),
    statement: 'Without effective the list returns exactly the CURRENT products.',
  },
  {
    id: 'cdr.list.updated-since',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source(listEndpoint),
    check: 'list-filter',
    quotes: [
      said(updatedSinceQuery, 'only products updated after it'),
      standardSaid(
        'Only include products that have been updated after the specified date and time.',
        getProductsAt,
        'Only include products that have been updated after',
      ),
    ],
    ...serves('list'),
    statement:
      'updated-since returns exactly the products whose lastUpdated is after it (a product updated at that very instant is excluded).',
  },
  {
    id: 'cdr.list.brand',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source(`${listEndpoint}; Resources, A (brand)`),
    check: 'list-filter',
    quotes: [
      said(
        '| brand | string | yes | Usable for filtering; required even for single-brand holders. |',
        'Usable for filtering',
      ),
      standardSaid(
        'Filter results based on a specific brand.',
        getProductsAt,
        'Filter results based on a specific brand',
      ),
    ],
    ...serves('list'),
    statement: 'brand returns exactly the products of that brand.',
  },
  {
    id: 'cdr.list.product-category',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source(listEndpoint),
    check: 'list-filter',
    quotes: [
      said(otherQuery),
      standardSaid(
        'Used to filter results on the _productCategory_ field applicable to accounts.',
        getProductsAt,
        'filter results on the _productCategory_ field',
      ),
    ],
    ...serves('list'),
    statement: 'product-category (each of the thirteen) returns exactly the products of that category.',
  },
  {
    id: 'cdr.list.filters-combine',
    family,
    prerequisites: ['cdr.list.brand', 'cdr.list.envelope'],
    source: source(listEndpoint),
    check: 'list-filter',
    quotes: [
      said('list banking products offered to the market with filtering and paging', 'filtering'),
      said(effectiveQuery, 'filters by whether now falls inside effectiveFrom to effectiveTo'),
      said(updatedSinceQuery, 'only products updated after it'),
      standardSaid(
        'It is expected that filtering and paging will be applied independently of each other.',
        paginationAt,
      ),
    ],
    ...serves('list'),
    statement: 'Filters given together return exactly the products that pass every one of them.',
  },
  {
    id: 'cdr.list.page-default',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source('Endpoints, A; Limits (page default 1)'),
    check: 'page-default',
    quotes: [said(otherQuery, 'page (default 1)'), said('| Products page default | 1 |', '1')],
    ...serves('list'),
    statement: 'Without page the list answers page 1.',
  },
  {
    id: 'cdr.list.page-size-default',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source('Endpoints, A; Limits (page-size default 25)'),
    check: 'page-sizes',
    quotes: [
      said(otherQuery, 'page-size (default 25)'),
      said('| Products page-size default | 25 |', '25'),
      standardSaid(pageSizeMeaning, paginationAt, 'the number of records to return in each page'),
    ],
    ...serves('list'),
    statement: 'Without page-size every page but the last holds 25 products.',
  },
  {
    id: 'cdr.list.invalid-enum',
    family,
    source: source(listEndpoint),
    check: 'error-v2-refusal',
    quotes: [
      said(effectiveQuery, 'enum `CURRENT`, `FUTURE`, `ALL`'),
      said(row400, '400'),
      standardSaid(mustSupport, getProductsAt, '**MUST** be supported'),
      standardSaid(
        "Applies when the value of the URL parameter or request body parameter is an invalid type or the value violates the field's constraints as defined by the interface contract.",
        errorCodesAt,
      ),
    ],
    ...serves('list'),
    statement: 'An effective or product-category value outside its enumeration is refused with 400 and ErrorV2.',
  },
  {
    id: 'cdr.list.invalid-updated-since',
    family,
    source: source(listEndpoint),
    check: 'error-v2-refusal',
    quotes: [
      said(updatedSinceQuery, 'date-time'),
      said(row400, '400'),
      standardSaid(mustSupport, getProductsAt, '**MUST** be supported'),
    ],
    ...serves('list'),
    statement: 'An updated-since that is not an RFC 3339 date-time is refused with 400 and ErrorV2.',
  },
  {
    id: 'cdr.list.invalid-paging',
    family,
    source: source(listEndpoint),
    check: 'error-v2-refusal',
    quotes: [
      said(row400, '400'),
      standardSaid(
        '|page|query|[PositiveInteger](#common-field-types)|optional|`1`|Page of results to request (standard pagination).|',
        getProductsAt,
        '[PositiveInteger](#common-field-types)',
      ),
      standardSaid(mustSupport, getProductsAt, '**MUST** be supported'),
    ],
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
    quotes: [
      said(row400, '400'),
      standardSaid(
        'A maximum page size of `1000` records is assumed for all endpoints (unless otherwise stipulated in the endpoint definition).',
        paginationAt,
      ),
      standardSaid(
        'The value provided in the _page-size_ pagination field is greater than the maximum allowed by the CDR Data Standards (_page-size_ > `1000`).',
        errorCodesAt,
      ),
      standardSaid(mustSupport, getProductsAt, '**MUST** be supported'),
    ],
    ...serves('list'),
    statement:
      "A page-size above the maximum of 1000 (1001 and more) is refused with 400 and ErrorV2 (its code, Field/InvalidPageSize, is cdr.error.codes's).",
  },
  {
    id: 'cdr.list.page-past-last',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source('Errors, A (422, product list)'),
    check: 'error-v2-refusal',
    quotes: [said(row422, '| 422 | product list |'), standardSaid(mustSupport, getProductsAt, '**MUST** be supported')],
    ...serves('list'),
    statement: 'A page past the last is refused with a 4xx and ErrorV2; with 422 where the target entry pins it.',
  },

  // Pagination over full walks.
  {
    id: 'cdr.links.self',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source(`${envelope} (links)`),
    check: 'links-self',
    quotes: [
      said(linksSentence, 'fully qualified link of this response'),
      standardSaid(
        'The _links_ object **MUST** contain a field named _self_ that will have the fully qualified URI to the current request as a value.',
        payloadsAt,
        '**MUST** contain a field named _self_',
      ),
    ],
    ...serves('list'),
    statement: 'links.self of every page names the page it is (and the page-size of the walk, when it names one).',
  },
  {
    id: 'cdr.links.valid',
    family,
    judgesWalkEnds: true,
    prerequisites: ['cdr.list.envelope'],
    source: source(`${envelope} (links); ${standard}, LinksPaginated (URIString)`),
    check: 'links-valid',
    quotes: [
      said(linksSentence, 'fully qualified link of this response'),
      standardSaid(
        '**_next_**: A URI to the next page. Mandatory if this response is not the last page.',
        paginationAt,
        'A URI to the next page',
      ),
    ],
    ...serves('list'),
    statement:
      'Every link of every list page (self, first, prev, next, last) is a valid absolute URI on the holder: under its base URL or an origin the entry lists in followOrigins. A link elsewhere is never requested.',
  },
  {
    id: 'cdr.links.first-prev-when-not-first',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source(`${envelope} (links)`),
    check: 'links-presence',
    quotes: [
      said(linksSentence, 'first and prev mandatory when the page is not the first'),
      standardSaid(
        '**_prev_**: A URI to the previous page. Mandatory if this response is not the first page.',
        paginationAt,
        'Mandatory if this response is not the first page',
      ),
    ],
    ...serves('list'),
    statement: 'first and prev are present on every page but the first; prev is absent on the first.',
  },
  {
    id: 'cdr.links.next-last-when-not-last',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source(`${envelope} (links)`),
    check: 'links-presence',
    quotes: [
      said(linksSentence, 'next and last mandatory when the page is not the last'),
      standardSaid(
        '**_next_**: A URI to the next page. Mandatory if this response is not the last page.',
        paginationAt,
        'Mandatory if this response is not the last page',
      ),
    ],
    ...serves('list'),
    statement: 'next and last are present on every page but the last; next is absent on the last.',
  },
  {
    id: 'cdr.pagination.walk-complete',
    family,
    prerequisites: ['cdr.links.valid', 'cdr.list.envelope'],
    judgesWalkEnds: true,
    source: source(`${envelope}; Endpoints, A`),
    check: 'walk-complete',
    quotes: [
      said(linksSentence, 'next and last mandatory when the page is not the last'),
      standardSaid(pageSizeMeaning, paginationAt, 'the number of records to return in each page'),
      standardSaid(
        '**_next_**: A URI to the next page. Mandatory if this response is not the last page.',
        paginationAt,
        'A URI to the next page',
      ),
    ],
    ...serves('list'),
    statement:
      'Following next from page 1 (at page sizes 1, 2, 7, the default and one above the whole list, with filters) reaches the page last names, holds page-size products a page but the last, and visits every product exactly once.',
  },
  {
    id: 'cdr.pagination.walk-back',
    family,
    prerequisites: ['cdr.links.valid', 'cdr.list.envelope'],
    judgesWalkEnds: true,
    source: source(`${envelope} (links)`),
    check: 'walk-back',
    quotes: [
      said(linksSentence, 'first and prev mandatory when the page is not the first'),
      standardSaid(
        '**_prev_**: A URI to the previous page. Mandatory if this response is not the first page.',
        paginationAt,
        'A URI to the previous page',
      ),
    ],
    ...serves('list'),
    statement: 'Following prev from the last page walks back the pages of the forward walk, in reverse.',
  },
  {
    id: 'cdr.pagination.totals',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source(`${envelope} (meta)`),
    check: 'list-totals',
    quotes: [
      said(listMeta, 'required'),
      standardSaid(
        '**_totalPages_**: The total number of pages in the set. This field **MUST** be present.',
        paginationAt,
        'The total number of pages in the set',
      ),
      standardSaid(
        '**_totalRecords_**: The total number of records in the set. This field **MUST** be present.',
        paginationAt,
        'The total number of records in the set',
      ),
    ],
    ...serves('list'),
    statement:
      'meta.totalRecords and meta.totalPages of every page agree with the products and pages the walk saw (whatever their form).',
  },
  {
    id: 'cdr.pagination.empty-result',
    family,
    prerequisites: ['cdr.list.brand', 'cdr.list.envelope'],
    source: source(`${envelope}`),
    check: 'empty-result',
    quotes: [
      said(listResponse, 'may be empty'),
      standardSaid('If **_totalRecords_** is `0` **_totalPages_** **MUST** be `0`.', paginationAt, '**MUST** be `0`'),
    ],
    ...serves('list'),
    statement:
      'A filter that matches nothing answers a valid page 1: no products, totals 0 (totalPages MUST be 0 when totalRecords is), no next.',
  },

  // Records.
  {
    id: 'cdr.product.list-item',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source(`Resources, A. Banking product (list item); ${standard}, BankingProductV4/V5/V6`),
    check: 'product-records',
    quotes: [
      said('| productId | string | yes | Unique per product at the data holder. |', 'yes'),
      said(
        '| isTailored | boolean | yes | True when fees and prices are negotiated, so specific fees and rates do not apply. |',
        'yes',
      ),
      standardSaid(
        '|productId|[BankingProductId](#schemacdr-banking-apibankingproductid)|mandatory||A data holder-specific unique identifier for a Banking product. This identifier must be unique to a product but does not otherwise need to adhere to ID permanence guidelines.|',
        cds('BankingProductV6', 'tocSbankingproductv6'),
        'mandatory',
      ),
    ],
    ...serves('list'),
    statement:
      'Every product of every list page has the required fields, types and enumerations of the list item of the version the page answered with (x-v 3: BankingProductV4, 4: V5, 5: V6).',
  },
  {
    id: 'cdr.product.detail',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source(`Resources, A. Product detail; ${standard}, BankingProductDetailV4 to V7`),
    check: 'product-records',
    quotes: [
      said(
        '| bundles | name (req), description (req), additionalInfo, additionalInfoUri, productIds (list of IDs of other products in the bundle; the current product is assumed included). |',
        'name (req), description (req)',
      ),
      said('| depositRates | depositRateType (req enum), rate (req string), applicationType (req enum),', 'req enum'),
    ],
    ...servesListAndDetail,
    statement:
      'Every product detail has the required fields, types and enumerations of the detail of the version it answered with (x-v 4 to 7), nested records included (fees, discounts, rates, tiers, conditions, instalments).',
  },
  {
    id: 'cdr.product.card-art',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source(`Resources, A. Banking product (cardArt); ${standard}, BankingProductCardArt`),
    check: 'product-records',
    quotes: [
      said(
        'Items: cardScheme (enum `AMEX`, required), cardType (enum `CHARGE`, `CREDIT`, `DEBIT`, required), imageUri (required; PNG, JPG or GIF reference, ISO 7810 ID-1 proportions, width at most 512 pixels, link or data URI per RFC 2397), title (optional).',
        'required',
      ),
    ],
    ...serves('list'),
    statement:
      'Every cardArt item has imageUri (a link or data URI of a PNG, JPG or GIF) and, from list x-v 4 and detail x-v 6, cardScheme (AMEX, EFTPOS, MASTERCARD, VISA, OTHER) and cardType (CHARGE, CREDIT, DEBIT), in list items and details.',
  },
  {
    id: 'cdr.product.primary-uri-when-additional',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source('Resources, A. additionalInformation'),
    check: 'product-records',
    quotes: [
      said(
        'overviewUri, termsUri, eligibilityUri, feesAndPricingUri, bundleUri (each is mandatory when the matching additional list has items)',
        'mandatory when the matching additional list has items',
      ),
    ],
    ...serves('list'),
    statement: 'A primary additionalInformation URI is present whenever its additional list has items.',
  },
  {
    id: 'cdr.product.additional-info-when-other',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source('Resources, A. Product detail (features, constraints, eligibility, fees)'),
    check: 'product-records',
    quotes: [
      said(
        '| features | featureType (req enum), additionalValue, additionalInfo (mandatory when type is OTHER), additionalInfoUri. |',
        'mandatory when type is OTHER',
      ),
      said(
        '| constraints | constraintType (req enum), additionalValue, additionalInfo (mandatory when OTHER), additionalInfoUri. |',
        'mandatory when OTHER',
      ),
      said(
        '| eligibility | eligibilityType (req enum), additionalValue, additionalInfo (mandatory when OTHER), additionalInfoUri. |',
        'mandatory when OTHER',
      ),
      said(
        'additionalValue, additionalInfo (mandatory when OTHER), additionalInfoUri, discounts.',
        'mandatory when OTHER',
      ),
    ],
    ...servesListAndDetail,
    statement: 'additionalInfo is present on every feature, constraint, eligibility and fee whose type is OTHER.',
  },
  {
    id: 'cdr.product.application-frequency-when-periodic',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source('Resources, A. Product detail (depositRates, lendingRates)'),
    check: 'product-records',
    quotes: [
      said(
        'applicationFrequency mandatory when applicationType is PERIODIC',
        'mandatory when applicationType is PERIODIC',
      ),
      said('applicationFrequency (mandatory when PERIODIC)', 'mandatory when PERIODIC'),
    ],
    ...servesListAndDetail,
    statement: 'applicationFrequency is present on every deposit and lending rate whose applicationType is PERIODIC.',
  },
  {
    id: 'cdr.product.fee-method-structure',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source('Resources, A. Product detail (fees)'),
    check: 'product-records',
    quotes: [
      said(
        'fixedAmount, rateBased, variable (the structure named by feeMethodUType)',
        'the structure named by feeMethodUType',
      ),
      standardSaid(
        'Mandatory if the _feeMethodUType_ value is `fixedAmount`. Where the fee is a specific amount.',
        cds('BankingProductFeeV2', 'tocSbankingproductfeev2'),
        'Mandatory if the _feeMethodUType_ value is `fixedAmount`',
      ),
      standardSaid(
        'Mandatory if the _discountMethodUType_ value is `fixedAmount`. Where the discount is a specific amount.',
        cds('BankingProductDiscountV2', 'tocSbankingproductdiscountv2'),
        'Mandatory if the _discountMethodUType_ value is `fixedAmount`',
      ),
    ],
    ...servesListAndDetail,
    statement:
      'A fee carries the structure its feeMethodUType names (fixedAmount, rateBased or variable) and a discount the one its discountMethodUType names; before detail x-v 6, a fee that is not VARIABLE gives one of amount, balanceRate, transactionRate, accruedRate and a discount one of those or feeRate.',
  },
  {
    id: 'cdr.detail.is-listed-product',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source('Endpoints, A (product detail)'),
    check: 'detail-is-listed',
    quotes: [
      said('Product detail (version 7) = all list fields plus (all optional lists)', '= all list fields plus'),
      said(
        '| /v1/banking/products/{productId} | 7 | Path productId (string, required). | 200 detail response |',
        '200 detail response',
      ),
    ],
    ...servesListAndDetail,
    statement: 'The detail of a listed product is that product: every list field has the value the list gave it.',
  },
  {
    id: 'cdr.detail.envelope',
    family,
    prerequisites: ['cdr.detail.is-listed-product', 'cdr.list.envelope'],
    source: source(`${envelope} (detail response)`),
    check: 'detail-envelope',
    quotes: [
      said(detailResponse, 'required'),
      said(emptyMeta, 'optional and empty'),
      standardSaid(
        '```json\n{}\n```\n\n<h3 id="cdr-banking-api_meta_properties">Properties</h3>\n\n*None*',
        cds('Meta', 'tocSmeta'),
        '*None*',
      ),
    ],
    ...servesListAndDetail,
    statement:
      "The detail response has data, links with only self (fully qualified) and meta, when present, an empty object (the standard's Meta).",
  },
  {
    id: 'cdr.detail.unknown-product',
    family,
    source: source('Errors, A (404, product detail)'),
    check: 'error-v2-refusal',
    quotes: [said(row404, '404'), standardSaid('Applies when the resource ID is provided in the URI.', errorCodesAt)],
    ...serves('detail'),
    statement: 'The detail of a productId the target does not have (a generated one) is 404 with ErrorV2.',
  },

  // Status.
  {
    id: 'cdr.status.record',
    family,
    source: source(`${envelope} (status); ${standard}, ResponseCommonDiscoveryStatus`),
    check: 'status-condition',
    quotes: [
      said(statusRecord, 'required'),
      said(emptyMeta, 'optional and empty'),
      said('| /v1/discovery/status | 1 | none | 200 status response |', '200 status response'),
      standardSaid(
        'The date and time that full service is expected to resume (if known). Should not be present if the status property has a value of `OK`.',
        cds('ResponseCommonDiscoveryStatus', 'tocSresponsecommondiscoverystatus'),
      ),
      standardSaid(
        '```json\n{}\n```\n\n<h3 id="cdr-common-api_meta_properties">Properties</h3>\n\n*None*',
        cds('Meta', 'tocSmeta'),
        '*None*',
      ),
    ],
    ...serves('status'),
    statement:
      "The status response has data.status in OK, PARTIAL_FAILURE, SCHEDULED_OUTAGE, UNAVAILABLE, an updateTime date-time, links.self and meta, when present, an empty object (the standard's Meta). Where detectionTime and expectedResolutionTime appear is a SHOULD of the standard: observed, not judged.",
  },
  {
    id: 'cdr.status.explanation-when-not-ok',
    family,
    source: source(`${envelope} (status)`),
    check: 'status-condition',
    quotes: [
      said(statusRecord, 'mandatory when status is not OK'),
      standardSaid(
        'Mandatory if the status property is any value other than `OK`.',
        cds('ResponseCommonDiscoveryStatus', 'tocSresponsecommondiscoverystatus'),
        'Mandatory',
      ),
    ],
    ...serves('status'),
    statement: 'explanation is present whenever status is not OK.',
  },

  // ErrorV2 on every error status.
  {
    id: 'cdr.error.shape',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source(`${envelope} (ErrorV2); Errors, A`),
    check: 'error-v2-bodies',
    quotes: [said(row400, '`errors`: list of ErrorV2'), said(errorV2, 'required')],
    statement:
      'Every error response (400, 404, 406, 422, 500) has errors: a list of ErrorV2 with code, title and detail strings.',
  },
  {
    id: 'cdr.error.urn-for-application-code',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source(`${envelope} (ErrorV2)`),
    check: 'error-urn',
    quotes: [
      said(errorV2, 'mandatory for application-specific codes'),
      standardSaid(
        'If a Data Recipient Software Product or Data Holder responds with an application-specific error code, the standard CDR URN error code **MUST** be provided in the _MetaError_ object.',
        errorCodesAt,
        '**MUST** be provided',
      ),
    ],
    statement: 'An ErrorV2 whose code is application-specific (not a standard error-code URN) carries meta.urn, a URN.',
  },
  {
    id: 'cdr.error.stable-title',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source(`${envelope} (ErrorV2)`),
    check: 'error-stable-title',
    quotes: [
      said(errorV2, 'does not change between occurrences'),
      standardSaid(
        'A short, human-readable summary of the problem that **MUST NOT** change from occurrence to occurrence of the problem represented by the error code.',
        cds('ErrorV2', 'tocSerrorv2'),
        '**MUST NOT** change',
      ),
    ],
    statement: 'The same error condition met twice gives the same title (the detail may differ).',
  },
  {
    id: 'cdr.error.codes',
    family,
    prerequisites: ['cdr.list.envelope'],
    source: source(`Errors, A; ${standard}, Error Codes`),
    check: 'error-codes',
    quotes: [
      said(errorV2, 'the standard error-code URN'),
      standardSaid(mustSupport, getProductsAt, '**MUST** be supported'),
      standardSaid(
        'This error code **MUST** be supported for unauthenticated and authenticated APIs.',
        errorCodesAt,
        '**MUST** be supported',
      ),
    ],
    statement:
      'Each refusal the suite provokes names the standard error code of its condition, as code or (for an application-specific code) meta.urn: a missing x-v urn:au-cds:error:cds-all:Header/Missing, an invalid one Header/InvalidVersion (Header/Invalid accepted), an unsupported one (above the highest or below the lowest served) Header/UnsupportedVersion, an invalid field Field/Invalid (Field/InvalidDateTime for a date), a page-size above 1000 Field/InvalidPageSize, a page past the last Field/InvalidPage, an unknown product Resource/NotFound (or Resource/Invalid, Resource/Unavailable).',
  },
]);

export type CdrRuleId = (typeof cdrRules)[number]['id'];

declare module '../rule-id.ts' {
  interface RuleIdsOfFamilies {
    cdr: CdrRuleId;
  }
}
