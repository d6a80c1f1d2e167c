import { mappingsPath } from '../../../rules/shortener/records.ts';
import type { ShortenerSection } from '../entry/section.ts';
import type { ClientSettings } from '../../../targets/schema.ts';
import type { CircuitBreaker } from '../../../client/circuit-breaker.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { bearerSigner } from '../../../client/bearer-signer.ts';
import { familyHttpClient } from '../../../client/family-http-client.ts';
import { SignedHttpClient } from '../../../client/request-signer.ts';
import type { Redactor } from '../../../core/redaction.ts';

/**
 * The harness's client for one shortener target; the bearer token, when the entry gives one, is registered with the
 * redactor.
 */
export class ShortenerClient {
  readonly #http: SignedHttpClient<'token'>;

  constructor(
    readonly section: ShortenerSection,
    settings: ClientSettings,
    redactor: Redactor,
    /** The family's circuit breaker for the run. Default: none (every exchange is sent). */
    breaker?: CircuitBreaker,
  ) {
    this.#http = new SignedHttpClient(
      familyHttpClient(settings, breaker),
      bearerSigner(() => section.token || undefined),
    );
    if (section.token) redactor.addSecret(section.token);
  }

  /** POST /mappings with any body, valid or not (sent as JSON). */
  map(body: unknown): Promise<Exchange> {
    return this.#http.send({ method: 'POST', url: this.section.baseUrl + mappingsPath, json: body }, 'token');
  }

  close(): Promise<void> {
    return this.#http.close();
  }
}
