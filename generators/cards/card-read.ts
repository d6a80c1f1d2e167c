import fc from 'fast-check';

/**
 * One read of a card in a sequence: the `card`-th card of the sequence's pool, through GET card or through another
 * operation naming it (GET authorizations, GET transactions by cardId), or its card user through GET card user.
 */
export interface CardRead {
  card: number;
  through: 'card' | 'authorizations' | 'transactions' | 'card user';
}

export const cardRead: fc.Arbitrary<CardRead> = fc.record({
  card: fc.nat({ max: 7 }),
  // GET card weighs most: it is what every later step is judged against.
  through: fc.oneof(
    { weight: 4, arbitrary: fc.constant('card' as const) },
    { weight: 1, arbitrary: fc.constantFrom('authorizations' as const, 'transactions' as const, 'card user' as const) },
  ),
});
