import { randomBytes, randomUUID } from 'node:crypto';
import type { FamilyReference } from '../family-reference.ts';
import { asMode, referenceModes, type ReferenceMode } from './mode.ts';
import { billingMutants } from './mutants/index.ts';
import { referenceTenant } from './tenant.ts';

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
  create: async (options) => (await import('./create-handler.ts')).createBillingHandler(options),
  targetSection(baseUrl, mode, env) {
    return {
      baseUrl,
      credentials: { clientId: env.REFERENCE_CLIENT_ID, clientSecret: env.REFERENCE_CLIENT_SECRET },
      tenant: tenantFor(asMode(mode)),
    };
  },
};

function positiveInteger(value: string, flag: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`--${flag} must be a positive integer, got ${value}`);
  return number;
}
