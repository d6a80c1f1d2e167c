import type { MutantInfo } from '../../family-reference.ts';
import { behaviourOf, mutantInfos } from '../../mutant-behaviour.ts';
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

export const cardsMutants: readonly MutantInfo[] = mutantInfos(definitions);

/** The behaviour of the reference, or of the named mutant; an unknown name is an error listing the valid ones. */
export function cardsBehaviourFor(mutantName: string | undefined): CardsBehaviour {
  return behaviourOf(referenceBehaviour, definitions, mutantName);
}
