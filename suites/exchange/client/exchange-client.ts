import { orderDetailsPath } from '../../../rules/exchange/codes.ts';
import { defaultSigningHeaders } from './signing.ts';
import {
  batchBody,
  batchOrdersPath,
  type OrderDraft,
  type OrderTemplate,
} from '../../../rules/exchange/adapters/orders.ts';
import type { ExchangeOrderAdapter } from '../../../rules/exchange/adapters/adapter.ts';
import { referenceOrderAdapter } from '../../../rules/exchange/adapters/reference-adapter.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import type { CircuitBreaker } from '../../../client/circuit-breaker.ts';
import { familyHttpClient } from '../../../client/family-http-client.ts';
import type { Redactor } from '../../../core/redaction.ts';
import { SignedHttpClient } from '../../../client/request-signer.ts';
import type { RequestSigning } from '../../../rules/exchange/request-signing.ts';
import { signatureSigner, type SignatureKeys } from './signature-signer.ts';

/** How one request is signed and sent: by default now, with the section's key and secret, over what is sent. */
export interface SigningOverrides extends RequestSigning {
  /** Returns a 429 answer as it is instead of waiting it out and sending again (the rate-limit burst). */
  noRetry?: boolean;
}

/** Times a 429 answer is waited out (Retry-After, else 1 s) and the request signed and sent again. */
const retriesOnLimit = 5;

export interface ExchangeClientOptions extends SignatureKeys {
  /** How the target writes an order (the target entry's adapter, loaded). Default the reference's field names. */
  orders?: ExchangeOrderAdapter;
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
  readonly #http: SignedHttpClient<RequestSigning>;
  readonly #options: ExchangeClientOptions;
  readonly #exchanges: Exchange[] = [];

  constructor(options: ExchangeClientOptions) {
    this.#options = options;
    this.#http = new SignedHttpClient(familyHttpClient(options, options.breaker), signatureSigner(options));
    options.redactor.addSecret(options.secretKey);
    options.redactor.addSecret(options.apiKey);
    // The signature is a credential by definition: its header is masked by name.
    options.redactor.addCredentialHeader((options.headers ?? defaultSigningHeaders).sign);
    if (options.passphrase) options.redactor.addSecret(options.passphrase);
  }

  /** How this client writes an order (the entry's adapter). */
  get orders(): ExchangeOrderAdapter {
    return this.#options.orders ?? referenceOrderAdapter;
  }

  /** Every exchange this client made, in the order they finished. */
  get exchanges(): readonly Exchange[] {
    return this.#exchanges;
  }

  /** POST /api/v5/trade/batch-orders with the given orders. */
  batch(orders: readonly OrderDraft[], signing: SigningOverrides = {}): Promise<Exchange> {
    return this.post(
      batchOrdersPath,
      JSON.stringify(batchBody(orders, this.orders, this.#options.orderTemplate)),
      signing,
    );
  }

  /** POST a raw body (a request the target must refuse as a whole). */
  async post(path: string, body: string, signing: SigningOverrides = {}): Promise<Exchange> {
    // A timestamp set away from now keeps its distance from the clock when a 429 is waited out: a request 29 s
    // old sent again a second later must still be 29 s old, not 30.
    const offsetMs = signing.atMs === undefined ? undefined : signing.atMs - Date.now();
    for (let attempt = 0; ; attempt++) {
      const exchange = await this.#postOnce(
        path,
        body,
        offsetMs === undefined ? signing : { ...signing, atMs: Date.now() + offsetMs },
      );
      if (signing.noRetry || exchange.response?.status !== 429 || attempt >= retriesOnLimit) return exchange;
      const retryAfter = Number(exchange.response.headers['retry-after']);
      await new Promise((resolve) =>
        setTimeout(resolve, Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, 10) * 1000 : 1000),
      );
    }
  }

  /**
   * GET /api/v5/trade/order for one order id, signed like every request (the real exchange's order details; document 3
   * names only 51603 "Order does not exist").
   */
  async orderDetails(instId: string, ordId: string, signing: SigningOverrides = {}): Promise<Exchange> {
    const { orders } = this;
    const fields = orders.orderDetailsQuery
      ? orders.orderDetailsQuery(instId, ordId)
      : referenceOrderAdapter.orderDetailsQuery(instId, ordId);
    const query = new URLSearchParams(fields).toString();
    const exchange = await this.#http.send(
      { method: 'GET', url: `${this.#options.baseUrl}${orderDetailsPath}?${query}`, headers: {} },
      signing,
    );
    this.#exchanges.push(exchange);
    return exchange;
  }

  async #postOnce(path: string, body: string, signing: SigningOverrides): Promise<Exchange> {
    const request = {
      method: 'POST',
      url: `${this.#options.baseUrl}${path}`,
      headers: { 'content-type': 'application/json' },
      body,
    };
    const exchange = await this.#http.send(request, signing);
    this.#exchanges.push(exchange);
    return exchange;
  }

  close(): Promise<void> {
    return this.#http.close();
  }
}
