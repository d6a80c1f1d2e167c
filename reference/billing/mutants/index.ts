import type { MutantInfo } from '../../family-reference.ts';
import { mutantInfos, mutantNamed } from '../../mutant-behaviour.ts';
import { referenceBehaviour, type BillingBehaviour } from '../behaviour.ts';
import { catalogMutants } from './catalog.ts';
import { chargeMutants } from './charges.ts';
import { compressionMutants } from './compression.ts';
import type { BillingMutant } from './define.ts';
import { headerMutants } from './headers.ts';
import { maxLengthMutants } from './max-lengths.ts';
import { productMutants } from './products.ts';
import { tokenMutants } from './token.ts';

const definitions: readonly BillingMutant[] = [
  ...tokenMutants,
  ...headerMutants,
  ...maxLengthMutants,
  ...compressionMutants,
  ...catalogMutants,
  ...chargeMutants,
  ...productMutants,
];

/** The billing mutants as data: each names the one rule it breaks and the tenant mode it needs. */
export const billingMutants: readonly MutantInfo[] = mutantInfos(definitions);

/** The behaviour of the reference, or of the named mutant; an unknown name is an error listing the valid ones. */
export function billingBehaviourFor(mutantName: string | undefined): BillingBehaviour {
  if (mutantName === undefined) return referenceBehaviour;
  return mutantNamed(definitions, mutantName).apply(referenceBehaviour);
}
