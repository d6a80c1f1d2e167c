import fc from 'fast-check';

/** A field left out of a PATCH card body. */
export const leftOut = Symbol('left out');

/**
 * A PATCH card body refused for one field (the rest valid): cardUserId left out or not a card user id, or a
 * digitalWalletProvisionable the partner's mode forbids (left out or null when signed up for wallet provisioning; a
 * boolean when not). `card` is the card of the sequence's pool it goes to.
 */
export interface PatchRefusal {
  card: number;
  field: 'cardUserId' | 'digitalWalletProvisionable';
  value: unknown;
}

/** The refusals of a partner's mode (`walletProvisioning` of the target entry). */
export function patchRefusal(walletProvisioning: boolean): fc.Arbitrary<PatchRefusal> {
  const wallet = walletProvisioning ? [leftOut, null, 'true'] : [true, false];
  return fc
    .record({
      card: fc.nat({ max: 7 }),
      field: fc.constantFrom('cardUserId' as const, 'digitalWalletProvisionable' as const),
      pick: fc.nat({ max: 5 }),
    })
    .map(({ card, field, pick }) => {
      const values = field === 'cardUserId' ? [leftOut, '', 42] : wallet;
      return { card, field, value: values[pick % values.length] };
    });
}

/** The refused value in words ("left out" for an absent field). */
export function patchRefusalText({ field, value }: PatchRefusal): string {
  return `${field} ${value === leftOut ? 'left out' : JSON.stringify(value)}`;
}
