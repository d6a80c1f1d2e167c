import { randomUUID } from 'node:crypto';
import { loyaltyOperations, type LoyaltyOperation } from '../../rules/loyalty/records.ts';
import type { LoyaltySection } from '../../targets/loyalty/section.ts';
import type { ClientSettings } from '../../targets/schema.ts';
import type { CircuitBreaker } from '../circuit-breaker.ts';
import type { Exchange } from '../exchange.ts';
import { HttpClient } from '../http-client.ts';
import type { Redactor } from '../../targets/redaction.ts';
import { macHeaderValue, signMac, type MacHeader, type MacInput } from './mac.ts';

/** How a request authenticates: the MAC form, the bearer form, none, or a literal Authorization value. */
export type LoyaltyAuth = 'mac' | 'bearer' | 'none' | { authorization: string } | { mac: MacOverrides };

/** Changes to a signed MAC header: the mac computed over another request, ts or nonce fixed, parts replaced or left out. */
export interface MacOverrides {
  ts?: string;
  nonce?: string;
  /** The request the mac is computed over instead of the one sent (another body, another path). */
  signed?: Partial<Pick<MacInput, 'body' | 'url' | 'method'>>;
  /** Parts replaced after signing (a wrong mac, a wrong bodyhash); null leaves the part out. */
  parts?: Partial<Record<keyof MacHeader, string | null>>;
  /** bodyhash replaced before signing, so the mac is consistent with it but not with the body. */
  bodyhash?: string;
  /** Another secret to key the HMAC with. */
  secret?: string;
  /** Changes the computed mac (e.g. one character of it). */
  editMac?: (mac: string) => string;
}

export interface LoyaltyRequest {
  operation: LoyaltyOperation;
  body: unknown;
  auth?: LoyaltyAuth;
  /** Header changes: a string sets the header, null leaves it out (X-NET-API-KEY, correlation_id, sender, keyname included). */
  headers?: Readonly<Record<string, string | null>>;
}

/**
 * The harness's client for one loyalty target. Every request carries X-NET-API-KEY, correlation_id and, on
 * subscribe and transfer, sender and keyname; Authorization is the MAC form (signed per the entry's recipe,
 * a fresh nonce and the current ts) or the bearer. API key, MAC secret and token are registered with the redactor.
 */
export class LoyaltyClient {
  readonly #http: HttpClient;

  constructor(
    readonly section: LoyaltySection,
    settings: ClientSettings,
    redactor: Redactor,
    /** The family's circuit breaker for the run. Default: none (every exchange is sent). */
    breaker?: CircuitBreaker,
  ) {
    this.#http = new HttpClient({ timeoutMs: settings.timeoutMs, maxBodyBytes: settings.maxBodyBytes, ...(breaker ? { breaker } : {}) });
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

  #authorization(auth: LoyaltyAuth, input: MacInput): string | undefined {
    if (auth === 'none') return undefined;
    if (auth === 'bearer') return `Bearer ${this.section.bearerToken}`;
    if (typeof auth === 'object' && 'authorization' in auth) return auth.authorization;
    if (!this.section.mac) throw new Error('the target entry gives no mac settings');
    const overrides: MacOverrides = auth === 'mac' ? {} : auth.mac;
    const mac = overrides.secret ? { ...this.section.mac, secret: overrides.secret } : this.section.mac;
    const signedInput = { ...input, ...(overrides.ts === undefined ? {} : { ts: overrides.ts }), ...(overrides.nonce === undefined ? {} : { nonce: overrides.nonce }), ...overrides.signed };
    const parts: Partial<MacHeader> = overrides.bodyhash === undefined ? signMac(mac, signedInput) : signMac(mac, signedInput, overrides.bodyhash);
    if (overrides.editMac) parts.mac = overrides.editMac(parts.mac as string);
    for (const [name, value] of Object.entries(overrides.parts ?? {})) {
      if (value === null) delete parts[name as keyof MacHeader];
      else parts[name as keyof MacHeader] = value;
    }
    return macHeaderValue(parts);
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
    return this.#authorization(this.defaultAuth, { method: 'POST', url, body, ts: String(Date.now()), nonce: randomUUID() }) as string;
  }

  send(request: LoyaltyRequest): Promise<Exchange> {
    const url = this.urlOf(request.operation);
    const body = JSON.stringify(request.body);
    const input: MacInput = { method: 'POST', url, body, ts: String(Date.now()), nonce: randomUUID() };
    const authorization = this.#authorization(request.auth ?? this.defaultAuth, input);
    const headers: Record<string, string | null> = {
      ...this.headersFor(request.operation),
      correlation_id: randomUUID(),
      ...(authorization === undefined ? {} : { Authorization: authorization }),
      ...request.headers,
    };
    const sent = Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== null));
    return this.#http.send({ method: 'POST', url, body, headers: sent });
  }

  close(): Promise<void> {
    return this.#http.close();
  }
}

