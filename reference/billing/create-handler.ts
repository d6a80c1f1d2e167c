import { z } from 'zod';
import type { FamilyHandler, FamilyReferenceOptions } from '../family-reference.ts';
import type { BillingBehaviour } from './behaviour.ts';
import { createBillingContext } from './context.ts';
import { asMode } from './mode.ts';
import { billingBehaviourFor } from './mutants/index.ts';
import { handleBilling } from './router.ts';
import { referenceTenant } from './tenant.ts';

const optionsSchema = z
  .object({
    /** Lifetime of issued tokens. Default 3600 s. */
    tokenTtlSeconds: z.number().int().positive().default(3600),
    /** Token requests allowed per caller IP per fixed window. Default 30 per 1000 ms. */
    tokenRateLimit: z
      .object({ requests: z.number().int().positive(), windowMs: z.number().int().positive() })
      // not-a-limit: the reference's own window (the document shows no rate), not the gzip threshold.
      .default({ requests: 30, windowMs: 1000 }),
    /**
     * Responses larger than this many bytes are gzipped when accepted; moved only to prove a probe finds it. Default
     * 1000 (the spec's).
     */
    gzipThresholdBytes: z.number().int().min(0).optional(),
  })
  .strict();

/** The billing reference's handler: imported when a reference starts (reference/billing/index.ts). */
export function createBillingHandler({ mode, mutant, env, options }: FamilyReferenceOptions): FamilyHandler {
  const settings = optionsSchema.parse(options ?? {});
  const context = createBillingContext(
    {
      mode: asMode(mode),
      tenant: referenceTenant,
      clientId: env.REFERENCE_CLIENT_ID as string,
      clientSecret: env.REFERENCE_CLIENT_SECRET as string,
      tokenTtlSeconds: settings.tokenTtlSeconds,
      tokenRateLimit: settings.tokenRateLimit,
    },
    withGzipThreshold(billingBehaviourFor(mutant), settings.gzipThresholdBytes),
  );
  return { handle: (req, res, path) => handleBilling(context, req, res, path) };
}

/** The behaviour with the compression threshold moved, when the options move it. */
function withGzipThreshold(behaviour: BillingBehaviour, thresholdBytes: number | undefined): BillingBehaviour {
  return thresholdBytes === undefined ? behaviour : { ...behaviour, gzipThresholdBytes: thresholdBytes };
}
