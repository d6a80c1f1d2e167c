import { randomUUID } from 'node:crypto';
import { loyaltyOperations, type LoyaltyOperation } from '../../../rules/loyalty/records.ts';
import type { LoyaltySection } from '../entry/section.ts';
import type { ClientSettings } from '../../../targets/schema.ts';
import type { CircuitBreaker } from '../../../client/circuit-breaker.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { familyHttpClient } from '../../../client/family-http-client.ts';
import type { Redactor } from '../../../core/redaction.ts';
import { SignedHttpClient } from '../../../client/request-signer.ts';
import { loyaltyAuthorization, loyaltySigner, macInputOf, type LoyaltyAuth } from './mac-signer.ts';

export type { LoyaltyAuth, MacOverrides } from './mac-signer.ts';

export interface LoyaltyRequest {
  operation: LoyaltyOperation;
  body: unknown;
  auth?: LoyaltyAuth;
  /**
   * Header changes: a string sets the header, null leaves it out (X-NET-API-KEY, correlation_id, sender, keyname
   * included).
   */
  headers?: Readonly<Record<string, string | null>>;
}

/**
 * The harness's client for one loyalty target. Every request carries X-NET-API-KEY, correlation_id and, on
 * subscribe and transfer, sender and keyname; Authorization is the MAC form (signed per the entry's recipe,
 * a fresh nonce and the current ts) or the bearer. API key, MAC secret and token are registered with the redactor.
 */
export class LoyaltyClient {
  readonly #http: SignedHttpClient<LoyaltyAuth>;

  constructor(
    readonly section: LoyaltySection,
    settings: ClientSettings,
    redactor: Redactor,
    /** The family's circuit breaker for the run. Default: none (every exchange is sent). */
    breaker?: CircuitBreaker,
  ) {
    this.#http = new SignedHttpClient(familyHttpClient(settings, breaker), loyaltySigner(section));
    redactor.addSecret(section.apiKey);
    if (section.mac) redactor.addSecret(section.mac.secret);
    if (section.bearerToken) redactor.addSecret(section.bearerToken);
  }

  /** The form the valid requests use: MAC when the entry gives it, else bearer. */
  get defaultAuth(): 'mac' | 'bearer' {
    return this.section.mac ? 'mac' : 'bearer';
  }

  urlOf(operation: LoyaltyOperation): string {
    return this.section.baseUrl + loyaltyOperations[operation];
  }

  /** The headers a request of an operation carries besides its correlation_id and Authorization (fresh per request). */
  headersFor(operation: LoyaltyOperation): Record<string, string> {
    return {
      'content-type': 'application/json',
      'X-NET-API-KEY': this.section.apiKey,
      ...(operation === 'notify' ? {} : { sender: this.section.sender, keyname: this.section.keyname }),
    };
  }

  /** Authorization in the entry's default form for a POST as it goes on the wire, with a fresh ts and nonce. */
  freshAuthorization(url: string, body: string): string {
    return loyaltyAuthorization(this.section, this.defaultAuth, macInputOf('POST', url, body)) as string;
  }

  send(request: LoyaltyRequest): Promise<Exchange> {
    const headers = { ...this.headersFor(request.operation), correlation_id: randomUUID() };
    const sent = { method: 'POST', url: this.urlOf(request.operation), body: JSON.stringify(request.body), headers };
    return this.#http.send(sent, request.auth ?? this.defaultAuth, request.headers);
  }

  close(): Promise<void> {
    return this.#http.close();
  }
}
