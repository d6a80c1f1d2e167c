import { z } from 'zod';
import { rateLimitBoundsShape, rateLimitPinShape } from '../rate-limit-probe.ts';

const probeDefaults = { startRate: 50, maxRate: 1000, maxRequests: 12000, maxSeconds: 45, concurrency: 16 };

const credentialsSchema = z
  .object({
    /** Access key sent in EX-ACCESS-KEY; write it as a ${VAR} placeholder. */
    apiKey: z.string().min(1),
    /** Secret the requests are signed with; a ${VAR} placeholder, never literally. */
    secretKey: z.string().min(1),
    /** Optional passphrase, when the target uses one. */
    passphrase: z.string().min(1).optional(),
  })
  .strict();

/** Names of the headers of a signed request (the document names EX-ACCESS-KEY and EX-ACCESS-SIGN only). */
const signingSchema = z
  .object({
    keyHeader: z.string().min(1).default('EX-ACCESS-KEY'),
    signHeader: z.string().min(1).default('EX-ACCESS-SIGN'),
    timestampHeader: z.string().min(1).default('EX-ACCESS-TIMESTAMP'),
    passphraseHeader: z.string().min(1).default('EX-ACCESS-PASSPHRASE'),
  })
  .strict();

/** `families.exchange` of a target entry: the exchange-style interface (spec document 3, part B). */
export const exchangeSectionSchema = z
  .object({
    /** Base URL; the operations live under /api/v5/ relative to it. */
    baseUrl: z.url(),
    credentials: credentialsSchema,
    /** Instrument the generated orders trade. Default BTC-USDT. */
    instrument: z.string().min(1).default('BTC-USDT'),
    /** Most orders one batch may carry (the document does not say); generated batches stay within it. Default 20. */
    maxBatchSize: z.number().int().min(1).max(100).default(20),
    /** Header names of signed requests. Pre-hash: timestamp + METHOD + path with query + raw body, HMAC-SHA256, base64. */
    signing: signingSchema.default(signingSchema.parse({})),
    /** Bounds of the rate-limit probe (from 50 req/s doubling up to 1000, at most 12000 requests and 45 s, 16 connections), and optionally the limit pinned. */
    rateLimitProbe: z.object({ ...rateLimitBoundsShape(probeDefaults), ...rateLimitPinShape }).strict().default(z.object(rateLimitBoundsShape(probeDefaults)).parse({})),
  })
  .strict();

export type ExchangeSection = z.infer<typeof exchangeSectionSchema>;

export const exchangeConfigFixes: Record<string, string> = {
  credentials: 'set apiKey and secretKey as ${VAR} placeholders whose variables hold the access key and secret',
  maxBatchSize: 'the most orders one batch order request of the target accepts',
};
