import { z } from 'zod';

/**
 * The tenant's configuration that decides which header rules apply (billing document, "Headers used by
 * the operations": Svc-Entity-Ids and Svc-Org-Ids depend on multi-entity and multi-org settings).
 */
/** One org id of the comma-separated Svc-Org-Ids header: it cannot itself hold a comma or surrounding space. */
const orgId = z.string().regex(/^[^,\s](?:[^,]*[^,\s])?$/, {
  error: 'must be one org id without commas or surrounding spaces (Svc-Org-Ids is comma-separated)',
});

export const tenantModeSchema = z
  .object({
    /** Multi-entity enabled for the tenant. Default false. */
    multiEntity: z.boolean().default(false),
    /** Whether a token is valid for one entity or several. Default 'single'. */
    tokenEntityScope: z.enum(['single', 'multiple']).default('single'),
    /** The tenant's entity ids (UUIDs with hyphens). The first is used where one is needed. */
    entityIds: z
      .array(
        z.guid({
          error:
            'must be a 36-character UUID with hyphens (rule billing.token.entity_ids.uuid): the harness sends it as a valid entity id',
        }),
      )
      .default([]),
    /** Multi-org enabled for the tenant. Default false. */
    multiOrg: z.boolean().default(false),
    /** Org ids the harness's user may access. */
    accessibleOrgs: z.array(orgId).default([]),
    /** Org ids that exist but the user may not access; an unknown id is used when empty. */
    inaccessibleOrgs: z.array(orgId).default([]),
  })
  .strict()
  .superRefine((tenant, context) => {
    // The harness sends these as valid header values: a mode that needs them without them cannot be judged.
    if (tenant.multiEntity && tenant.entityIds.length === 0)
      context.addIssue({
        code: 'custom',
        path: ['entityIds'],
        message: 'a multi-entity tenant needs at least one entity id (rules billing.headers.entity_ids.*)',
      });
    if (tenant.multiOrg && tenant.accessibleOrgs.length === 0)
      context.addIssue({
        code: 'custom',
        path: ['accessibleOrgs'],
        message: 'a multi-org tenant needs at least one accessible org (rules billing.headers.org_ids.*)',
      });
  });

export type TenantMode = z.infer<typeof tenantModeSchema>;

/** The catalog operations need Svc-Entity-Ids exactly in this mode. */
export function entityHeaderRequired(tenant: TenantMode): boolean {
  return tenant.multiEntity && tenant.tokenEntityScope === 'multiple';
}
