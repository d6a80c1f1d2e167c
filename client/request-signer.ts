/**
 * How a family authenticates its requests, in one shape: a signer adds the family's credentials (a bearer token,
 * a MAC, a signature) to a request as the caller's `auth` asks, and a family client composes it onto the shared
 * HTTP client. Signing happens before the request is captured, so the evidence shows what was sent, also for an
 * exchange the breaker refused.
 */
import type { Exchange, OutgoingRequest } from './http-exchange.ts';
import type { HttpClient } from './http-client.ts';

/** Adds a family's authentication to a request, as `auth` asks (the valid form, none, a deliberately wrong one). */
export type RequestSigner<Auth> = (request: OutgoingRequest, auth: Auth) => OutgoingRequest | Promise<OutgoingRequest>;

/**
 * Header changes for one request, made after signing: a string sets the header, null leaves it out (Authorization
 * included).
 */
export type HeaderChanges = Readonly<Record<string, string | null>>;

/** The request without these headers, in any case of their names. */
export function withoutHeaders(request: OutgoingRequest, names: readonly string[]): OutgoingRequest {
  const dropped = new Set(names.map((name) => name.toLowerCase()));
  const headers = Object.entries(request.headers ?? {}).filter(([name]) => !dropped.has(name.toLowerCase()));
  return { ...request, headers: Object.fromEntries(headers) };
}

/** The request with `headers` added after its own. */
export function withHeaders(request: OutgoingRequest, headers: Readonly<Record<string, string>>): OutgoingRequest {
  return { ...request, headers: { ...request.headers, ...headers } };
}

/** Headers with the changes made (a changed header keeps its place). */
export function changeHeaders(
  headers: Readonly<Record<string, string>>,
  changes: HeaderChanges,
): Record<string, string> {
  const changed: Record<string, string | null> = { ...headers, ...changes };
  return Object.fromEntries(Object.entries(changed).filter((entry): entry is [string, string] => entry[1] !== null));
}

/** The shared client with a family's signer composed onto it. */
export class SignedHttpClient<Auth> {
  constructor(
    readonly http: HttpClient,
    readonly signer: RequestSigner<Auth>,
  ) {}

  /** The request signed as `auth` asks, then the caller's header changes made. */
  async sign(request: OutgoingRequest, auth: Auth, changes?: HeaderChanges): Promise<OutgoingRequest> {
    const signed = await this.signer(request, auth);
    return changes === undefined ? signed : { ...signed, headers: changeHeaders(signed.headers ?? {}, changes) };
  }

  /** Signs and sends one request. Rejects only when the signer does (a credential the target would not issue). */
  async send(request: OutgoingRequest, auth: Auth, changes?: HeaderChanges): Promise<Exchange> {
    return this.http.send(await this.sign(request, auth, changes));
  }

  close(): Promise<void> {
    return this.http.close();
  }
}
