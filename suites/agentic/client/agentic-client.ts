import { randomUUID } from 'node:crypto';
import type { CryptoKey } from 'jose';
import { notificationsPath } from '../../../rules/agentic/records.ts';
import type { AgenticSection } from '../entry/section.ts';
import type { ClientSettings } from '../../../targets/schema.ts';
import type { CircuitBreaker } from '../../../client/circuit-breaker.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { bearerAuthorization, bearerSigner, type BearerAuth } from '../../../client/bearer-signer.ts';
import { familyHttpClient } from '../../../client/family-http-client.ts';
import { SignedHttpClient } from '../../../client/request-signer.ts';
import type { Redactor } from '../../../core/redaction.ts';
import { encryptCompact, importPublicKey } from './jwe.ts';

/** How a notification authenticates: the entry's token, none, or a literal Authorization value. */
export type AgenticAuth = BearerAuth;

export interface NotifyOptions {
  auth?: AgenticAuth;
  /** Header changes: a string sets the header, null leaves it out (trackingId and agentId included). */
  headers?: Readonly<Record<string, string | null>>;
}

/** The agentId the harness announces itself with. */
export const harnessAgentId = 'conformance-harness';

/**
 * The harness playing the card network towards one partner: it encrypts payloads to the partner's key (the
 * entry's algorithms) and sends them with bearer, a fresh trackingId and agentId. The token is registered with
 * the redactor.
 */
export class AgenticClient {
  readonly #http: SignedHttpClient<AgenticAuth>;
  #key: Promise<CryptoKey> | undefined;

  constructor(
    readonly section: AgenticSection,
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

  /** The payload as JSON text, JWE-encrypted to the partner's key (or to `key`). */
  async encrypt(payload: unknown, key?: CryptoKey): Promise<string> {
    this.#key ??= importPublicKey(this.section.encryption);
    return encryptCompact(
      typeof payload === 'string' ? payload : JSON.stringify(payload),
      key ?? (await this.#key),
      this.section.encryption,
    );
  }

  /** Sends a payload encrypted to the partner's key. */
  async notify(payload: unknown, options: NotifyOptions = {}): Promise<Exchange> {
    return this.sendJwe(await this.encrypt(payload), options);
  }

  /** Sends a compact JWE as the entry says (as it is, or inside a JSON field). */
  sendJwe(jwe: string, options: NotifyOptions = {}): Promise<Exchange> {
    const { body, contentType } = this.wireBody(jwe);
    return this.sendRaw(body, contentType, options);
  }

  /** A compact JWE as the entry says to send it: as it is (application/jose), or inside the JSON field it names. */
  wireBody(jwe: string): { body: string; contentType: string } {
    const field = this.section.encryption.bodyField;
    return field
      ? { body: JSON.stringify({ [field]: jwe }), contentType: 'application/json' }
      : { body: jwe, contentType: 'application/jose' };
  }

  /** The headers every notification carries but its trackingId (fresh per request): content type, agentId, auth. */
  headersFor(contentType: string, auth: AgenticAuth = 'token'): Record<string, string> {
    const authorization = bearerAuthorization(auth, this.section.token);
    return {
      ...this.#unsignedHeaders(contentType),
      ...(authorization === undefined ? {} : { Authorization: authorization }),
    };
  }

  /** Sends any body to the notification endpoint. */
  sendRaw(body: string, contentType: string, options: NotifyOptions = {}): Promise<Exchange> {
    const request = {
      method: 'POST',
      url: this.section.baseUrl + notificationsPath,
      body,
      headers: this.#unsignedHeaders(contentType),
    };
    // trackingId is fresh per request and comes after the signature, as the caller's changes do.
    return this.#http.send(request, options.auth ?? 'token', { trackingId: randomUUID(), ...options.headers });
  }

  #unsignedHeaders(contentType: string): Record<string, string> {
    return { 'content-type': contentType, agentId: harnessAgentId };
  }

  close(): Promise<void> {
    return this.#http.close();
  }
}
