import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { preHash } from '../../suites/exchange/client/signing.ts';
import { signature } from '../../client/hmac.ts';
import { exchangeCodes } from '../../rules/exchange/limits.ts';
import type { ExchangeContext, Refusal } from './context.ts';

/** The real exchange's codes for a signed request that lacks one of its headers. */
const missingHeaderCode = { key: '50103', passphrase: '50104', sign: '50106', timestamp: '50107' } as const;

/** The account a signed request acts for, or why it is refused. */
export type Authentication = { account: string; refusal?: undefined } | { refusal: Refusal };

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** An ISO 8601 UTC timestamp with milliseconds, as epoch ms; undefined otherwise. */
function timestampMs(value: string | undefined): number | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * Checks a signed request in the real exchange's order: every auth header present (where the dialect says so), the
 * key known, the account within its rate limit, then the passphrase, the timestamp and the signature.
 */
export function authenticate(
  exchange: ExchangeContext,
  req: IncomingMessage,
  path: string,
  raw: Buffer,
): Authentication {
  const missing = missingHeaderRefusal(exchange, req);
  if (missing) return { refusal: missing };
  const account = exchange.accountOf(exchange.authHeader(req, 'key'));
  if (account === undefined)
    return { refusal: { status: 401, code: exchangeCodes.unknownKey, msg: 'Invalid EX-ACCESS-KEY' } };
  if (exchange.overLimit(account)) {
    const code = exchange.behaviour.rateLimitedCode;
    return { refusal: { status: 429, code, msg: 'Rate limit reached', headers: { 'retry-after': '1' } } };
  }
  const refusal =
    passphraseRefusal(exchange, req) ??
    timestampRefusal(exchange, req) ??
    signatureRefusal(exchange, req, path, raw, account);
  return refusal ? { refusal } : { account };
}

function missingHeaderRefusal(exchange: ExchangeContext, req: IncomingMessage): Refusal | undefined {
  if (!exchange.dialect.missingHeaderCodes) return undefined;
  const missing = (['key', 'passphrase', 'timestamp', 'sign'] as const).find((name) => !exchange.authHeader(req, name));
  if (!missing) return undefined;
  const msg = `Request header ${(exchange.prefix + missing).toUpperCase()} cannot be empty`;
  return { status: 401, code: missingHeaderCode[missing], msg };
}

function passphraseRefusal(exchange: ExchangeContext, req: IncomingMessage): Refusal | undefined {
  if (!exchange.dialect.passphraseRequired) return undefined;
  if (sameText(exchange.authHeader(req, 'passphrase') ?? '', exchange.env.REFERENCE_EXCHANGE_PASSPHRASE ?? ''))
    return undefined;
  return { status: 401, code: '50105', msg: `Request header ${exchange.prefix.toUpperCase()}PASSPHRASE incorrect` };
}

function timestampRefusal(exchange: ExchangeContext, req: IncomingMessage): Refusal | undefined {
  const at = timestampMs(exchange.authHeader(req, 'timestamp'));
  if (at !== undefined && Math.abs(Date.now() - at) <= exchange.behaviour.timestampToleranceMs) return undefined;
  return { status: 401, code: exchangeCodes.timestampExpired, msg: 'Timestamp request expired' };
}

/**
 * Signed over the path from the API root with its query, as the real interface's clients sign: the mount prefix (a
 * gateway's, to a client) is not part of it.
 */
function signatureRefusal(
  exchange: ExchangeContext,
  req: IncomingMessage,
  path: string,
  raw: Buffer,
  account: string,
): Refusal | undefined {
  if (!exchange.behaviour.signatureChecked) return undefined;
  const url = req.url ?? '';
  const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
  const stamp = exchange.authHeader(req, 'timestamp') as string;
  const expected = signature(exchange.secretOf(account), preHash(stamp, req.method ?? '', `${path}${query}`, raw));
  if (sameText(exchange.authHeader(req, 'sign') ?? '', expected)) return undefined;
  return { status: 401, code: exchangeCodes.invalidSignature, msg: 'Invalid signature' };
}
