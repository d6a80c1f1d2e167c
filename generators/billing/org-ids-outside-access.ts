import fc from 'fast-check';
import type { Gen, InvalidCase } from '../gen.ts';
import { identifierChar } from './alphabets.ts';

/**
 * Svc-Org-Ids values naming at least one org outside the user's accessible orgs: the declared
 * inaccessible ones, alone or beside accessible ones, and made-up ids.
 */
export function orgIdsOutsideAccess(
  accessible: readonly string[],
  inaccessible: readonly string[],
): Gen<InvalidCase<string>> {
  const bad = (value: string, why: string): InvalidCase<string> => ({
    value,
    breaks: 'billing.headers.org_ids.accessible',
    why,
  });
  const outsider = fc
    .string({ unit: identifierChar, minLength: 4, maxLength: 24 })
    .map((suffix) => `harness-org-${suffix}`)
    .filter((org) => !accessible.includes(org));
  const first = accessible[0];
  return {
    boundaries: [
      ...inaccessible.map((org) => bad(org, `${org} is declared inaccessible`)),
      ...(first ? inaccessible.map((org) => bad(`${first},${org}`, `an accessible org with ${org}`)) : []),
      bad('harness-org-unknown', 'an org id that does not exist'),
    ],
    arbitrary: fc
      .tuple(fc.subarray([...accessible]), outsider)
      .map(([known, unknown]) => bad([...known, unknown].join(','), `${unknown} is not accessible`)),
  };
}
