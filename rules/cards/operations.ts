/**
 * The operations of part B ("Endpoints", B) with the statuses each answers: its success statuses and the
 * error statuses of its row in "Errors" (GET authorizationnotifications has no row: its errors are not shown).
 */
export interface CardsOperation {
  name: string;
  method: 'GET' | 'PATCH' | 'DELETE';
  /** Path relative to the card base address; `{id}` is the card, card user or account id. */
  path: string;
  success: readonly number[];
  /** Error statuses of the operation's row, or undefined when the document shows none. */
  errors: readonly number[] | undefined;
  /** Which kind of id the operation is addressed by, if any. */
  idKind?: 'card' | 'cardUser' | 'account';
  /** Whether the id travels in the query (cardId of GET authorizations) rather than the path. */
  idInQuery?: string;
}

export const cardsOperations = {
  getCard: {
    name: 'GET card',
    method: 'GET',
    path: '/cards/{id}',
    success: [200],
    errors: [400, 401, 403, 404, 500, 503],
    idKind: 'card',
  },
  patchCard: {
    name: 'PATCH card',
    method: 'PATCH',
    path: '/cards/{id}',
    success: [200],
    errors: [400, 401, 404, 500, 504],
    idKind: 'card',
  },
  getTransactions: {
    name: 'GET transactions',
    method: 'GET',
    path: '/transactions',
    success: [200, 206],
    errors: [400, 401, 403, 404, 500, 503],
  },
  getCardUser: {
    name: 'GET card user',
    method: 'GET',
    path: '/cardusers/{id}',
    success: [200],
    errors: [400, 401, 403, 404, 500, 503],
    idKind: 'cardUser',
  },
  getAuthorizations: {
    name: 'GET authorizations',
    method: 'GET',
    path: '/authorizations',
    success: [200],
    errors: [400, 401, 403, 404, 500],
    idKind: 'card',
    idInQuery: 'cardId',
  },
  deleteAccount: {
    name: 'DELETE account',
    method: 'DELETE',
    path: '/accounts/{id}',
    success: [200],
    errors: [400, 401, 403, 404, 500, 503],
    idKind: 'account',
  },
  getAuthorizationNotification: {
    name: 'GET authorizationnotifications',
    method: 'GET',
    path: '/authorizationnotifications',
    success: [200],
    errors: undefined,
  },
} as const satisfies Record<string, CardsOperation>;

export type CardsOperationName = keyof typeof cardsOperations;

/** Statuses an operation may answer: its successes and its row's errors, or undefined when not shown. */
export function documentedStatuses(operation: CardsOperation): readonly number[] | undefined {
  return operation.errors === undefined ? undefined : [...operation.success, ...operation.errors];
}

/** 400 answers of these operations use the errorCode shape instead of `errors` ("Errors", B: the exception). */
export const errorCodeShapedBadRequest: readonly string[] = [cardsOperations.deleteAccount.name];
/** 400 answers of these operations may leave every field of an `errors` item out. */
export const optionalBadRequestItemFields: readonly string[] = [cardsOperations.getTransactions.name];

/**
 * Statuses of an operation's row that answer a request without valid authentication: 401, and 403 where the
 * row lists it (GET card and GET card user say "403 (unauthenticated)"; GET transactions, GET authorizations
 * and DELETE account list 403 too). Undefined where the operation has no row.
 */
export function unauthenticatedStatuses(operation: CardsOperation): readonly number[] | undefined {
  return operation.errors?.filter((status) => status === 401 || status === 403);
}

/**
 * Statuses that answer a well-formed id that does not exist. In the path: 404, the resource addressed is not
 * found. In the query or a body (GET authorizations, PATCH card's cardUserId): the request names something absent,
 * and the document lists both 400 and 404 without saying which; either is met. GET transactions' optional cardId and
 * accountId filters may also be answered with a page without transactions (suites/cards/checks/id-refused.ts).
 */
export function unknownIdStatuses(operation: CardsOperation, where: 'path' | 'query' | 'body'): readonly number[] {
  return where === 'path' ? [404] : [400, 404].filter((status) => operation.errors?.includes(status));
}

/** Statuses that answer an id that cannot be one: the document gives ids no format, so 400 or 404, both listed. */
export function malformedIdStatuses(operation: CardsOperation): readonly number[] {
  return [400, 404].filter((status) => operation.errors?.includes(status));
}

/**
 * Where an operation of `addressedBy` carries its id: the path, or the query (GET transactions, GET authorizations).
 */
export function idPlace(operation: CardsOperation): 'path' | 'query' {
  return operation.idKind !== undefined && operation.idInQuery === undefined ? 'path' : 'query';
}
