import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { preHash } from '../../client/exchange/signing.ts';
import { signature } from '../../client/hmac.ts';
import { exchangeCodes, timestampToleranceSeconds } from '../../rules/exchange/limits.ts';
import type { FamilyHandler, FamilyReferenceOptions } from '../family-reference.ts';
import { readBody } from '../http-io.ts';
import { type Dialect, dialects } from './dialects.ts';

/** Quote balance of each account of the reference, by access key. */
const startingBalance = 1_000_000;
const maxBatchSize = 20;
/** Largest distance between the request's timestamp and the server's clock. */
const toleranceMs = timestampToleranceSeconds * 1000;
/** Signed requests allowed per account per fixed window, unless configured (the document shows no values). */
const defaultRateLimit = { requests: 250, windowMs: 1000 };

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** An ISO 8601 UTC timestamp with milliseconds, as epoch ms; undefined otherwise. */
function timestampMs(value: string | undefined): number | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The real exchange's codes for a signed request that lacks one of its headers. */
const missingHeaderCode = { key: '50103', passphrase: '50104', sign: '50106', timestamp: '50107' } as const;

interface Outcome {
  sCode: string;
  sMsg: string;
  clOrdId: string;
  ordId: string;
}

const decimal = /^(?:\d+)(?:\.\d+)?$/;

const optionsSchema = z
  .object({
    /** Signed requests allowed per account per fixed window. */
    rateLimit: z
      .object({ requests: z.number().int().positive(), windowMs: z.number().int().positive() })
      .strict()
      .default(defaultRateLimit),
    /** Prefix of the auth headers (key, sign, timestamp, passphrase); default the mode's. */
    headerPrefix: z.string().min(1).optional(),
  })
  .strict();

/**
 * The exchange reference's handler (see reference/exchange/index.ts): POST /api/v5/trade/batch-orders with
 * per-account balances, signed requests and a rate limit per account. Imported when a reference starts.
 */
export function createExchangeHandler({ mode, mutant, env, options }: FamilyReferenceOptions): FamilyHandler {
  const settings = optionsSchema.parse(options ?? {});
  const rateLimit = settings.rateLimit;
  const dialect = dialects[mode] ?? (dialects.default as Dialect);
  const prefix = (settings.headerPrefix ?? dialect.headerPrefix).toLowerCase();
  const authHeader = (req: IncomingMessage, name: 'key' | 'sign' | 'timestamp' | 'passphrase') =>
    header(req, `${prefix}${name}`);
  const balances = new Map<string, number>([[env.REFERENCE_EXCHANGE_API_KEY ?? '', startingBalance]]);
  const secrets = new Map<string, string>([
    [env.REFERENCE_EXCHANGE_API_KEY ?? '', env.REFERENCE_EXCHANGE_SECRET_KEY ?? ''],
  ]);
  const windows = new Map<string, { start: number; count: number }>();
  const overLimit = (account: string) => {
    const now = Date.now();
    const current = windows.get(account);
    if (!current || now - current.start >= rateLimit.windowMs) {
      windows.set(account, { start: now, count: 1 });
      return false;
    }
    current.count += 1;
    return current.count > rateLimit.requests;
  };
  const mutantWindows: Record<string, number> = {
    'exchange-timestamp-window-60s': 60_000,
    'exchange-timestamp-window-32s': 32_000,
    'exchange-timestamp-window-28s': 28_000,
  };
  const window = mutantWindows[mutant ?? ''] ?? toleranceMs;
  let nextOrdId = 1;
  const send = (res: ServerResponse, status: number, code: string, msg: string, data: unknown) => {
    const body: Record<string, unknown> = { code, msg, data };
    if (mutant === 'exchange-code-number' && code === exchangeCodes.success) body.code = 0;
    if (mutant === 'exchange-success-00' && code === exchangeCodes.success) body.code = '00';
    if (mutant === 'exchange-msg-on-success' && code === exchangeCodes.success) body.msg = 'ok';
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const refuse = (res: ServerResponse, status: number, code: string, msg: string) => {
    // Only the refusals of a malformed body: the auth and rate-limit refusals keep their codes, which their own rules
    // judge.
    const shownCode = mutant === 'exchange-code-out-of-range' && code === exchangeCodes.parameterError ? '1' : code;
    send(res, status, shownCode, msg, mutant === 'exchange-data-object-on-refusal' ? {} : []);
  };
  const placeOne = (raw: unknown, index: number, balance: number): Outcome => {
    const order = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    const clOrdId = typeof order.clOrdId === 'string' ? order.clOrdId : '';
    const fail = (sCode: string, sMsg: string): Outcome => ({ sCode, sMsg, clOrdId, ordId: '' });
    const { instId, side, sz, px } = order;
    const lacking = dialect.requiredOrderFields.find(
      (field) => typeof order[field] !== 'string' || order[field] === '',
    );
    if (lacking) return fail(exchangeCodes.parameterError, `Parameter ${lacking} error`);
    if (typeof instId !== 'string' || !/^[A-Z0-9]+-[A-Z0-9]+$/.test(instId))
      return fail(exchangeCodes.parameterError, 'Parameter instId error');
    if (side !== 'buy' && side !== 'sell') return fail(exchangeCodes.parameterError, 'Parameter side error');
    if (typeof sz !== 'string' || !decimal.test(sz) || Number(sz) <= 0)
      return fail(exchangeCodes.parameterError, 'Parameter sz error');
    if (typeof px !== 'string' || !decimal.test(px) || Number(px) <= 0)
      return fail(exchangeCodes.parameterError, 'Parameter px error');
    if (Number(sz) * Number(px) > balance) {
      return mutant === 'exchange-balance-as-parameter'
        ? fail(exchangeCodes.parameterError, 'Parameter sz error')
        : fail(exchangeCodes.insufficientBalance, 'Order failed. Insufficient balance');
    }
    // Only an order that would succeed: the mutant breaks item success, not the codes of failing items.
    if (mutant === 'exchange-third-item-fails' && index === 2)
      return fail(exchangeCodes.parameterError, 'Parameter error');
    return { sCode: exchangeCodes.success, sMsg: '', clOrdId, ordId: String(nextOrdId++) };
  };
  return {
    handle: async (req, res, path) => {
      const route = path.split('?')[0];
      if (route !== '/api/v5/trade/batch-orders') return void refuse(res, 404, '50000', 'Unknown endpoint');
      if (req.method !== 'POST') return void refuse(res, 405, '50000', 'Method not allowed');
      const raw = await readBody(req);
      const key = authHeader(req, 'key');
      if (dialect.missingHeaderCodes) {
        const missing = (['key', 'passphrase', 'timestamp', 'sign'] as const).find((name) => !authHeader(req, name));
        if (missing)
          return void refuse(
            res,
            401,
            missingHeaderCode[missing],
            `Request header ${(prefix + missing).toUpperCase()} cannot be empty`,
          );
      }
      const knownKey = key !== undefined && balances.has(key);
      if (!knownKey && mutant !== 'exchange-unknown-key-accepted')
        return void refuse(res, 401, exchangeCodes.unknownKey, 'Invalid EX-ACCESS-KEY');
      const account = knownKey ? (key as string) : (env.REFERENCE_EXCHANGE_API_KEY ?? '');
      const balance = balances.get(account) as number;
      if (overLimit(account)) {
        res.setHeader('retry-after', '1');
        return void refuse(
          res,
          429,
          mutant === 'exchange-rate-limit-code-50000' ? '50000' : exchangeCodes.rateLimited,
          'Rate limit reached',
        );
      }
      if (
        dialect.passphraseRequired &&
        !sameText(authHeader(req, 'passphrase') ?? '', env.REFERENCE_EXCHANGE_PASSPHRASE ?? '')
      ) {
        return void refuse(res, 401, '50105', `Request header ${prefix.toUpperCase()}PASSPHRASE incorrect`);
      }
      const stamp = authHeader(req, 'timestamp');
      const at = timestampMs(stamp);
      if (at === undefined || Math.abs(Date.now() - at) > window)
        return void refuse(res, 401, exchangeCodes.timestampExpired, 'Timestamp request expired');
      // Signed over the path from the API root with its query, as the real interface's clients sign: the
      // mount prefix (a gateway's, to a client) is not part of it.
      const query = (req.url ?? '').includes('?') ? (req.url ?? '').slice((req.url ?? '').indexOf('?')) : '';
      const expected = signature(
        secrets.get(account) ?? '',
        preHash(stamp as string, req.method ?? '', `${path}${query}`, raw),
      );
      const given = authHeader(req, 'sign') ?? '';
      if (mutant !== 'exchange-signature-unchecked' && !sameText(given, expected))
        return void refuse(res, 401, exchangeCodes.invalidSignature, 'Invalid signature');
      let orders: unknown;
      try {
        orders = JSON.parse(raw.toString('utf8'));
      } catch {
        return void refuse(res, 400, exchangeCodes.parameterError, 'Parameter error: the body is not JSON');
      }
      if (!Array.isArray(orders) || orders.length === 0)
        return void refuse(
          res,
          400,
          exchangeCodes.parameterError,
          'Parameter error: the body must be a non-empty array of orders',
        );
      if (orders.length > maxBatchSize)
        return void refuse(
          res,
          400,
          exchangeCodes.parameterError,
          `Parameter error: at most ${maxBatchSize} orders per batch`,
        );
      const items = orders.map((order, index) => placeOne(order, index, balance));
      const shown = items.map((item) => {
        if (mutant !== 'exchange-failed-item-no-ordid' || item.sCode === exchangeCodes.success) return item;
        const { ordId: _dropped, ...rest } = item;
        return rest;
      });
      const failed = items.filter((item) => item.sCode !== exchangeCodes.success);
      if (failed.length === 0) return void send(res, 200, exchangeCodes.success, '', shown);
      const code =
        dialect.batchCodes === 'all-or-partial'
          ? failed.length === items.length
            ? '1'
            : '2'
          : (failed[0] as Outcome).sCode;
      send(res, 200, code, `${failed.length} of ${items.length} orders failed`, shown);
    },
  };
}
