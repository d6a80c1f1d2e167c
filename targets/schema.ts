import { z } from 'zod';
import { tenantModeSchema } from '../rules/tenant-mode.ts';

const credentialsSchema = z
  .object({
    /** OAuth client id; write it as a ${VAR} placeholder. */
    clientId: z.string().min(1),
    /** OAuth client secret; write it as a ${VAR} placeholder, never literally. */
    clientSecret: z.string().min(1),
  })
  .strict();

const waiverSchema = z
  .object({
    rule: z.string().min(1),
    reason: z.string().min(1),
  })
  .strict();

const clientSettingsSchema = z
  .object({
    /** Per-request timeout in ms. Default 10000. */
    timeoutMs: z.number().int().positive().default(10_000),
    /** Largest response body read, in bytes. Default 8 MiB. */
    maxBodyBytes: z.number().int().positive().default(8 * 1024 * 1024),
    /** Requests in flight where a rule allows concurrency. Default 16. */
    concurrency: z.number().int().min(1).max(256).default(16),
    /** Least time between two token requests outside the rate-limit probe, in ms. Default 50. */
    tokenMinIntervalMs: z.number().int().min(0).default(50),
  })
  .strict();

const expectationsSchema = z
  .object({
    /** Pins the token rate limit: the first 429 of a burst must come after at most this many requests. */
    tokenRateLimit: z.object({ limitAtMost: z.number().int().positive() }).strict().optional(),
    /** Bounds of the rate-limit probe. Defaults: 300 requests, 15 s, 8 in flight. */
    tokenRateLimitProbe: z
      .object({
        maxRequests: z.number().int().positive().default(300),
        maxSeconds: z.number().positive().default(15),
        concurrency: z.number().int().min(1).max(64).default(8),
      })
      .strict()
      .default({ maxRequests: 300, maxSeconds: 15, concurrency: 8 }),
  })
  .strict();

const baseUrlsSchema = z
  .object({
    /** Base URL of the billing interface; paths such as /oauth/token are relative to it. */
    billing: z.url().optional(),
  })
  .strict();

const readySchema = z
  .object({
    /** Regular expression a line of the command's stdout must match. */
    stdoutMatches: z.string().min(1).optional(),
    /** URL that must answer any HTTP response. */
    httpGet: z.string().min(1).optional(),
    /** Give up after this many ms. Default 20000. */
    timeoutMs: z.number().int().positive().default(20_000),
  })
  .strict()
  .refine((ready) => ready.stdoutMatches !== undefined || ready.httpGet !== undefined, {
    message: 'give stdoutMatches or httpGet',
  });

const commonTargetFields = {
  description: z.string().optional(),
  baseUrls: baseUrlsSchema,
  credentials: z.object({ billing: credentialsSchema.optional() }).strict().default({}),
  tenant: tenantModeSchema.default(tenantModeSchema.parse({})),
  /** Name of the billing adapter that maps the records the spec leaves open. Default 'reference'. */
  adapter: z.string().default('reference'),
  waivers: z.array(waiverSchema).default([]),
  expectations: expectationsSchema.default(expectationsSchema.parse({})),
  client: clientSettingsSchema.default(clientSettingsSchema.parse({})),
};

const urlTargetSchema = z.object({ kind: z.literal('url'), ...commonTargetFields }).strict();

const commandTargetSchema = z
  .object({
    kind: z.literal('command'),
    /** argv; `{harness}` runs this harness's own CLI, `{port}` is a free port chosen at start. */
    command: z.array(z.string()).min(1),
    env: z.record(z.string(), z.string()).default({}),
    cwd: z.string().optional(),
    ready: readySchema,
    ...commonTargetFields,
  })
  .strict();

export const targetSchema = z.discriminatedUnion('kind', [urlTargetSchema, commandTargetSchema]);

export const targetsFileSchema = z
  .object({
    $schema: z.string().optional(),
    /** Target used when --target is not given. Default 'reference'. */
    default: z.string().default('reference'),
    targets: z.record(z.string().regex(/^[A-Za-z0-9._-]+$/), targetSchema),
  })
  .strict();

export type TargetsFile = z.infer<typeof targetsFileSchema>;
export type TargetEntry = z.infer<typeof targetSchema>;
export type CommandTarget = z.infer<typeof commandTargetSchema>;
export type BillingCredentials = z.infer<typeof credentialsSchema>;
export type TargetExpectations = z.infer<typeof expectationsSchema>;
export type ClientSettings = z.infer<typeof clientSettingsSchema>;
