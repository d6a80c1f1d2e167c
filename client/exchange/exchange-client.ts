import { batchBody, batchOrdersPath, type OrderDraft } from '../../adapters/exchange/orders.ts';
import type { Exchange, OutgoingRequest } from '../exchange.ts';
import { HttpClient } from '../http-client.ts';
import type { Redactor } from '../redaction.ts';

export interface ExchangeClientOptions {
  baseUrl: string;
  apiKey: string;
  secretKey: string;
  passphrase?: string;
  timeoutMs: number;
  redactor: Redactor;
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
    this.#http = new HttpClient({ timeoutMs: options.timeoutMs });
    options.redactor.addSecret(options.secretKey);
  }

  /** Every exchange this client made, in the order they finished. */
  get exchanges(): readonly Exchange[] {
    return this.#exchanges;
  }

  /** POST /api/v5/trade/batch-orders with the given orders. */
  batch(orders: readonly OrderDraft[]): Promise<Exchange> {
    return this.post(batchOrdersPath, JSON.stringify(batchBody(orders)));
  }

  /** POST a raw body (a request the target must refuse as a whole). */
  async post(path: string, body: string, headers: Record<string, string> = {}): Promise<Exchange> {
    const request: OutgoingRequest = {
      method: 'POST',
      url: `${this.#options.baseUrl}${path}`,
      headers: { 'content-type': 'application/json', 'EX-ACCESS-KEY': this.#options.apiKey, ...headers },
      body,
    };
    const exchange = await this.#http.send(request);
    this.#exchanges.push(exchange);
    return exchange;
  }

  close(): Promise<void> {
    return this.#http.close();
  }
}
