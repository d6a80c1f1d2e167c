import { referenceBehaviour } from '../behaviour.ts';
import { lastFiveOf } from '../history.ts';
import { mutant } from './define.ts';
import { maxPerOutcome } from '../../../rules/cards/limits.ts';

/** Mutants of PATCH card, GET authorizations and GET authorizationnotifications, each breaking one rule. */
export const assignmentMutants = [
  mutant(
    'cards-expired-card-assignable',
    'cards.assign.eligibility',
    'An EXPIRED card accepts an ACTIVATED card user.',
    {
      assignmentAllowed: (card, user) =>
        referenceBehaviour.assignmentAllowed(card, user) || (card === 'EXPIRED' && user === 'ACTIVATED'),
    },
  ),
  mutant(
    'cards-pending-user-assignable-to-preactive',
    'cards.assign.eligibility',
    'A PREACTIVE card accepts a VERIFICATION_PENDING card user.',
    {
      assignmentAllowed: (card, user) =>
        referenceBehaviour.assignmentAllowed(card, user) || (card === 'PREACTIVE' && user === 'VERIFICATION_PENDING'),
    },
  ),
  // Another user only: a PATCH naming the card's own user stays refused (that is the wallet-fixed rule's case).
  mutant(
    'cards-preactive-reassignable',
    'cards.assign.no-reassignment',
    'A PREACTIVE card that has a card user accepts another.',
    {
      reassignmentAllowed: (card, cardUserId) => card.status === 'PREACTIVE' && cardUserId !== card.cardUserId,
    },
  ),
  // A fault only a sequence shows: the first reassignment of a card to a user is refused, its repeat is not.
  mutant(
    'cards-reassignment-repeat-answered-done',
    'cards.assign.no-reassignment',
    'A reassignment refused once is answered 200 when the same card user is named again (the card keeps its user).',
    {
      reassignmentAnsweredDone: (card, cardUserId) =>
        cardUserId !== card.cardUserId && card.refusedUsers.has(cardUserId),
    },
  ),
  mutant(
    'cards-wallet-changeable-by-own-user',
    'cards.assign.wallet-fixed',
    'PATCH of an assigned card with its own user is accepted and changes digitalWalletProvisionable.',
    {
      reassignmentAllowed: (card, cardUserId) => card.cardUserId === cardUserId,
    },
  ),
  mutant(
    'cards-wallet-missing-accepted',
    'cards.assign.wallet-required',
    'With wallet provisioning signed up, a PATCH without digitalWalletProvisionable is accepted (null is still refused).',
    {
      walletValueAccepted: (value, signedUp) =>
        value === undefined || referenceBehaviour.walletValueAccepted(value, signedUp),
    },
  ),
  mutant(
    'cards-wallet-false-accepted-unsigned',
    'cards.assign.wallet-null',
    'Without wallet provisioning, digitalWalletProvisionable false is accepted (true is still refused).',
    {
      walletValueAccepted: (value, signedUp) =>
        value === false || referenceBehaviour.walletValueAccepted(value, signedUp),
    },
    'no-wallet-provisioning',
  ),
  mutant(
    'cards-preactive-assignment-without-wallet-field',
    'cards.assign.response',
    'The 200 of assigning a PREACTIVE card leaves digitalWalletProvisionable out.',
    {
      patchBody: (card) => {
        const { digitalWalletProvisionable: _left, ...body } = referenceBehaviour.patchBody(card);
        return card.status === 'PREACTIVE' ? body : referenceBehaviour.patchBody(card);
      },
    },
  ),
  mutant(
    'cards-60-approved-authorizations',
    'cards.authorizations.limit',
    'GET authorizations returns the last 60 approved and 40 declined.',
    {
      authorizationsShown: (history) =>
        [
          ...history.filter((entry) => entry.approved).slice(0, 60),
          ...history.filter((entry) => !entry.approved).slice(0, 40),
        ].sort((a, b) => b.at - a.at),
    },
  ),
  // Still at most 50 of each outcome (the limit rule passes): the approved ones are the first 50, not the last.
  mutant(
    'cards-oldest-approved-authorizations',
    'cards.authorizations.most-recent',
    'GET authorizations returns the oldest 50 approved authorizations of the card (and the newest 50 declined).',
    {
      authorizationsShown: (history) =>
        [
          ...history.filter((entry) => entry.approved).slice(-maxPerOutcome),
          ...history.filter((entry) => !entry.approved).slice(0, maxPerOutcome),
        ].sort((a, b) => b.at - a.at),
    },
  ),
  mutant(
    'cards-authorizations-default-card',
    'cards.authorizations.card-required',
    'GET authorizations without cardId answers 200 with the authorizations of the card that has them.',
    {
      authorizationsCardOf: (cardId, cardWithHistory) => cardId ?? cardWithHistory,
    },
  ),
  mutant(
    'cards-patch-without-user-answered',
    'cards.assign.user-required',
    'PATCH card without a cardUserId string answers 200 with the card as it was (read as a wallet-only update).',
    {
      userlessPatchAnswered: true,
    },
  ),
  mutant(
    'cards-declined-of-another-card',
    'cards.authorizations.of-card',
    'Declined authorizations carry the last five digits of another card.',
    {
      authorizationItem: (record) =>
        record.authorizationStatus === 'DECLINED' ? { ...record, lastFive: lastFiveOf('another-card') } : record,
    },
  ),
  mutant(
    'cards-declined-timestamp-z',
    'cards.authorizations.items',
    'Declined authorizations have their timestamp with Z instead of +00:00.',
    {
      authorizationItem: (record) =>
        record.authorizationStatus === 'DECLINED'
          ? { ...record, authorizationTimestamp: String(record.authorizationTimestamp).replace('+00:00', 'Z') }
          : record,
    },
  ),
  mutant(
    'cards-notification-type-renamed',
    'cards.notification.record',
    'The notification says notificationType AUTH_SUCCESS.',
    {
      notificationBody: (record) => ({ ...record, notificationType: 'AUTH_SUCCESS' }),
    },
  ),
];
