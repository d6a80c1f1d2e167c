import type { BillingAdapter } from '../../../rules/billing/adapters/adapter.ts';
import type { TokenRequestParts } from '../../../rules/billing/token-request-parts.ts';
import { type BillingOperation, billingOperations } from '../../../rules/billing/operations.ts';
import { entityHeaderRequired, type TenantMode } from '../../../rules/billing/tenant-mode.ts';
import type { BillingCredentials } from '../entry/section.ts';
import type { ClientSettings } from '../../../targets/schema.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import type { CircuitBreaker } from '../../../client/circuit-breaker.ts';
import { bearerSigner, type BearerAuth } from '../../../client/bearer-signer.ts';
import { familyHttpClient } from '../../../client/family-http-client.ts';
import type { HttpClient } from '../../../client/http-client.ts';
import { SignedHttpClient } from '../../../client/request-signer.ts';
import type { Redactor } from '../../../core/redaction.ts';
import type { IssuedToken } from '../../../client/token-cache.ts';
import { Pacer, sendWithBackoff } from '../../../client/token-endpoint-pacer.ts';
import type { RefusalDiagnosis, SingleUseProbe } from './refusal-diagnosis.ts';
import { type BillingTokenSession, LocalTokenSession, TokenUnavailableError } from './token-session.ts';

export { TokenUnavailableError } from './token-session.ts';

export const headerNames = {
  trackId: 'Svc-Track-Id',
  entityIds: 'Svc-Entity-Ids',
  orgIds: 'Svc-Org-Ids',
  idempotencyKey: 'Idempotency-Key',
} as const;

/** How a catalog request authenticates: the cached token, none at all, or a literal Authorization value. */
export type CatalogAuth = BearerAuth;

export interface CatalogRequest {
  json?: unknown;
  /** A raw body instead of JSON (malformed-body probes). */
  rawBody?: string | Uint8Array;
  headers?: Record<string, string>;
  /** Default 'token'. */
  auth?: CatalogAuth;
  /** Add the tenant's Svc-Entity-Ids / Svc-Org-Ids as the target entry declares them. Default true. */
  scopeHeaders?: boolean;
  gzipBody?: boolean;
  acceptGzip?: boolean;
  /** The request judges whether the session token can be reused, so a 401 is its verdict, never a block. */
  judgesTokenReuse?: boolean;
}

export interface BillingClientOptions {
  baseUrl: string;
  credentials: BillingCredentials;
  tenant: TenantMode;
  adapter: BillingAdapter;
  settings: ClientSettings;
  redactor: Redactor;
  /** The family's circuit breaker for the run. Default: none (every exchange is sent). */
  breaker?: CircuitBreaker;
  /** Least time between two token requests of a session this client owns, in ms. Default 50. */
  tokenMinIntervalMs?: number;
  /** The run's shared token session (from the session broker); default: a session this client owns. */
  tokenSession?: BillingTokenSession;
  /**
   * Explains a 401 to the session's token (the suites pass suites/billing/checks/single-use-token.ts). Default: none, the 401
   * stands.
   */
  diagnoseRefusal?: (probe: SingleUseProbe) => RefusalDiagnosis;
}

/** The harmless request that tells whether a fresh token works once only: a query of a charge nobody made. */
const probeOperation = billingOperations.queryCharge;
const probeChargeId = '00000000-0000-4000-8000-000000000000';

/** The Svc-Track-Id the session's own token request carries, so its echo can be judged too. */
export const sessionTrackId = 'harness-session-token';

/**
 * The harness's client for one billing target. It obeys the caller rules of the billing document: it
 * sends only the allowed headers to the token operation, uses the session's one token until it expires,
 * spaces token requests and slows down when it receives 429 ("Rules for the token operation").
 */
export class BillingClient {
  readonly adapter: BillingAdapter;
  readonly tenant: TenantMode;
  readonly tokenSession: BillingTokenSession;
  private readonly http: HttpClient;
  private readonly signed: SignedHttpClient<CatalogAuth>;
  private readonly catalogPacer = new Pacer({ minIntervalMs: 0 });
  private readonly refusals: RefusalDiagnosis | undefined;

  constructor(private readonly options: BillingClientOptions) {
    this.adapter = options.adapter;
    this.tenant = options.tenant;
    this.http = familyHttpClient(options.settings, options.breaker, Math.max(8, options.settings.concurrency * 2));
    this.signed = new SignedHttpClient(
      this.http,
      bearerSigner(() => this.token()),
    );
    options.redactor.addSecret(options.credentials.clientSecret);
    this.tokenSession =
      options.tokenSession ??
      new LocalTokenSession({
        minIntervalMs: options.tokenMinIntervalMs ?? 50,
        requestToken: () => this.sendTokenRequest(this.sessionTokenRequest()),
        readToken: (exchange) => this.readToken(exchange),
      });
    this.refusals = options.diagnoseRefusal?.({
      freshToken: async () => this.readToken(await this.sendTokenRequest(this.validTokenRequest())).accessToken,
      probe: (token) =>
        this.send(probeOperation, {
          json: this.adapter.queryChargeBody(probeChargeId, {}),
          auth: { authorization: `Bearer ${token}` },
        }),
    });
  }

  url(path: string): string {
    return this.options.baseUrl.replace(/\/+$/, '') + path;
  }

  /** The token request the document calls valid, with the tenant's entity where tokens are per entity. */
  validTokenRequest(): TokenRequestParts {
    const headers: Record<string, string> = {};
    const entityId = this.tenant.entityIds[0];
    if (this.tenant.multiEntity && this.tenant.tokenEntityScope === 'single' && entityId)
      headers[headerNames.entityIds] = entityId;
    return {
      body: {
        client_id: this.options.credentials.clientId,
        client_secret: this.options.credentials.clientSecret,
        grant_type: 'client_credentials',
      },
      headers,
    };
  }

  /** The valid token request that opens the session, with a Svc-Track-Id whose echo the track-id rule judges. */
  sessionTokenRequest(): TokenRequestParts {
    const parts = this.validTokenRequest();
    return { ...parts, headers: { ...parts.headers, [headerNames.trackId]: sessionTrackId } };
  }

  /** A token request, spaced from the session's previous one and retried after 429 as Retry-After asks. */
  sendTokenRequest(parts: TokenRequestParts): Promise<Exchange> {
    return sendWithBackoff(() => this.sendTokenRequestNow(parts), { pacer: this.tokenSession.tokenPacer });
  }

  /** A token request sent at once: only the rate-limit probe uses this. */
  sendTokenRequestNow(parts: TokenRequestParts): Promise<Exchange> {
    return this.http.send({ method: 'POST', url: this.url('/oauth/token'), headers: parts.headers, json: parts.body });
  }

  /** Lets the token endpoint recover after the probe made it answer 429. */
  pauseTokenRequests(ms: number): void {
    this.tokenSession.tokenPacer.pauseFor(ms);
  }

  /** The session's bearer token; a new one only when it is about to expire. */
  async token(): Promise<string> {
    const token = await this.tokenSession.token();
    this.options.redactor.addSecret(token);
    return token;
  }

  /** Svc-Entity-Ids and Svc-Org-Ids as the tenant's mode asks for on catalog operations. */
  scopeHeaders(): Record<string, string> {
    const entityId = this.tenant.entityIds[0];
    return entityHeaderRequired(this.tenant) && entityId ? { [headerNames.entityIds]: entityId } : {};
  }

  async send(operation: BillingOperation, request: CatalogRequest = {}): Promise<Exchange> {
    const headers: Record<string, string> = {
      ...(request.scopeHeaders === false ? {} : this.scopeHeaders()),
      ...(request.acceptGzip ? { 'Accept-Encoding': 'gzip' } : {}),
      ...request.headers,
    };
    const body = request.rawBody === undefined ? { json: request.json ?? {} } : { body: request.rawBody };
    const labelled =
      request.rawBody === undefined || Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
    const unsigned = {
      method: operation.method,
      url: this.url(operation.path),
      headers,
      ...body,
      gzipBody: request.gzipBody ?? false,
    };
    // Signed once: a request waited out after a 429 goes again with the same token.
    const signed = await this.signed.sign(
      unsigned,
      request.auth ?? 'token',
      labelled ? undefined : { 'Content-Type': 'application/json' },
    );
    const send = () => this.http.send(signed);
    // Concurrency limits of catalog operations are not shown; a 429 there is waited out, not judged.
    const exchange = await sendWithBackoff(send, { pacer: this.catalogPacer, maxAttempts: 3 });
    if ((request.auth ?? 'token') === 'token' && !request.judgesTokenReuse) {
      const blocked = await this.refusals?.blockFor(exchange);
      if (blocked) throw blocked;
    }
    return exchange;
  }

  async close(): Promise<void> {
    await this.http.close();
  }

  /** The token in a token response, or why there is none; a 2xx is enough to use it (its rule judges the status). */
  private readToken(exchange: Exchange): IssuedToken {
    const status = exchange.response?.status;
    if (exchange.error || !exchange.response || status === undefined || status < 200 || status > 299) {
      throw new TokenUnavailableError(
        `The target did not issue a token: ${exchange.error?.code ?? `status ${status}`}`,
        exchange,
      );
    }
    let token: IssuedToken;
    try {
      const parsed = this.adapter.parseTokenResponse(exchange.response.json());
      token = parsed.expiresInSeconds === undefined ? { accessToken: parsed.accessToken } : parsed;
    } catch (error) {
      throw new TokenUnavailableError(
        `The target's token response could not be read: ${(error as Error).message}`,
        exchange,
      );
    }
    this.options.redactor.addSecret(token.accessToken);
    return token;
  }
}
