import { cardsRuleIds as id } from '../../../rules/cards/ids.ts';
import { mutant } from './define.ts';

/** Mutants of DELETE account and what it leaves behind, each breaking one rule. */
export const unenrolmentMutants = [
  mutant('cards-unenrol-status-closed', id.unenrolResponse, 'DELETE account answers status CLOSED.', {
    unenrolBody: (accountId) => ({ accountId, status: 'CLOSED' }),
  }),
  mutant(
    'cards-unenrolled-cards-still-shown',
    id.unenrolCardsInaccessible,
    'The cards of an unenrolled account are still shown by GET card (status unchanged).',
    {
      cardsOfInactiveAccountReachable: true,
    },
  ),
  mutant(
    'cards-unenrolled-cards-turn-inactive',
    id.unenrolCardStatus,
    'The cards of an unenrolled account are still shown, with status INACTIVE.',
    {
      cardsOfInactiveAccountReachable: true,
      statusAfterUnenrolment: () => 'INACTIVE',
    },
  ),
  mutant(
    'cards-unenrol-notifies',
    id.unenrolNoNotification,
    'DELETE account sends a notification about a card of the account.',
    {
      notifiesOnUnenrolment: true,
    },
  ),
  mutant(
    'cards-unenrolled-transactions-gone',
    id.unenrolTransactionsKept,
    'The transactions of an unenrolled account are no longer returned (404).',
    {
      transactionsOfInactiveAccount: false,
    },
  ),
];
