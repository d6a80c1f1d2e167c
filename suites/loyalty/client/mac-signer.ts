/**
 * The loyalty family's authentication: the MAC form of Authorization (signed per the entry's recipe) or the bearer
 * form.
 */
import { randomUUID } from 'node:crypto';
import type { LoyaltySection } from '../entry/section.ts';
import type { OutgoingRequest } from '../../../client/http-exchange.ts';
import { withHeaders, withoutHeaders, type RequestSigner } from '../../../client/request-signer.ts';
import { macHeaderValue, signMac, type MacHeader, type MacInput } from './mac.ts';

/** How a request authenticates: the MAC form, the bearer form, none, or a literal Authorization value. */
export type LoyaltyAuth = 'mac' | 'bearer' | 'none' | { authorization: string } | { mac: MacOverrides };

/**
 * Changes to a signed MAC header: the mac computed over another request, ts or nonce fixed, parts replaced or left out.
 */
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

/** The Authorization value `auth` asks for on the request `input` describes; undefined: none is sent. */
export function loyaltyAuthorization(section: LoyaltySection, auth: LoyaltyAuth, input: MacInput): string | undefined {
  if (auth === 'none') return undefined;
  if (auth === 'bearer') return `Bearer ${section.bearerToken}`;
  if (typeof auth === 'object' && 'authorization' in auth) return auth.authorization;
  if (!section.mac) throw new Error('the target entry gives no mac settings');
  const overrides: MacOverrides = auth === 'mac' ? {} : auth.mac;
  const mac = overrides.secret ? { ...section.mac, secret: overrides.secret } : section.mac;
  const signedInput = {
    ...input,
    ...(overrides.ts === undefined ? {} : { ts: overrides.ts }),
    ...(overrides.nonce === undefined ? {} : { nonce: overrides.nonce }),
    ...overrides.signed,
  };
  const parts: Partial<MacHeader> =
    overrides.bodyhash === undefined ? signMac(mac, signedInput) : signMac(mac, signedInput, overrides.bodyhash);
  if (overrides.editMac) parts.mac = overrides.editMac(parts.mac as string);
  for (const [name, value] of Object.entries(overrides.parts ?? {})) {
    if (value === null) delete parts[name as keyof MacHeader];
    else parts[name as keyof MacHeader] = value;
  }
  return macHeaderValue(parts);
}

/** What a mac is computed over for a request as it goes on the wire, with the current ts and a fresh nonce. */
export function macInputOf(method: string, url: string, body: string): MacInput {
  return { method, url, body, ts: String(Date.now()), nonce: randomUUID() };
}

/** Signs each request as `auth` asks, over its method, URL and body (sent as a string). */
export function loyaltySigner(section: LoyaltySection): RequestSigner<LoyaltyAuth> {
  return (request, auth) => {
    const body = typeof request.body === 'string' ? request.body : Buffer.from(request.body ?? '').toString('utf8');
    const authorization = loyaltyAuthorization(section, auth, macInputOf(request.method, request.url, body));
    return authorization === undefined ? request : withHeaders(request, { Authorization: authorization });
  };
}

/**
 * The request with the entry's loyalty credentials set afresh (`harness sign`): X-NET-API-KEY, and Authorization in the
 * entry's default form (the MAC with the current ts and a fresh nonce, else the bearer token), whatever it carried.
 */
export async function withFreshLoyaltyCredentials(
  section: LoyaltySection,
  request: OutgoingRequest,
): Promise<OutgoingRequest> {
  const keyed = withHeaders(withoutHeaders(request, ['X-NET-API-KEY', 'Authorization']), {
    'X-NET-API-KEY': section.apiKey,
  });
  return loyaltySigner(section)(keyed, section.mac ? 'mac' : 'bearer');
}
