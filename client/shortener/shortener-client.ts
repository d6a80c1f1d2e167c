import { mappingsPath } from '../../rules/shortener/records.ts';
import type { ShortenerSection } from '../../targets/shortener/section.ts';
import type { ClientSettings } from '../../targets/schema.ts';
import type { CircuitBreaker } from '../circuit-breaker.ts';
import type { Exchange } from '../exchange.ts';
import { HttpClient } from '../http-client.ts';
import type { Redactor } from '../../targets/redaction.ts';

/** The harness's client for one shortener target; the bearer token, when the entry gives one, is registered with the redactor. */
export class ShortenerClient {
  readonly #http: HttpClient;

  constructor(
    readonly section: ShortenerSection,
    settings: ClientSettings,
    redactor: Redactor,
    /** The family's circuit breaker for the run. Default: none (every exchange is sent). */
    breaker?: CircuitBreaker,
  ) {
    this.#http = new HttpClient({ timeoutMs: settings.timeoutMs, maxBodyBytes: settings.maxBodyBytes, ...(breaker ? { breaker } : {}) });
    if (section.token) redactor.addSecret(section.token);
  }

  /** POST /mappings with any body, valid or not (sent as JSON). */
  map(body: unknown): Promise<Exchange> {
    const headers: Record<string, string> = this.section.token ? { Authorization: `Bearer ${this.section.token}` } : {};
    return this.#http.send({ method: 'POST', url: this.section.baseUrl + mappingsPath, json: body, headers });
  }

  close(): Promise<void> {
    return this.#http.close();
  }
}
