/** The fixed tenant the reference target serves; the harness's tenant configuration for it uses the same values. */
export const referenceTenant = {
  entityIds: ['3f1c2a9e-5b7d-4e8a-9c0b-1d2e3f4a5b6c', '8a7b6c5d-4e3f-4a1b-8c9d-0e1f2a3b4c5d'],
  accessibleOrgs: ['org-north', 'org-south'],
  inaccessibleOrgs: ['org-vault'],
} as const;

export interface Tenant {
  readonly entityIds: readonly string[];
  readonly accessibleOrgs: readonly string[];
  readonly inaccessibleOrgs: readonly string[];
}
