import type { CardsOperation } from '../../../rules/cards/operations.ts';
import { cardsOperations } from '../../../rules/cards/operations.ts';
import type { CardsSection } from '../entry/section.ts';
import type { ClientSettings } from '../../../targets/schema.ts';
import type { CircuitBreaker } from '../../../client/circuit-breaker.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { bearerSigner, type BearerAuth } from '../../../client/bearer-signer.ts';
import { familyHttpClient } from '../../../client/family-http-client.ts';
import { SignedHttpClient } from '../../../client/request-signer.ts';
import type { Redactor } from '../../../core/redaction.ts';
import { outsideScope } from '../../../client/url-scope.ts';

/** How a cards request authenticates: the target entry's token, none, or a literal Authorization value. */
export type CardsAuth = BearerAuth;

/** Query parameters of GET transactions; undefined ones are left out. */
export type TransactionsQuery = Partial<
  Record<'cardId' | 'accountId' | 'pageSize' | 'pageNumber' | 'startDate' | 'endDate', string | number>
>;

export function queryString(query: Record<string, string | number | undefined>): string {
  const parts = Object.entries(query)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The harness's client for one card-on-demand target; the bearer token is registered with the redactor. */
export class CardsClient {
  readonly #http: SignedHttpClient<CardsAuth>;

  constructor(
    readonly section: CardsSection,
    settings: ClientSettings,
    redactor: Redactor,
    /** The family's circuit breaker for the run. Default: none (every exchange is sent). */
    breaker?: CircuitBreaker,
  ) {
    this.#http = new SignedHttpClient(
      familyHttpClient(settings, breaker),
      bearerSigner(() => section.token),
    );
    redactor.addSecret(section.token);
  }

  /** The URL of an operation addressed by `id` (in its path, or in its query for GET authorizations). */
  urlOf(operation: CardsOperation, id?: string): string {
    const path = operation.path.replace('{id}', encodeURIComponent(id ?? ''));
    const query =
      'idInQuery' in operation && operation.idInQuery && id !== undefined
        ? queryString({ [operation.idInQuery]: id })
        : '';
    return `${this.section.baseUrl}${path}${query}`;
  }

  /** Any operation, addressed by `id`, with an optional JSON body: what the error and auth rules send. */
  send(
    operation: CardsOperation,
    id: string | undefined,
    auth: CardsAuth = 'token',
    body?: unknown,
  ): Promise<Exchange> {
    return this.#http.send(
      { method: operation.method, url: this.urlOf(operation, id), ...(body === undefined ? {} : { json: body }) },
      auth,
    );
  }

  getCard(cardId: string, auth: CardsAuth = 'token'): Promise<Exchange> {
    return this.send(cardsOperations.getCard, cardId, auth);
  }

  /** PATCH card: the body as given (cardUserId, digitalWalletProvisionable, or a deliberately wrong one). */
  patchCard(cardId: string, body: unknown, auth: CardsAuth = 'token'): Promise<Exchange> {
    return this.send(cardsOperations.patchCard, cardId, auth, body);
  }

  getCardUser(cardUserId: string, auth: CardsAuth = 'token'): Promise<Exchange> {
    return this.send(cardsOperations.getCardUser, cardUserId, auth);
  }

  getTransactions(query: TransactionsQuery, auth: CardsAuth = 'token'): Promise<Exchange> {
    return this.#http.send(
      { method: 'GET', url: `${this.section.baseUrl}${cardsOperations.getTransactions.path}${queryString(query)}` },
      auth,
    );
  }

  /**
   * A pagination link as the target gave it, resolved against the transactions URL when relative; undefined when it is
   * no URL.
   */
  linkUrl(link: string): string | undefined {
    const base = `${this.section.baseUrl}${cardsOperations.getTransactions.path}`;
    return URL.canParse(link, base) ? new URL(link, base).href : undefined;
  }

  /**
   * Why a link may not be requested (off the base URL and followOrigins, or no URL), in words; undefined when it may.
   */
  linkOutside(link: string): string | undefined {
    const url = this.linkUrl(link);
    if (url === undefined) return `"${link}" is not a URL`;
    return outsideScope(url, { baseUrl: this.section.baseUrl, followOrigins: this.section.followOrigins });
  }

  /** GET of a pagination link exactly as the target gave it; a link outside the target is never requested. */
  follow(link: string, auth: CardsAuth = 'token'): Promise<Exchange> {
    const outside = this.linkOutside(link);
    // Callers judge scope first; this guard only keeps a forgotten check from sending the request.
    if (outside !== undefined)
      return Promise.reject(new Error(`refused to follow a link outside the target: ${outside}`));
    return this.#http.send({ method: 'GET', url: this.linkUrl(link) as string }, auth);
  }

  getAuthorizations(cardId: string, auth: CardsAuth = 'token'): Promise<Exchange> {
    return this.send(cardsOperations.getAuthorizations, cardId, auth);
  }

  deleteAccount(accountId: string, auth: CardsAuth = 'token'): Promise<Exchange> {
    return this.send(cardsOperations.deleteAccount, accountId, auth);
  }

  getAuthorizationNotification(auth: CardsAuth = 'token'): Promise<Exchange> {
    return this.send(cardsOperations.getAuthorizationNotification, undefined, auth);
  }

  close(): Promise<void> {
    return this.#http.close();
  }
}
