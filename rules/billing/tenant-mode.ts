import { z } from 'zod';

/**
 * The tenant's configuration that decides which header rules apply (billing document, "Headers used by
 * the operations": Svc-Entity-Ids and Svc-Org-Ids depend on multi-entity and multi-org settings).
 */
export const tenantModeSchema = z
  .object({
    /** Multi-entity enabled for the tenant. Default false. */
    multiEntity: z.boolean().default(false),
    /** Whether a token is valid for one entity or several. Default 'single'. */
    tokenEntityScope: z.enum(['single', 'multiple']).default('single'),
    /** The tenant's entity ids (UUIDs with hyphens). The first is used where one is needed. */
    entityIds: z.array(z.string()).default([]),
    /** Multi-org enabled for the tenant. Default false. */
    multiOrg: z.boolean().default(false),
    /** Org ids the harness's user may access. */
    accessibleOrgs: z.array(z.string()).default([]),
    /** Org ids that exist but the user may not access; an unknown id is used when empty. */
    inaccessibleOrgs: z.array(z.string()).default([]),
  })
  .strict();

export type TenantMode = z.infer<typeof tenantModeSchema>;

/** The catalog operations need Svc-Entity-Ids exactly in this mode. */
export function entityHeaderRequired(tenant: TenantMode): boolean {
  return tenant.multiEntity && tenant.tokenEntityScope === 'multiple';
}
