import type { BillingAdapter } from '../../adapters/billing/adapter.ts';
import type { TokenRequestParts } from '../../generators/billing/token-request-parts.ts';
import type { BillingOperation } from '../../rules/billing/operations.ts';
import { entityHeaderRequired, type TenantMode } from '../../rules/tenant-mode.ts';
import type { BillingCredentials, ClientSettings } from '../../targets/schema.ts';
import type { Exchange } from '../exchange.ts';
import { HttpClient } from '../http-client.ts';
import type { Redactor } from '../redaction.ts';
import { TokenCache } from '../token-cache.ts';
import { Pacer, sendWithBackoff } from '../token-endpoint-pacer.ts';

export const headerNames = {
  trackId: 'Svc-Track-Id',
  entityIds: 'Svc-Entity-Ids',
  orgIds: 'Svc-Org-Ids',
  idempotencyKey: 'Idempotency-Key',
} as const;

/** How a catalog request authenticates: the cached token, none at all, or a literal Authorization value. */
export type CatalogAuth = 'token' | 'none' | { authorization: string };

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
}

export interface BillingClientOptions {
  baseUrl: string;
  credentials: BillingCredentials;
  tenant: TenantMode;
  adapter: BillingAdapter;
  settings: ClientSettings;
  redactor: Redactor;
}

/**
 * The harness's client for one billing target. It obeys the caller rules of the billing document: it
 * sends only the allowed headers to the token operation, caches the token until it expires, spaces token
 * requests and slows down when it receives 429 ("Rules for the token operation").
 */
export class BillingClient {
  readonly adapter: BillingAdapter;
  readonly tenant: TenantMode;
  private readonly http: HttpClient;
  private readonly tokenPacer: Pacer;
  private readonly catalogPacer = new Pacer({ minIntervalMs: 0 });
  private readonly tokens: TokenCache;

  constructor(private readonly options: BillingClientOptions) {
    this.adapter = options.adapter;
    this.tenant = options.tenant;
    this.http = new HttpClient({
      timeoutMs: options.settings.timeoutMs,
      maxBodyBytes: options.settings.maxBodyBytes,
      connections: Math.max(8, options.settings.concurrency * 2),
    });
    this.tokenPacer = new Pacer({ minIntervalMs: options.settings.tokenMinIntervalMs });
    options.redactor.addSecret(options.credentials.clientSecret);
    this.tokens = new TokenCache({ fetchToken: () => this.issueToken() });
  }

  url(path: string): string {
    return this.options.baseUrl.replace(/\/+$/, '') + path;
  }

  /** The token request the document calls valid, with the tenant's entity where tokens are per entity. */
  validTokenRequest(): TokenRequestParts {
    const headers: Record<string, string> = {};
    const entityId = this.tenant.entityIds[0];
    if (this.tenant.multiEntity && this.tenant.tokenEntityScope === 'single' && entityId) headers[headerNames.entityIds] = entityId;
    return {
      body: { client_id: this.options.credentials.clientId, client_secret: this.options.credentials.clientSecret, grant_type: 'client_credentials' },
      headers,
    };
  }

  /** A token request, spaced from the previous one and retried after 429 as Retry-After asks. */
  sendTokenRequest(parts: TokenRequestParts): Promise<Exchange> {
    return sendWithBackoff(() => this.sendTokenRequestNow(parts), { pacer: this.tokenPacer });
  }

  /** A token request sent at once: only the rate-limit probe uses this. */
  sendTokenRequestNow(parts: TokenRequestParts): Promise<Exchange> {
    return this.http.send({ method: 'POST', url: this.url('/oauth/token'), headers: parts.headers, json: parts.body });
  }

  /** Lets the token endpoint recover after the probe made it answer 429. */
  pauseTokenRequests(ms: number): void {
    this.tokenPacer.pauseFor(ms);
  }

  /** The cached bearer token; a new one only when the cached one is about to expire. */
  token(): Promise<string> {
    return this.tokens.get();
  }

  get tokensIssued(): number {
    return this.tokens.fetchCount;
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
    const authorization = await this.authorization(request.auth ?? 'token');
    if (authorization !== undefined) headers.Authorization = authorization;
    const body = request.rawBody === undefined ? { json: request.json ?? {} } : { body: request.rawBody };
    if (request.rawBody !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
      headers['Content-Type'] = 'application/json';
    }
    const send = () =>
      this.http.send({ method: operation.method, url: this.url(operation.path), headers, ...body, gzipBody: request.gzipBody ?? false });
    // Concurrency limits of catalog operations are not shown; a 429 there is waited out, not judged.
    return sendWithBackoff(send, { pacer: this.catalogPacer, maxAttempts: 3 });
  }

  async close(): Promise<void> {
    await this.http.close();
  }

  private async authorization(auth: CatalogAuth): Promise<string | undefined> {
    if (auth === 'none') return undefined;
    if (auth === 'token') return `Bearer ${await this.token()}`;
    return auth.authorization;
  }

  private async issueToken() {
    const exchange = await this.sendTokenRequest(this.validTokenRequest());
    const status = exchange.response?.status;
    if (exchange.error || status !== 200 || !exchange.response) {
      throw new TokenUnavailableError(`The target did not issue a token: ${exchange.error?.code ?? `status ${status}`}`, exchange);
    }
    let token: ReturnType<BillingAdapter['parseTokenResponse']>;
    try {
      token = this.adapter.parseTokenResponse(exchange.response.json());
    } catch (error) {
      throw new TokenUnavailableError(`The target's token response could not be read: ${(error as Error).message}`, exchange);
    }
    this.options.redactor.addSecret(token.accessToken);
    return token;
  }
}

/** The catalog checks cannot run without a token; the token rules report why. */
export class TokenUnavailableError extends Error {
  override readonly name = 'TokenUnavailableError';
  readonly code = 'TOKEN_UNAVAILABLE';
  constructor(
    message: string,
    readonly exchange: Exchange,
  ) {
    super(message);
  }
}
