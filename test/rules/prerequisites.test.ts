import { describe, expect, test } from 'vitest';
import { allRules as registeredRules, builtInFamilies } from '../../families/index.ts';

/*
 * The prerequisites the rule table declares (the rules a rule's verdict rests on: it is blocked by them, never failed,
 * when they break): each names a rule of the table, never the rule itself, and following them never comes back.
 */
const allRules = registeredRules();
const byId = new Map(allRules.map((rule) => [rule.id, rule]));

/** A cycle through `id`'s prerequisites, as the ids on it, or undefined. */
function cycleFrom(id: string, path: readonly string[] = []): string[] | undefined {
  if (path.includes(id)) return [...path.slice(path.indexOf(id)), id];
  for (const next of byId.get(id)?.prerequisites ?? []) {
    const cycle = cycleFrom(next, [...path, id]);
    if (cycle) return cycle;
  }
  return undefined;
}

describe.each(builtInFamilies.map((family) => [family.name, family] as const))(
  'the prerequisites of %s',
  (_, family) => {
    test('name rules of the table, never the rule itself, and lead to no cycle', () => {
      for (const rule of family.rules) {
        for (const prerequisite of rule.prerequisites ?? []) {
          expect(byId.has(prerequisite), `${rule.id} rests on ${prerequisite}, which is no rule`).toBe(true);
          expect(prerequisite, rule.id).not.toBe(rule.id);
        }
        expect(cycleFrom(rule.id), `${rule.id}'s prerequisites come back to it`).toBeUndefined();
      }
    });
  },
);

test('the table declares prerequisites (the checks above judge something)', () => {
  const declared = allRules.find((rule) => (rule.prerequisites ?? []).length > 0);
  expect(declared, 'some rule declares a prerequisite').toBeDefined();
});
