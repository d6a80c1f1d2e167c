import fc from 'fast-check';
import type { Gen } from '../gen.ts';

/** Puts `org` at `at` (modulo the length) among `others`. Pure. */
export function withOrgAt(others: readonly string[], org: string, at: number): string[] {
  const index = at % (others.length + 1);
  return [...others.slice(0, index), org, ...others.slice(index)];
}

/**
 * Svc-Org-Ids values naming two or more of the accessible orgs, comma-separated, in any order, the first accessible
 * org (`home`, where the rule's charge lives) always among them: the whole list and its reverse first. Needs at least
 * two accessible orgs.
 */
export function severalAccessibleOrgs(accessible: readonly string[]): Gen<string> {
  const [home = '', ...rest] = accessible;
  return {
    boundaries: [accessible.join(','), [...accessible].reverse().join(',')],
    arbitrary: fc
      .tuple(fc.shuffledSubarray(rest, { minLength: 1 }), fc.nat())
      .map(([others, at]) => withOrgAt(others, home, at).join(',')),
  };
}
