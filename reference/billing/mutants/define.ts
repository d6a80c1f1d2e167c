import type { MutantInfo } from '../../family-reference.ts';
import type { BillingBehaviour } from '../behaviour.ts';
import type { ReferenceMode } from '../mode.ts';

/** A billing mutant with its mechanism: one behaviour point replaced, possibly wrapping the reference's own. */
export interface BillingMutant extends MutantInfo {
  mode: ReferenceMode;
  point: keyof BillingBehaviour;
  apply(reference: BillingBehaviour): BillingBehaviour;
}

export function mutant<K extends keyof BillingBehaviour>(
  info: Omit<MutantInfo, 'family'> & { mode: ReferenceMode },
  point: K,
  replace: (reference: BillingBehaviour[K]) => BillingBehaviour[K],
): BillingMutant {
  return {
    ...info,
    family: 'billing',
    point,
    apply(reference) {
      const behaviour = { ...reference };
      behaviour[point] = replace(reference[point]);
      return behaviour;
    },
  };
}
