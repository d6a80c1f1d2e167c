import type { BillingBehaviour } from '../billing/behaviour.ts';
import type { ReferenceMode } from '../mode.ts';

/** A faulty variant of the reference target. */
export interface Mutant {
  name: string;
  /** The id of the one rule the variant breaks. */
  breaks: string;
  /** The tenant mode the variant must run in for the rule to apply. */
  mode: ReferenceMode;
  description: string;
}

/** A mutant with its mechanism: one behaviour point replaced, possibly wrapping the reference's own. */
export interface BillingMutant extends Mutant {
  point: keyof BillingBehaviour;
  apply(reference: BillingBehaviour): BillingBehaviour;
}

export function mutant<K extends keyof BillingBehaviour>(
  info: Mutant,
  point: K,
  replace: (reference: BillingBehaviour[K]) => BillingBehaviour[K],
): BillingMutant {
  return {
    ...info,
    point,
    apply(reference) {
      const behaviour = { ...reference };
      behaviour[point] = replace(reference[point]);
      return behaviour;
    },
  };
}
