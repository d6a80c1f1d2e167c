import { mutant } from './define.ts';

/** Mutants of DELETE account and what it leaves behind, each breaking one rule. */
export const unenrolmentMutants = [
  mutant('cards-unenrol-status-closed', 'cards.unenrol.response', 'DELETE account answers status CLOSED.', {
    unenrolBody: (accountId) => ({ accountId, status: 'CLOSED' }),
  }),
  mutant(
    'cards-unenrolled-cards-still-shown',
    'cards.unenrol.cards-inaccessible',
    'The cards of an unenrolled account are still shown by GET card (status unchanged).',
    {
      cardsOfInactiveAccountReachable: true,
    },
  ),
  // A fault only a sequence shows: GET card refuses the unenrolled account's cards, PATCH card still answers them.
  mutant(
    'cards-unenrolled-card-patchable',
    'cards.unenrol.cards-inaccessible',
    "PATCH card of an unenrolled account's card is answered 200 as if done, the card unchanged (GET card refuses it).",
    {
      cardsOfInactiveAccountPatchable: true,
    },
  ),
  // A fault only a sequence shows: a card read through another operation stays readable after its account is unenrolled.
  mutant(
    'cards-card-cached-by-transactions',
    'cards.unenrol.cards-inaccessible',
    'A card named by GET transactions (cardId) is kept in a read cache GET card serves first, never cleared by DELETE account.',
    {
      cachesCardOn: (operation) => operation === 'GET transactions',
    },
  ),
  mutant(
    'cards-unenrolled-cards-turn-inactive',
    'cards.unenrol.card-status',
    'The cards of an unenrolled account are still shown, with status INACTIVE.',
    {
      cardsOfInactiveAccountReachable: true,
      statusAfterUnenrolment: () => 'INACTIVE',
    },
  ),
  mutant(
    'cards-unenrol-notifies',
    'cards.unenrol.no-notification',
    'DELETE account sends a notification about a card of the account.',
    {
      notifiesOnUnenrolment: true,
    },
  ),
  mutant(
    'cards-unenrolled-transactions-gone',
    'cards.unenrol.transactions-kept',
    'The transactions of an unenrolled account are no longer returned (404).',
    {
      transactionsOfInactiveAccount: false,
    },
  ),
];
