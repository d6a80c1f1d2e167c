import type { MutantInfo } from '../../family-reference.ts';
import { referenceBehaviour, type CardsBehaviour } from '../behaviour.ts';
import type { CardsMutant } from './define.ts';
import { assignmentMutants } from './assignment.ts';
import { errorMutants } from './errors.ts';
import { recordMutants } from './records.ts';
import { transactionsMutants } from './transactions.ts';
import { unenrolmentMutants } from './unenrolment.ts';

const definitions: readonly CardsMutant[] = [
  ...recordMutants,
  ...transactionsMutants,
  ...assignmentMutants,
  ...unenrolmentMutants,
  ...errorMutants,
];

export const cardsMutants: readonly MutantInfo[] = definitions.map(({ name, family, breaks, mode, description }) => ({
  name,
  family,
  breaks,
  mode,
  description,
}));

/** The behaviour of the reference, or of the named mutant; an unknown name is an error listing the valid ones. */
export function cardsBehaviourFor(mutantName: string | undefined): CardsBehaviour {
  if (mutantName === undefined) return referenceBehaviour;
  const found = definitions.find(({ name }) => name === mutantName);
  if (!found)
    throw new Error(`Unknown mutant "${mutantName}". Valid names: ${definitions.map(({ name }) => name).join(', ')}`);
  return { ...referenceBehaviour, ...found.change };
}
