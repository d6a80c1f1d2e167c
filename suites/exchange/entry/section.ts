import { z } from 'zod';
import { fieldMappingSchema } from '../../../adapters/field-mapping.ts';
import { rateLimitBoundsShape, rateLimitPinShape } from '../../../targets/rate-limit-probe-bounds.ts';

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
    /**
     * Which path the pre-hash carries: `api-root` (default) the path from the API root, `/api/v5/...` with its
     * query, as every client of the real interface signs (a gateway prefix in baseUrl is left out); `as-sent`
     * the whole path of the request line, base path included.
     */
    pathFrom: z.enum(['api-root', 'as-sent']).default('api-root'),
  })
  .strict();

/**
 * What the harness expects where the document is silent; defaults accept what the document and the real exchange allow.
 */
const expectationsSchema = z
  .object({
    /**
     * Codes a request without its signature header may be refused with. The document names 50113 only for an
     * invalid signature; the real exchange answers a missing header with its own code (50106 for the sign
     * header). Default ["50113", "50106"]: which one was met is observed.
     */
    missingSignatureCodes: z.array(z.string().regex(/^\d+$/)).min(1).default(['50113', '50106']),
    /**
     * Pins the code ranges: every non-zero code a batch's items do not explain is 500xx or 510xx. The document only
     * describes the ranges ("around 500xx"), so by default they are observed, not judged. Default false.
     */
    codeRanges: z.boolean().default(false),
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
    /**
     * Header names of signed requests. Pre-hash: timestamp + METHOD + path with query + raw body, HMAC-SHA256, base64.
     */
    signing: signingSchema.default(signingSchema.parse({})),
    /**
     * Fields merged into every generated order (the document does not show the order payload): a target that
     * needs more fields than the generated ones (the real exchange's trade mode, `{ "tdMode": "cash" }`) names
     * them here, in the target's own field names. The generated fields (instId, side, sz, px, clOrdId with the
     * reference adapter) win where both name one.
     */
    orderTemplate: z.record(z.string(), z.unknown()).default({}),
    /**
     * How the target writes an order (the document does not show the payload): the name of one the harness ships
     * ('reference': the real exchange's instId, side, sz, px, clOrdId, ordType), the path of a module of yours, relative
     * to the targets file, whose default export implements ExchangeOrderAdapter (api-conformance-harness/adapters/exchange/adapter.ts), or, for
     * orders that differ from the reference's only in their field names, { "fields": { "<the reference's name>":
     * "<yours>", ... } }. Default 'reference'.
     */
    adapter: z.union([z.string(), fieldMappingSchema]).default('reference'),
    expectations: expectationsSchema.default(expectationsSchema.parse({})),
    /**
     * Bounds of the rate-limit probe (from 50 req/s doubling up to 1000, at most 12000 requests and 45 s, 16
     * connections), and optionally the limit pinned.
     */
    rateLimitProbe: z
      .object({ ...rateLimitBoundsShape(probeDefaults), ...rateLimitPinShape })
      .strict()
      .default(z.object(rateLimitBoundsShape(probeDefaults)).parse({})),
  })
  .strict();

export type ExchangeSection = z.infer<typeof exchangeSectionSchema>;

export const exchangeConfigFixes: Record<string, string> = {
  credentials: 'set apiKey and secretKey as ${VAR} placeholders whose variables hold the access key and secret',
  maxBatchSize: 'the most orders one batch order request of the target accepts',
  orderTemplate: 'an object of order fields the target needs beyond the generated ones, e.g. { "tdMode": "cash" }',
  adapter:
    'name "reference", the path of a module exporting an ExchangeOrderAdapter, or { "fields": { "instId": "symbol", ... } }',
};
