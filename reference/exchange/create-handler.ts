import { z } from 'zod';
import type { FamilyHandler, FamilyReferenceOptions } from '../family-reference.ts';
import { ExchangeContext } from './context.ts';
import { type Dialect, dialects } from './dialects.ts';
import { exchangeBehaviourFor } from './mutants/index.ts';
import { handleExchange } from './router.ts';

/** Signed requests allowed per account per fixed window, unless configured (the document shows no values). */
const defaultRateLimit = { requests: 250, windowMs: 1000 };

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
  const dialect = dialects[mode] ?? (dialects.default as Dialect);
  const context = new ExchangeContext(exchangeBehaviourFor(mutant), dialect, env, {
    rateLimit: settings.rateLimit,
    headerPrefix: settings.headerPrefix ?? dialect.headerPrefix,
  });
  return { handle: (req, res, path) => handleExchange(context, req, res, path) };
}
