import { randomBytes } from 'node:crypto';
import type { FamilyReference } from '../family-reference.ts';
import { dialects } from './dialects.ts';
import { exchangeMutants } from './mutants/index.ts';

/**
 * The exchange-style part of the reference target: POST /api/v5/trade/batch-orders with per-account
 * balances (an order whose size times price exceeds the account's balance fails 51008). Unknown fields
 * and extra headers are ignored. Requests are signed: EX-ACCESS-KEY names the account (50111 when
 * unknown), EX-ACCESS-TIMESTAMP must be within 30 s of the server clock (50102), EX-ACCESS-SIGN is base64
 * HMAC-SHA256 with the account's secret over timestamp + METHOD + request path with query + raw body
 * (50113). The one account comes from REFERENCE_EXCHANGE_API_KEY / _SECRET_KEY (targets.json: ${...}).
 */
export const exchangeReference: FamilyReference = {
  prefix: '/exchange',
  modes: Object.keys(dialects),
  mutants: exchangeMutants,
  ensureCredentials(env) {
    env.REFERENCE_EXCHANGE_API_KEY ??= randomBytes(12).toString('hex');
    env.REFERENCE_EXCHANGE_SECRET_KEY ??= randomBytes(24).toString('base64url');
    env.REFERENCE_EXCHANGE_PASSPHRASE ??= randomBytes(9).toString('base64url');
  },
  flags: {
    'exchange-rate': {
      help: 'N/MS     exchange requests allowed per account per window (default 250/1000)',
      toOptions: (value) => ({ rateLimit: requestsPerWindow(value, 'exchange-rate') }),
    },
    'exchange-header-prefix': {
      help: 'PREFIX   prefix of the exchange auth headers (default EX-ACCESS-, OK-ACCESS- in mode okx-dialect)',
      toOptions: (value) => ({ headerPrefix: value }),
    },
  },
  create: async (options) => (await import('./create-handler.ts')).createExchangeHandler(options),
  targetSection: (baseUrl, mode, env) =>
    mode === 'okx-dialect'
      ? {
          baseUrl,
          credentials: {
            apiKey: env.REFERENCE_EXCHANGE_API_KEY,
            secretKey: env.REFERENCE_EXCHANGE_SECRET_KEY,
            passphrase: env.REFERENCE_EXCHANGE_PASSPHRASE,
          },
          signing: {
            keyHeader: 'OK-ACCESS-KEY',
            signHeader: 'OK-ACCESS-SIGN',
            timestampHeader: 'OK-ACCESS-TIMESTAMP',
            passphraseHeader: 'OK-ACCESS-PASSPHRASE',
          },
          orderTemplate: { tdMode: 'cash' },
          expectations: { codeRanges: true },
        }
      : {
          baseUrl,
          credentials: { apiKey: env.REFERENCE_EXCHANGE_API_KEY, secretKey: env.REFERENCE_EXCHANGE_SECRET_KEY },
          expectations: { codeRanges: true },
        },
};

/** `250/1000` -> requests per window in ms. */
function requestsPerWindow(value: string, flag: string): { requests: number; windowMs: number } {
  const match = /^(\d+)\/(\d+)$/.exec(value);
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1)
    throw new Error(`--${flag} must look like 250/1000 (requests per window in ms)`);
  return { requests: Number(match[1]), windowMs: Number(match[2]) };
}
