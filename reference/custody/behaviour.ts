import type { PageRequest } from '../../rules/custody/endpoints.ts';

/** A page the reference is about to answer: which items, which flags. */
export interface PagePlan {
  items: readonly unknown[];
  offset: number;
  pageSize: number;
  total: number;
  request: PageRequest;
}

/**
 * The points of the custody reference a mutant may replace, each the behaviour of one rule.
 */
export interface CustodyBehaviour {
  /** The query parameters of a request URL (percent-decoded). */
  readQuery(rawQuery: string): URLSearchParams;
  /** The page request a cursor.pageRequest outside the enum is read as; undefined: refused (400). */
  offEnumPageRequest(value: string): PageRequest | undefined;
  /** Whether a page request must carry cursor.currentPage. */
  needsToken(request: PageRequest): boolean;
  pageSizeAccepted(size: number): boolean;
  /** The items of the page that starts at `offset`. */
  pageItems(plan: PagePlan): readonly unknown[];
  flags(plan: PagePlan): { hasNext: boolean; hasPrevious: boolean };
  /** The offset a NEXT moves to (a mutant may stay on the last page). */
  nextOffset(offset: number, pageSize: number, total: number): number;
  /** Whether NEXT from the page holding the last items moves past it, to an empty page (the reference stays there). */
  nextPastLastPage: boolean;
  /** The page size LAST uses (a mutant may take it from elsewhere). */
  lastPageSize(requested: number, sizeOfLatestFirst: number | undefined): number;
  /** Whether the token's HMAC is verified. */
  verifyMac: boolean;
  /** Whether only the exact encoding issued is accepted (not base64url, not without padding). */
  strictTokenEncoding: boolean;
  /** Whether a token from another endpoint is accepted. */
  acceptsOtherEndpoint: boolean;
  /** Whether the bearer token is required on this operation path. */
  authRequired(path: string): boolean;
  /** Whether an Authorization value carries the issued token. */
  bearerAccepted(authorization: string, token: string): boolean;
  /** Whether a value of an upgrade field is acceptable. */
  upgradeValueAccepted(value: unknown): boolean;
  /** The `result` of an accepted upgrade. */
  upgradeResult(id: string, body: Record<string, unknown>): unknown;
}

export const referenceBehaviour: CustodyBehaviour = {
  readQuery: (rawQuery) => new URLSearchParams(rawQuery),
  offEnumPageRequest: () => undefined,
  needsToken: (request) => request === 'NEXT' || request === 'PREVIOUS',
  pageSizeAccepted: (size) => Number.isInteger(size) && size >= 1 && size <= 1000,
  pageItems: ({ items, offset, pageSize }) => items.slice(offset, offset + pageSize),
  flags: ({ offset, pageSize, total }) => ({ hasPrevious: offset > 0, hasNext: offset + pageSize < total }),
  nextOffset: (offset, pageSize) => offset + pageSize,
  nextPastLastPage: false,
  lastPageSize: (requested) => requested,
  verifyMac: true,
  strictTokenEncoding: true,
  acceptsOtherEndpoint: false,
  authRequired: () => true,
  bearerAccepted: (authorization, token) => authorization === `Bearer ${token}`,
  upgradeValueAccepted: (value) => typeof value === 'string',
  upgradeResult: (id, body) => ({ contractInstanceId: id, status: 'SUBMITTED', fields: Object.keys(body).sort() }),
};
