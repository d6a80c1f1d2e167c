import type { PageRequest } from '../../../rules/custody/endpoints.ts';
import { type CustodySection, type ListingSettings, listingSettingsOf } from '../entry/section.ts';
import type { ClientSettings } from '../../../targets/schema.ts';
import type { CircuitBreaker } from '../../../client/circuit-breaker.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { bearerSigner, type BearerAuth } from '../../../client/bearer-signer.ts';
import { familyHttpClient } from '../../../client/family-http-client.ts';
import { SignedHttpClient } from '../../../client/request-signer.ts';
import type { Redactor } from '../../../core/redaction.ts';

/** How a custody request authenticates: the target entry's token, none, or a literal Authorization value. */
export type CustodyAuth = BearerAuth;

export interface PageQuery {
  /** One of the enum; another string only where a rule sends a value outside it on purpose. */
  pageRequest: PageRequest | OffEnumPageRequest;
  pageSize?: number;
  /** The token exactly as the server gave it; the client only percent-encodes it. */
  currentPage?: string;
}

/** A cursor.pageRequest outside its enum, sent to see it refused (custody.cursor.page-request-enum). */
export interface OffEnumPageRequest {
  readonly offEnum: string;
}

/** The query string of a page request; `+`, `/` and `=` of a token are percent-encoded. The prefix is the listing's. */
export function pageQueryString(query: PageQuery, prefix: ListingSettings['cursorPrefix'] = 'cursor.'): string {
  const request = typeof query.pageRequest === 'string' ? query.pageRequest : query.pageRequest.offEnum;
  const parts = [`${prefix}pageRequest=${encodeURIComponent(request)}`];
  if (query.pageSize !== undefined) parts.push(`${prefix}pageSize=${query.pageSize}`);
  if (query.currentPage !== undefined) parts.push(`${prefix}currentPage=${encodeURIComponent(query.currentPage)}`);
  return parts.join('&');
}

/** The harness's client for one custody target; the bearer token is registered with the redactor. */
export class CustodyClient {
  readonly #http: SignedHttpClient<CustodyAuth>;

  constructor(
    readonly section: CustodySection,
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

  /** A path template with its {tagID} / {id} filled from the target entry. */
  resolve(template: string): string {
    return (
      this.section.baseUrl +
      template
        .replace('{tagID}', encodeURIComponent(this.section.tagId))
        .replace('{id}', encodeURIComponent(this.section.contractInstanceId))
    );
  }

  /** The settings of a listing (its items key, cursor prefix, result kind, where an error's code is). */
  listing(template: string): ListingSettings {
    return listingSettingsOf(this.section, template);
  }

  page(template: string, query: PageQuery, auth: CustodyAuth = 'token'): Promise<Exchange> {
    return this.#http.send(
      {
        method: 'GET',
        url: `${this.resolve(template)}?${pageQueryString(query, this.listing(template).cursorPrefix)}`,
      },
      auth,
    );
  }

  upgrade(body: unknown, auth: CustodyAuth = 'token'): Promise<Exchange> {
    return this.#http.send(
      {
        method: 'POST',
        url: this.resolve('/api/rest/v1/capital/contract-instances/{id}/evm/upgrade-proxy'),
        json: body,
      },
      auth,
    );
  }

  close(): Promise<void> {
    return this.#http.close();
  }
}
