import type { MutantInfo } from '../../family-reference.ts';
import { referenceBehaviour, type BillingBehaviour } from '../behaviour.ts';
import { catalogMutants } from './catalog.ts';
import { chargeMutants } from './charges.ts';
import { compressionMutants } from './compression.ts';
import type { BillingMutant } from './define.ts';
import { headerMutants } from './headers.ts';
import { productMutants } from './products.ts';
import { tokenMutants } from './token.ts';

const definitions: readonly BillingMutant[] = [
  ...tokenMutants,
  ...headerMutants,
  ...compressionMutants,
  ...catalogMutants,
  ...chargeMutants,
  ...productMutants,
];

/** The billing mutants as data: each names the one rule it breaks and the tenant mode it needs. */
export const billingMutants: readonly MutantInfo[] = definitions.map(({ name, family, breaks, mode, description }) => ({
  name,
  family,
  breaks,
  mode,
  description,
}));

/** The behaviour of the reference, or of the named mutant; an unknown name is an error listing the valid ones. */
export function billingBehaviourFor(mutantName: string | undefined): BillingBehaviour {
  if (mutantName === undefined) return referenceBehaviour;
  const found = definitions.find(({ name }) => name === mutantName);
  if (!found) {
    throw new Error(`Unknown mutant "${mutantName}". Valid names: ${definitions.map(({ name }) => name).join(', ')}`);
  }
  return found.apply(referenceBehaviour);
}
