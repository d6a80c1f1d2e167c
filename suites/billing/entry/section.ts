import { z } from 'zod';
import { fieldMappingSchema } from '../../../adapters/field-mapping.ts';
import { rateLimitBoundsShape, rateLimitPinShape } from '../../../targets/rate-limit-probe-bounds.ts';
import { tenantModeSchema } from '../../../rules/billing/tenant-mode.ts';

const credentialsSchema = z
  .object({
    /**
     * OAuth client id; write it as a ${VAR} placeholder. The harness sends it as valid, so it must have the documented
     * form.
     */
    clientId: z.string().length(36, {
      error:
        'must be exactly 36 characters (rule billing.token.client_id.length): the harness sends it as a valid client_id',
    }),
    /** OAuth client secret; write it as a ${VAR} placeholder, never literally. */
    clientSecret: z.string().min(1).max(42, {
      error:
        'must be at most 42 characters (rule billing.token.client_secret.length): the harness sends it as a valid client_secret',
    }),
  })
  .strict();

const probeDefaults = { startRate: 20, maxRate: 400, maxRequests: 8000, maxSeconds: 45, concurrency: 8 };

const gzipProbeSchema = z
  .object({
    /**
     * Seconds of each sustained run (sizes around the threshold judged, then a large body compressed and plain).
     * Default 5.
     */
    underLoadSeconds: z.number().min(0).max(600).default(5),
    /**
     * Requests per second of the hold under load (a constant-rate run timed from each request's due time). Default 100.
     */
    underLoadRate: z.number().int().min(1).max(10_000).default(100),
    /** Connections of the sustained runs. Default 8. */
    connections: z.number().int().min(1).max(64).default(8),
    /** Most requests of each sustained run. Default 20000. */
    maxRequests: z.number().int().positive().default(20_000),
  })
  .strict();

const expectationsSchema = z
  .object({
    /**
     * Pins the token rate limit (requests per second from one IP); the probe then checks the limit it finds against it.
     */
    tokenRateLimit: z.object(rateLimitPinShape).strict().optional(),
    /**
     * Bounds of the token rate-limit probe. Defaults: from 20 req/s doubling up to 400 req/s, 2 s a step, at most 8000
     * requests and 45 s, 8 connections.
     */
    tokenRateLimitProbe: z
      .object(rateLimitBoundsShape(probeDefaults))
      .strict()
      .default(z.object(rateLimitBoundsShape(probeDefaults)).parse({})),
    /** Bounds of the gzip-threshold probe's sustained runs (the search before them takes at most 40 requests). */
    gzipThresholdProbe: gzipProbeSchema.default(gzipProbeSchema.parse({})),
  })
  .strict();

/** `families.billing` of a target entry: everything that belongs to the billing interface. */
export const billingSectionSchema = z
  .object({
    /** Base URL of the billing interface; paths such as /oauth/token are relative to it. */
    baseUrl: z.url(),
    credentials: credentialsSchema,
    /** The tenant's modes, which decide the Svc-Entity-Ids and Svc-Org-Ids rules. */
    tenant: tenantModeSchema.default(tenantModeSchema.parse({})),
    /**
     * The billing adapter that maps the records the spec leaves open: the name of one the harness ships
     * ('reference'), the path of a module of yours, relative to the targets file, whose default export implements
     * BillingAdapter (api-conformance-harness/adapters/billing/adapter.ts), or, for records that differ from the reference's only in their
     * field names, { "fields": { "<the reference's name>": "<yours>", ... } }. Default 'reference'.
     */
    adapter: z.union([z.string(), fieldMappingSchema]).default('reference'),
    /** Pins what the spec leaves open and bounds the rate-limit probe. */
    expectations: expectationsSchema.default(expectationsSchema.parse({})),
    /** Least time between two token requests outside the rate-limit probe, in ms. Default 50. */
    tokenMinIntervalMs: z.number().int().min(0).default(50),
  })
  .strict();

export type BillingSection = z.infer<typeof billingSectionSchema>;
export type BillingCredentials = BillingSection['credentials'];

/** What to do about an invalid key of the section, by the key's name (shown with the error). */
export const billingConfigFixes: Record<string, string> = {
  baseUrl: 'give the base URL the billing paths are relative to, e.g. "http://127.0.0.1:8080/billing"',
  clientId: 'write "${YOUR_CLIENT_ID_VARIABLE}" and export the variable',
  clientSecret: 'write "${YOUR_CLIENT_SECRET_VARIABLE}" and export the variable; never put the secret in the file',
  tokenEntityScope: 'use "single" or "multiple"',
  tenant:
    'give the tenancy of your credentials: { "multiEntity", "tokenEntityScope": "single" or "multiple", "entityIds": [uuids], "multiOrg", "accessibleOrgs": [...], "inaccessibleOrgs": [...] }',
};
