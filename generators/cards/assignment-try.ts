import fc from 'fast-check';

/**
 * One PATCH card of an assignment sequence: to the `card`-th card of the sequence's pool, naming the `user`-th card
 * user of its pool (the ACTIVATED one of the fixtures first, then the users of cards that have one, then the other
 * fixture users), with a valid digitalWalletProvisionable: `walletValue` when the partner signed up, else null.
 * Indexes wrap around the pools, whatever their size.
 */
export interface AssignmentTry {
  card: number;
  user: number;
  walletValue: boolean;
}

export const assignmentTry: fc.Arbitrary<AssignmentTry> = fc.record({
  card: fc.nat({ max: 7 }),
  // The first users weigh more: the ACTIVATED one and those seen on cards are the ones an assignment can take.
  user: fc.oneof({ weight: 3, arbitrary: fc.nat({ max: 1 }) }, { weight: 1, arbitrary: fc.nat({ max: 5 }) }),
  walletValue: fc.boolean(),
});
