/**
 * The rule ids of every family, as one union the compiler checks: a misspelled id in a check, a suite, a
 * "blocked by" list or a mutant declaration does not compile. Each family's rules module adds its ids here by
 * declaration merging (`declare module '../rule-id.ts'`), derived from its rule list, so this shared file names
 * no family and a plug-in family outside the tree adds its own the same way.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each family's rules module through declaration merging
export interface RuleIdsOfFamilies {}

/** The id of any registered rule. */
export type RuleId = RuleIdsOfFamilies[keyof RuleIdsOfFamilies];

type SuffixOf<Id, Prefix extends string> = Id extends `${Prefix}.${infer Rest}` ? Rest : never;

/** A family's rule ids without the `<family>.` prefix, for declarations that add it (the family's mutant table). */
export type RuleIdSuffix<Family extends string> = SuffixOf<RuleId, Family>;
