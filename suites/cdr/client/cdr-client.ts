import { cdrOperations, type CdrOperation } from '../../../rules/cdr/endpoints.ts';
import type { CdrSection } from '../entry/section.ts';
import type { ClientSettings } from '../../../targets/schema.ts';
import type { CircuitBreaker } from '../../../client/circuit-breaker.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { bearerSigner } from '../../../client/bearer-signer.ts';
import { familyHttpClient } from '../../../client/family-http-client.ts';
import { onlyToOrigin } from '../../../client/origin-bound-signer.ts';
import { SignedHttpClient, type HeaderChanges } from '../../../client/request-signer.ts';
import type { Redactor } from '../../../core/redaction.ts';
import { retryAfterMs } from '../../../client/token-endpoint-pacer.ts';
import { outsideScope } from '../../../client/url-scope.ts';
import { listQueryString, type ListQuery } from '../../../rules/cdr/list-query.ts';

/** Attempts of one request, the first included, while the target answers 429. */
const attemptsOnRateLimit = 4;

/**
 * The harness's client for one open-banking data holder. Every request carries x-v (the highest version the
 * target serves for the operation) and, when the entry gives one, the bearer token; the token goes only to
 * the base URL's origin, so a link pointing elsewhere never receives it.
 */
export class CdrClient {
  readonly #http: SignedHttpClient<'token'>;

  constructor(
    readonly section: CdrSection,
    settings: ClientSettings,
    redactor: Redactor,
    /** The family's circuit breaker for the run. Default: none (every exchange is sent). */
    breaker?: CircuitBreaker,
  ) {
    this.#http = new SignedHttpClient(
      familyHttpClient(settings, breaker),
      onlyToOrigin(
        new URL(section.baseUrl).origin,
        bearerSigner(() => section.token || undefined),
      ),
    );
    if (section.token) redactor.addSecret(section.token);
  }

  /** The highest version the target serves for an operation. */
  servedVersion(operation: CdrOperation): number {
    return Math.max(...this.section.versions[operation]);
  }

  /**
   * Why a URL the holder handed back may not be requested (not under the base URL nor an origin of followOrigins);
   * undefined when it may.
   */
  outsideScope(url: string): string | undefined {
    return outsideScope(url, { baseUrl: this.section.baseUrl, followOrigins: this.section.followOrigins });
  }

  /** The absolute URL of an operation's path. */
  urlOf(operation: CdrOperation, productId = ''): string {
    return (
      this.section.baseUrl.replace(/\/$/, '') +
      cdrOperations[operation].path.replace('{productId}', encodeURIComponent(productId))
    );
  }

  /**
   * GET of an absolute URL as the given operation (a link is followed exactly as the target gave it). A 429
   * (listed for every operation, its body not shown) is waited out as Retry-After asks and sent again.
   */
  async get(operation: CdrOperation, url: string, changes: HeaderChanges = {}): Promise<Exchange> {
    // The walkers never ask for a URL outside the holder; this is the last line should one ever try.
    const outside = this.outsideScope(url);
    if (outside !== undefined) throw new Error(`refused to request a URL outside the holder: ${outside}`);
    for (let attempt = 1; ; attempt += 1) {
      const headers = { 'x-v': String(this.servedVersion(operation)), accept: 'application/json' };
      const exchange = await this.#http.send({ method: 'GET', url, headers }, 'token', changes);
      if (exchange.response?.status !== 429 || attempt >= attemptsOnRateLimit) return exchange;
      await new Promise((resolve) => setTimeout(resolve, retryAfterMs(exchange, 1000 * 2 ** (attempt - 1))));
    }
  }

  list(query: ListQuery = {}, changes: HeaderChanges = {}): Promise<Exchange> {
    return this.get('list', this.urlOf('list') + listQueryString(query), changes);
  }

  detail(productId: string, changes: HeaderChanges = {}): Promise<Exchange> {
    return this.get('detail', this.urlOf('detail', productId), changes);
  }

  status(changes: HeaderChanges = {}): Promise<Exchange> {
    return this.get('status', this.urlOf('status'), changes);
  }

  /** One request to an operation, for rules that hold on all three (the detail of a given product). */
  operation(operation: CdrOperation, productId: string, changes: HeaderChanges = {}): Promise<Exchange> {
    return operation === 'list'
      ? this.list({}, changes)
      : operation === 'detail'
        ? this.detail(productId, changes)
        : this.status(changes);
  }

  close(): Promise<void> {
    return this.#http.close();
  }
}
