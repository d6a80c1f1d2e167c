import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { FamilyReference } from '../family-reference.ts';
import type { BillingBehaviour } from './behaviour.ts';
import { createBillingContext } from './context.ts';
import { referenceModes, type ReferenceMode } from './mode.ts';
import { billingBehaviourFor, billingMutants } from './mutants/index.ts';
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

/** The tenant declaration that matches the reference tenant in each mode. */
function tenantFor(mode: ReferenceMode) {
  if (mode === 'plain') return { multiEntity: false, multiOrg: false };
  return {
    multiEntity: true,
    tokenEntityScope: mode === 'multi' ? 'multiple' : 'single',
    entityIds: [...referenceTenant.entityIds],
    multiOrg: true,
    accessibleOrgs: [...referenceTenant.accessibleOrgs],
    inaccessibleOrgs: [...referenceTenant.inaccessibleOrgs],
  };
}

function asMode(mode: string): ReferenceMode {
  if (!(referenceModes as readonly string[]).includes(mode))
    throw new Error(`Unknown billing reference mode "${mode}": use ${referenceModes.join(', ')}`);
  return mode as ReferenceMode;
}

/**
 * The billing part of the reference target. Its one OAuth client comes from REFERENCE_CLIENT_ID and
 * REFERENCE_CLIENT_SECRET (targets.json refers to them as ${...}); unset ones are made fresh per process.
 */
export const billingReference: FamilyReference = {
  prefix: '/billing',
  modes: referenceModes,
  mutants: billingMutants,
  flags: {
    'token-ttl': {
      help: 'SECONDS  lifetime of billing tokens (default 3600)',
      toOptions: (value) => ({ tokenTtlSeconds: positiveInteger(value, 'token-ttl') }),
    },
    'gzip-threshold': {
      help: "BYTES    gzip responses larger than this (default 1000, the spec's; another value breaks the compression rules)",
      toOptions: (value) => ({ gzipThresholdBytes: positiveInteger(value, 'gzip-threshold') }),
    },
    'token-rate': {
      help: 'N/MS     billing token requests allowed per caller IP per window (default 30/1000)',
      toOptions: (value) => {
        const match = /^(\d+)\/(\d+)$/.exec(value);
        if (!match) throw new Error('--token-rate must look like 30/1000 (requests per window in ms)');
        return { tokenRateLimit: { requests: Number(match[1]), windowMs: Number(match[2]) } };
      },
    },
  },
  ensureCredentials(env) {
    env.REFERENCE_CLIENT_ID ??= randomUUID();
    env.REFERENCE_CLIENT_SECRET ??= randomBytes(24).toString('base64url');
  },
  create({ mode, mutant, env, options }) {
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
  },
  targetSection(baseUrl, mode, env) {
    return {
      baseUrl,
      credentials: { clientId: env.REFERENCE_CLIENT_ID, clientSecret: env.REFERENCE_CLIENT_SECRET },
      tenant: tenantFor(asMode(mode)),
    };
  },
};

/** The behaviour with the compression threshold moved, when the options move it. */
function withGzipThreshold(behaviour: BillingBehaviour, thresholdBytes: number | undefined): BillingBehaviour {
  return thresholdBytes === undefined ? behaviour : { ...behaviour, gzipThresholdBytes: thresholdBytes };
}

function positiveInteger(value: string, flag: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`--${flag} must be a positive integer, got ${value}`);
  return number;
}
