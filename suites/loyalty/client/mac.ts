import { createHash } from 'node:crypto';
import type { LoyaltySection, MacStringPart } from '../entry/section.ts';
import { pathWithQuery, signature } from '../../../client/hmac.ts';

type MacSettings = NonNullable<LoyaltySection['mac']>;

/** The five parts of the MAC form of Authorization, in the documented order. */
export const macHeaderParts = ['id', 'ts', 'nonce', 'bodyhash', 'mac'] as const;
export type MacHeader = Record<(typeof macHeaderParts)[number], string>;

/** What a mac is computed over: the request as it goes on the wire, and the client's ts and nonce. */
export interface MacInput {
  method: string;
  url: string;
  body: string;
  ts: string;
  nonce: string;
}

/** The hash of a body, as the entry says (SHA-256, base64 by default). */
export function bodyHash(body: string, settings: Pick<MacSettings, 'bodyHashAlgorithm' | 'encoding'>): string {
  return createHash(settings.bodyHashAlgorithm).update(body, 'utf8').digest(settings.encoding);
}

/** The string the mac signs: the entry's parts in its order, each followed by a newline. */
export function macString(input: MacInput, bodyhash: string, signs: readonly MacStringPart[]): string {
  const url = new URL(input.url);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const values: Record<MacStringPart, string> = {
    ts: input.ts,
    nonce: input.nonce,
    method: input.method.toUpperCase(),
    path: pathWithQuery(input.url),
    host: url.hostname.toLowerCase(),
    port,
    bodyhash,
  };
  return signs.map((part) => `${values[part]}\n`).join('');
}

/**
 * The five parts for a request, signed with the entry's secret; `bodyhash` other than the body's own only to test a
 * target.
 */
export function signMac(settings: MacSettings, input: MacInput, bodyhash = bodyHash(input.body, settings)): MacHeader {
  return {
    id: settings.id,
    ts: input.ts,
    nonce: input.nonce,
    bodyhash,
    mac: signature(settings.secret, macString(input, bodyhash, settings.signs), settings.encoding),
  };
}

/** `MAC id=..., ts=..., nonce=..., bodyhash=..., mac=...` with the parts given (a part left out is not written). */
export function macHeaderValue(parts: Partial<MacHeader>): string {
  return `MAC ${macHeaderParts
    .filter((name) => parts[name] !== undefined)
    .map((name) => `${name}=${parts[name]}`)
    .join(', ')}`;
}

/** The parts of a MAC header (values may be quoted), or undefined when it is not one. */
export function parseMacHeader(value: string): Partial<MacHeader> | undefined {
  const match = /^MAC\s+(.*)$/.exec(value);
  if (!match) return undefined;
  const parts: Record<string, string> = {};
  for (const pair of (match[1] as string).split(',')) {
    const at = pair.indexOf('=');
    if (at === -1) return undefined;
    parts[pair.slice(0, at).trim()] = pair
      .slice(at + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
  }
  return parts;
}
