import type { MutantInfo } from './family-reference.ts';

/** A mutant of a family's reference: what the catalogue says of it, and the behaviour points it replaces. */
export interface BehaviourMutant<Behaviour> extends MutantInfo {
  /** The reference behaviour with one point replaced. */
  change: Partial<Behaviour>;
}

/** What the catalogue lists of each mutant: the changes stay with the reference. */
export function mutantInfos(definitions: readonly MutantInfo[]): MutantInfo[] {
  return definitions.map(({ name, family, breaks, mode, description }) => ({
    name,
    family,
    breaks,
    mode,
    description,
  }));
}

/** The named mutant of a family; an unknown name is an error listing the valid ones. */
export function mutantNamed<Mutant extends MutantInfo>(definitions: readonly Mutant[], mutantName: string): Mutant {
  const found = definitions.find(({ name }) => name === mutantName);
  if (!found)
    throw new Error(`Unknown mutant "${mutantName}". Valid names: ${definitions.map(({ name }) => name).join(', ')}`);
  return found;
}

/** The behaviour of the reference, or of the named mutant: the reference's with the mutant's points replaced. */
export function behaviourOf<Behaviour>(
  reference: Behaviour,
  definitions: readonly BehaviourMutant<Behaviour>[],
  mutantName: string | undefined,
): Behaviour {
  if (mutantName === undefined) return reference;
  return { ...reference, ...mutantNamed(definitions, mutantName).change };
}
