import fc from 'fast-check';
import type { InvalidCase } from '../gen.ts';
import { orgIdsOutsideAccess } from './org-ids-outside-access.ts';

/**
 * How one request of a billing sequence names orgs in Svc-Org-Ids: not at all (`none`), by the org context of the
 * charge it acts on (`home`), or by a value naming an org outside access, either fresh (`outside`, a made-up org from
 * the org rule's own generator) or one the sequence sent before (`reuse`, counted back from the latest): a refused value repeated is
 * what a target that strips an org once it refused it lets through.
 */
export type OrgNaming =
  | { kind: 'none' }
  | { kind: 'home' }
  | { kind: 'outside'; outside: InvalidCase<string> }
  | { kind: 'reuse'; reuse: number };

/**
 * Org namings for a tenant with multi-org; `none` only where it has no accessible org to name. `outsideWeight` weighs
 * each of `outside` and `reuse` against `none` (3) and `home` (2); default 1.
 */
export function orgNaming(
  accessible: readonly string[],
  inaccessible: readonly string[],
  outsideWeight = 1,
): fc.Arbitrary<OrgNaming> {
  if (accessible.length === 0) return fc.constant({ kind: 'none' });
  const outside = orgIdsOutsideAccess(accessible, inaccessible);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant<OrgNaming>({ kind: 'none' }) },
    { weight: 2, arbitrary: fc.constant<OrgNaming>({ kind: 'home' }) },
    {
      weight: outsideWeight,
      // Made-up orgs, not the declared inaccessible ones: a sequence makes its own fresh (see the commands).
      arbitrary: outside.arbitrary.map((invalid): OrgNaming => ({ kind: 'outside', outside: invalid })),
    },
    { weight: outsideWeight, arbitrary: fc.nat({ max: 3 }).map((reuse): OrgNaming => ({ kind: 'reuse', reuse })) },
  );
}
