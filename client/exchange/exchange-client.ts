import { batchBody, batchOrdersPath, type OrderDraft, type OrderTemplate } from '../../adapters/exchange/orders.ts';
import type { RequestSigning } from '../../rules/exchange/request-signing.ts';
import type { Exchange, OutgoingRequest } from '../exchange.ts';
import type { CircuitBreaker } from '../circuit-breaker.ts';
import { HttpClient } from '../http-client.ts';
import type { Redactor } from '../../targets/redaction.ts';
import { pathWithQuery, signature } from '../hmac.ts';
import { defaultSigningHeaders, preHash, type SigningHeaders, type SigningPathFrom, signedPath, signingTimestamp } from './signing.ts';

/** How one request is signed (RequestSigning), and whether a 429 is waited out. */
export interface SigningOverrides extends RequestSigning {
  /** Returns a 429 answer as it is instead of waiting it out and sending again (the rate-limit burst). */
  noRetry?: boolean;
}

/** Times a 429 answer is waited out (Retry-After, else 1 s) and the request signed and sent again. */
const retriesOnLimit = 5;

export interface ExchangeClientOptions {
  baseUrl: string;
  apiKey: string;
  secretKey: string;
  passphrase?: string;
  headers?: SigningHeaders;
  /** Which path is signed. Default 'api-root' (the base URL's own path left out). */
  pathFrom?: SigningPathFrom;
  /** Fields merged into every order (the target entry's orderTemplate). Default none. */
  orderTemplate?: OrderTemplate;
  timeoutMs: number;
  /** Default: the HTTP client's (8 MiB). */
  maxBodyBytes?: number;
  redactor: Redactor;
  /** The family's circuit breaker for the run. Default: none (every exchange is sent). */
  breaker?: CircuitBreaker;
}

/**
 * The exchange-style interface's client: sends batch orders, and keeps every exchange it made so the
 * envelope rules can be judged on all of them.
 */
export class ExchangeClient {
  readonly #http: HttpClient;
  readonly #options: ExchangeClientOptions;
  readonly #exchanges: Exchange[] = [];

  constructor(options: ExchangeClientOptions) {
    this.#options = options;
    this.#http = new HttpClient({ timeoutMs: options.timeoutMs, maxBodyBytes: options.maxBodyBytes, ...(options.breaker ? { breaker: options.breaker } : {}) });
    options.redactor.addSecret(options.secretKey);
    if (options.passphrase) options.redactor.addSecret(options.passphrase);
  }

  /** Every exchange this client made, in the order they finished. */
  get exchanges(): readonly Exchange[] {
    return this.#exchanges;
  }

  /** POST /api/v5/trade/batch-orders with the given orders. */
  batch(orders: readonly OrderDraft[], signing: SigningOverrides = {}): Promise<Exchange> {
    return this.post(batchOrdersPath, JSON.stringify(batchBody(orders, this.#options.orderTemplate)), signing);
  }

  /** POST a raw body (a request the target must refuse as a whole). */
  async post(path: string, body: string, signing: SigningOverrides = {}): Promise<Exchange> {
    for (let attempt = 0; ; attempt++) {
      const exchange = await this.#postOnce(path, body, signing);
      if (signing.noRetry || exchange.response?.status !== 429 || attempt >= retriesOnLimit) return exchange;
      const retryAfter = Number(exchange.response.headers['retry-after']);
      await new Promise((resolve) => setTimeout(resolve, Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, 10) * 1000 : 1000));
    }
  }

  async #postOnce(path: string, body: string, signing: SigningOverrides): Promise<Exchange> {
    const names = this.#options.headers ?? defaultSigningHeaders;
    const url = `${this.#options.baseUrl}${path}`;
    const timestamp = signingTimestamp(signing.atMs ?? Date.now());
    const parts = { method: 'POST', path: signedPath(pathWithQuery(url), this.#options.baseUrl, this.#options.pathFrom ?? 'api-root'), body, timestamp, ...signing.signedParts };
    const signed = signature(signing.secret ?? this.#options.secretKey, preHash(parts.timestamp, parts.method, parts.path, parts.body));
    const headers: Record<string, string> = { 'content-type': 'application/json', [names.key]: signing.apiKey ?? this.#options.apiKey, [names.timestamp]: timestamp };
    if (!signing.unsigned) headers[names.sign] = signing.alterSignature ? signing.alterSignature(signed) : signed;
    if (this.#options.passphrase) headers[names.passphrase] = this.#options.passphrase;
    const request: OutgoingRequest = { method: 'POST', url, headers, body };
    const exchange = await this.#http.send(request);
    this.#exchanges.push(exchange);
    return exchange;
  }

  close(): Promise<void> {
    return this.#http.close();
  }
}
