import { effectiveValues, productCategories, type ServiceStatus } from '../../rules/cdr/enums.ts';
import type { CdrOperation } from '../../rules/cdr/endpoints.ts';
import { defaultPage, defaultPageSize, maxPageSize } from '../../rules/cdr/limits.ts';

/** What the reference knows of a list request once its query is read. */
export interface ListRequest {
  effective: string | undefined;
  updatedSince: string | undefined;
  brand: string | undefined;
  productCategory: string | undefined;
}

/** One page the reference is about to answer. */
export interface PagePlan {
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

/** An ErrorV2 as the reference writes it. */
export interface ErrorItem {
  code: string;
  title: string;
  detail: string;
  meta?: { urn: string };
}

/** The points of the cdr reference a mutant may replace, each the behaviour of one rule. */
export interface CdrBehaviour {
  /** Versions served per operation, from the mode's. */
  served(operation: CdrOperation, versions: Record<CdrOperation, readonly number[]>): readonly number[];
  /** Whether an x-v value is acceptable (a positive integer). */
  validXv(value: string | undefined): boolean;
  /** Whether an x-min-v value is acceptable (a positive integer). */
  validXminv(value: string): boolean;
  /**
   * The version to serve, or undefined (406): the highest served in [x-min-v, x-v], x-min-v ignored unless below x-v.
   */
  negotiate(xv: number, xminv: number | undefined, served: readonly number[]): number | undefined;
  /** The x-fapi-interaction-id to return: the one sent, or a fresh one. */
  interactionId(sent: string | undefined, status: number, fresh: string): string | undefined;
  validEffective(value: string): boolean;
  validCategory(value: string): boolean;
  validDateTime(value: string): boolean;
  validPageNumber(value: string): boolean;
  /** Whether a page-size (a positive integer) is served; the reference serves 1 to 1000. */
  pageSizeServed(size: number): boolean;
  /** The effective filter when the request gives none. */
  defaultEffective: string;
  defaultPage: number;
  defaultPageSize: number;
  matchesEffective(item: Record<string, unknown>, effective: string, now: number): boolean;
  matchesUpdatedSince(item: Record<string, unknown>, since: string): boolean;
  matchesBrand(item: Record<string, unknown>, brand: string): boolean;
  matchesCategory(item: Record<string, unknown>, category: string): boolean;
  /** Applies the filters of a request (a mutant may drop one when they combine). */
  applyFilters(
    items: readonly Record<string, unknown>[],
    request: ListRequest,
    now: number,
    behaviour: CdrBehaviour,
  ): Record<string, unknown>[];
  /** The status a page past the last gets (0: answered as an empty page). */
  pastLastStatus: number;
  totalPages(total: number, pageSize: number): number;
  /** The products of a page. */
  pageItems(
    items: readonly Record<string, unknown>[],
    plan: PagePlan,
    query: URLSearchParams,
  ): Record<string, unknown>[];
  /** The links of a page: `urlFor(page)` is the request's URL naming another page. */
  links(plan: PagePlan, urlFor: (page: number) => string): Record<string, string>;
  /** meta of a list page. */
  listMeta(plan: PagePlan, shown: number): Record<string, unknown>;
  /** meta of the detail and status responses (the standard's Meta: an empty object). */
  recordMeta(operation: 'detail' | 'status'): unknown;
  /** A list item as served on a list page. */
  listRecord(item: Record<string, unknown>, index: number): Record<string, unknown>;
  /** A detail record as served. */
  detailRecord(
    item: Record<string, unknown>,
    detailOnly: Record<string, unknown>,
    index: number,
  ): Record<string, unknown>;
  /**
   * A record as served at the negotiated version (after the version's shape is applied): a version-specific mutant
   * changes it.
   */
  servedRecord(
    record: Record<string, unknown>,
    kind: 'list' | 'detail',
    version: number,
    index: number,
  ): Record<string, unknown>;
  /** The x-v response header for the version served (undefined: none sent). */
  versionHeader(operation: CdrOperation, version: number): string | undefined;
  /** links of a detail response. */
  detailLinks(self: string): Record<string, string>;
  /** The status of a product id the reference does not have. */
  unknownProductStatus: number;
  /** The data of the status operation for a status value. */
  statusData(status: ServiceStatus, now: number): Record<string, unknown>;
  /** An error body as written (a mutant may drop or change a field). */
  errorItem(error: ErrorItem): ErrorItem | Record<string, unknown>;
  /** The Content-Type of an answer of this status (the standard: application/json). */
  contentType(status: number): string;
}

const positiveInteger = /^[1-9]\d*$/;
const rfc3339 = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/i;

/** An RFC 3339 date-time whose day exists in its month (Date.parse alone takes February 30). */
function isRfc3339(value: string): boolean {
  const match = rfc3339.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
}
const hour = 3_600_000;
const time = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);

export const referenceBehaviour: CdrBehaviour = {
  served: (operation, versions) => versions[operation],
  validXv: (value) => value !== undefined && positiveInteger.test(value),
  validXminv: (value) => positiveInteger.test(value),
  negotiate: (xv, xminv, served) => {
    const low = xminv !== undefined && xminv < xv ? xminv : xv;
    const candidates = served.filter((version) => version >= low && version <= xv);
    return candidates.length > 0 ? Math.max(...candidates) : undefined;
  },
  interactionId: (sent, _status, fresh) => sent ?? fresh,
  validEffective: (value) => (effectiveValues as readonly string[]).includes(value),
  validCategory: (value) => (productCategories as readonly string[]).includes(value),
  validDateTime: isRfc3339,
  validPageNumber: (value) => positiveInteger.test(value),
  pageSizeServed: (size) => size <= maxPageSize,
  defaultEffective: 'CURRENT',
  defaultPage,
  defaultPageSize,
  matchesEffective: (item, effective, now) => {
    if (effective === 'ALL') return true;
    const from = time(item.effectiveFrom);
    const to = time(item.effectiveTo);
    if (effective === 'FUTURE') return from > now;
    return !(from > now) && !(to <= now);
  },
  matchesUpdatedSince: (item, since) => time(item.lastUpdated) > Date.parse(since),
  matchesBrand: (item, brand) => item.brand === brand,
  matchesCategory: (item, category) => item.productCategory === category,
  applyFilters: (items, request, now, behaviour) =>
    items.filter(
      (item) =>
        behaviour.matchesEffective(item, request.effective ?? behaviour.defaultEffective, now) &&
        (request.updatedSince === undefined || behaviour.matchesUpdatedSince(item, request.updatedSince)) &&
        (request.brand === undefined || behaviour.matchesBrand(item, request.brand)) &&
        (request.productCategory === undefined || behaviour.matchesCategory(item, request.productCategory)),
    ),
  pastLastStatus: 422,
  totalPages: (total, pageSize) => Math.ceil(total / pageSize),
  pageItems: (items, { page, pageSize }) => items.slice((page - 1) * pageSize, page * pageSize),
  links: ({ page, totalPages }, urlFor) => ({
    self: urlFor(page),
    ...(page > 1 ? { first: urlFor(1), prev: urlFor(page - 1) } : {}),
    ...(page < totalPages ? { next: urlFor(page + 1), last: urlFor(totalPages) } : {}),
  }),
  // MetaPaginated of the standard: NaturalNumber totals (document 3 shows strings; both are accepted).
  listMeta: ({ total, totalPages }) => ({ totalRecords: total, totalPages }),
  recordMeta: () => ({}),
  listRecord: (item) => item,
  detailRecord: (item, detailOnly) => ({ ...item, ...detailOnly }),
  servedRecord: (record) => record,
  versionHeader: (_operation, version) => String(version),
  detailLinks: (self) => ({ self }),
  unknownProductStatus: 404,
  statusData: (status, now) => {
    const updateTime = new Date(now - hour).toISOString();
    if (status === 'OK') return { status, updateTime };
    const failing = status === 'PARTIAL_FAILURE' || status === 'UNAVAILABLE';
    return {
      status,
      updateTime,
      explanation: failing
        ? 'The product catalogue is answering slowly'
        : 'Planned maintenance of the product catalogue',
      ...(failing ? { detectionTime: new Date(now - 2 * hour).toISOString() } : {}),
      expectedResolutionTime: new Date(now + 2 * hour).toISOString(),
    };
  },
  errorItem: (error) => error,
  contentType: () => 'application/json; charset=utf-8',
};
