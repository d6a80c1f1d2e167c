import type { SharedCheckName } from '../../checks/index.ts';
import type { cdrChecks } from '../../checks/cdr/index.ts';
import type { CdrSection } from '../../targets/cdr/section.ts';
import { defineRules } from '../rule.ts';
import { cdrSource as source } from './source.ts';

type CdrCheckName = SharedCheckName | keyof typeof cdrChecks;
const family = 'cdr';
const headers = 'Endpoints, A (headers on all three); Versioning';
const envelope = 'Resources, A. Envelope records';
const listEndpoint = 'Endpoints, A (product list query)';

/** Every rule of part A of document 3 (open-banking product data: list, detail, status). */
export const cdrRules = defineRules<CdrCheckName, CdrSection>()([
  // Versions and headers, on all three operations.
  { id: 'cdr.x-v.served', family, source: source(headers), check: 'status-for-valid-input',
    statement: 'x-v at each version the target serves for an operation (the documented 5 list, 7 detail, 1 status by default) answers 200 on all three operations.' },
  { id: 'cdr.x-v.required', family, source: source(headers), check: 'error-v2-refusal',
    statement: 'x-v missing, empty or not a positive integer (0, -1, 1.5, abc) is refused with 400 and an ErrorV2 body on all three operations.' },
  { id: 'cdr.x-v.unsupported', family, source: source('Errors, A; Versioning'), check: 'error-v2-refusal',
    statement: 'An x-v above every version the target serves, without x-min-v, is refused with 406 and an ErrorV2 body on all three operations.' },
  { id: 'cdr.x-min-v.honoured', family, source: source(headers), check: 'version-negotiation',
    statement: 'x-v above the served version with an x-min-v at or below it is served (200); with an x-min-v above it (or equal to x-v) it is 406 with ErrorV2.' },
  { id: 'cdr.x-min-v.invalid', family, source: source(headers), check: 'error-v2-refusal',
    statement: 'An x-min-v that is not a positive integer (empty, 0, -1, 1.5, abc) is refused with 400 and an ErrorV2 body.' },
  { id: 'cdr.interaction-id.echo', family, source: source(headers), check: 'header-echo',
    statement: 'An RFC 4122 UUID sent as x-fapi-interaction-id comes back unchanged in the response header of the same name, on success and on error responses of all three operations.' },

  // The product list: filters and defaults.
  { id: 'cdr.list.effective', family, source: source(listEndpoint), check: 'list-filter',
    statement: 'effective=CURRENT, FUTURE and ALL return exactly the products whose effectiveFrom..effectiveTo window matches at the time of the run: none outside the filter, every one inside it.' },
  { id: 'cdr.list.effective-default', family, source: source(listEndpoint), check: 'list-filter',
    statement: 'Without effective the list returns exactly the CURRENT products.' },
  { id: 'cdr.list.updated-since', family, source: source(listEndpoint), check: 'list-filter',
    statement: 'updated-since returns exactly the products whose lastUpdated is after it (a product updated at that very instant is excluded).' },
  { id: 'cdr.list.brand', family, source: source(`${listEndpoint}; Resources, A (brand)`), check: 'list-filter',
    statement: 'brand returns exactly the products of that brand.' },
  { id: 'cdr.list.product-category', family, source: source(listEndpoint), check: 'list-filter',
    statement: 'product-category (each of the thirteen) returns exactly the products of that category.' },
  { id: 'cdr.list.filters-combine', family, source: source(listEndpoint), check: 'list-filter',
    statement: 'Filters given together return exactly the products that pass every one of them.' },
  { id: 'cdr.list.page-default', family, source: source('Endpoints, A; Limits (page default 1)'), check: 'page-default',
    statement: 'Without page the list answers page 1.' },
  { id: 'cdr.list.page-size-default', family, source: source('Endpoints, A; Limits (page-size default 25)'), check: 'page-sizes',
    statement: 'Without page-size every page but the last holds 25 products.' },
  { id: 'cdr.list.invalid-enum', family, source: source(listEndpoint), check: 'error-v2-refusal',
    statement: 'An effective or product-category value outside its enumeration is refused with 400 and ErrorV2.' },
  { id: 'cdr.list.invalid-updated-since', family, source: source(listEndpoint), check: 'error-v2-refusal',
    statement: 'An updated-since that is not an RFC 3339 date-time is refused with 400 and ErrorV2.' },
  { id: 'cdr.list.invalid-paging', family, source: source(listEndpoint), check: 'error-v2-refusal',
    statement: 'A page or page-size that is not a positive integer (0, negative, fractional, text) is refused with 400 and ErrorV2.' },
  { id: 'cdr.list.page-past-last', family, source: source('Errors, A (422, product list)'), check: 'error-v2-refusal',
    statement: 'A page past the last is refused with a 4xx and ErrorV2; with 422 where the target entry pins it.' },

  // Pagination over full walks.
  { id: 'cdr.links.self', family, source: source(`${envelope} (links)`), check: 'links-self',
    statement: 'links.self of every page is a fully qualified URL naming the page it is.' },
  { id: 'cdr.links.first-prev-when-not-first', family, source: source(`${envelope} (links)`), check: 'links-presence',
    statement: 'first and prev are present on every page but the first; prev is absent on the first.' },
  { id: 'cdr.links.next-last-when-not-last', family, source: source(`${envelope} (links)`), check: 'links-presence',
    statement: 'next and last are present on every page but the last; next is absent on the last.' },
  { id: 'cdr.pagination.walk-complete', family, source: source(`${envelope}; Endpoints, A`), check: 'walk-complete',
    statement: 'Following next from page 1 (at page sizes 1, 2, 7, the default and one above the whole list, with filters) reaches the page last names, holds page-size products a page but the last, and visits every product exactly once.' },
  { id: 'cdr.pagination.walk-back', family, source: source(`${envelope} (links)`), check: 'walk-back',
    statement: 'Following prev from the last page walks back the pages of the forward walk, in reverse.' },
  { id: 'cdr.pagination.totals', family, source: source(`${envelope} (meta)`), check: 'list-totals',
    statement: 'meta.totalRecords and meta.totalPages are strings on every page and agree with the products and pages the walk saw.' },
  { id: 'cdr.pagination.empty-result', family, source: source(`${envelope}`), check: 'empty-result',
    statement: 'A filter that matches nothing answers a valid page 1: no products, totals "0", no next.' },

  // Records.
  { id: 'cdr.product.list-item', family, source: source('Resources, A. Banking product (list item, version 6)'), check: 'product-records',
    statement: 'Every product of every list page has the required fields, types and enumerations of the list item version 6.' },
  { id: 'cdr.product.detail', family, source: source('Resources, A. Product detail (version 7)'), check: 'product-records',
    statement: 'Every product detail has the required fields, types and enumerations of the detail version 7.' },
  { id: 'cdr.product.card-art', family, source: source('Resources, A. Banking product (cardArt)'), check: 'product-records',
    statement: 'Every cardArt item has cardScheme (AMEX), cardType (CHARGE, CREDIT, DEBIT) and imageUri (a link or data URI of a PNG, JPG or GIF), in list items and details.' },
  { id: 'cdr.product.primary-uri-when-additional', family, source: source('Resources, A. additionalInformation'), check: 'product-records',
    statement: 'A primary additionalInformation URI is present whenever its additional list has items.' },
  { id: 'cdr.product.additional-info-when-other', family, source: source('Resources, A. Product detail (features, constraints, eligibility, fees)'), check: 'product-records',
    statement: 'additionalInfo is present on every feature, constraint, eligibility and fee whose type is OTHER.' },
  { id: 'cdr.product.application-frequency-when-periodic', family, source: source('Resources, A. Product detail (depositRates, lendingRates)'), check: 'product-records',
    statement: 'applicationFrequency is present on every deposit and lending rate whose applicationType is PERIODIC.' },
  { id: 'cdr.product.fee-method-structure', family, source: source('Resources, A. Product detail (fees)'), check: 'product-records',
    statement: 'A fee carries the structure its feeMethodUType names (fixedAmount, rateBased or variable).' },
  { id: 'cdr.detail.is-listed-product', family, source: source('Endpoints, A (product detail)'), check: 'detail-is-listed',
    statement: 'The detail of a listed product is that product: every list field has the value the list gave it.' },
  { id: 'cdr.detail.envelope', family, source: source(`${envelope} (detail response)`), check: 'detail-envelope',
    statement: 'The detail response has data, links with only self (fully qualified) and meta, when present, an object.' },
  { id: 'cdr.detail.unknown-product', family, source: source('Errors, A (404, product detail)'), check: 'error-v2-refusal',
    statement: 'The detail of a productId the target does not have is 404 with ErrorV2.' },

  // Status.
  { id: 'cdr.status.record', family, source: source(`${envelope} (status)`), check: 'status-condition',
    statement: 'The status response has data.status in OK, PARTIAL_FAILURE, SCHEDULED_OUTAGE, UNAVAILABLE and an updateTime date-time.' },
  { id: 'cdr.status.explanation-when-not-ok', family, source: source(`${envelope} (status)`), check: 'status-condition',
    statement: 'explanation is present whenever status is not OK.' },
  { id: 'cdr.status.detection-time', family, source: source(`${envelope} (status)`), check: 'status-condition',
    statement: 'detectionTime appears only with PARTIAL_FAILURE or UNAVAILABLE.' },
  { id: 'cdr.status.resolution-absent-when-ok', family, source: source(`${envelope} (status)`), check: 'status-condition',
    statement: 'expectedResolutionTime is absent when status is OK.' },

  // ErrorV2 on every error status.
  { id: 'cdr.error.shape', family, source: source(`${envelope} (ErrorV2); Errors, A`), check: 'error-v2-bodies',
    statement: 'Every error response (400, 404, 406, 422, 500) has errors: a list of ErrorV2 with code, title and detail strings.' },
  { id: 'cdr.error.urn-for-application-code', family, source: source(`${envelope} (ErrorV2)`), check: 'error-urn',
    statement: 'An ErrorV2 whose code is application-specific (not a standard error-code URN) carries meta.urn, a URN.' },
  { id: 'cdr.error.stable-title', family, source: source(`${envelope} (ErrorV2)`), check: 'error-stable-title',
    statement: 'The same error condition met twice gives the same title (the detail may differ).' },
]);

export type CdrRuleId = (typeof cdrRules)[number]['id'];
