import type { AssignmentAttempt } from './checks/assignment.ts';
import type { Verdict } from '../../engine/rule-violation.ts';
import { assignmentOf } from './checks/card-view.ts';
import {
  assignableCardStatuses,
  cardStatuses,
  cardUserStatuses,
  type CardStatus,
  type CardUserStatus,
} from '../../rules/cards/enums.ts';
import { ruleTest, useCardsSession } from './support/cards-session.ts';
import { freeCard, walletValue } from './support/free-card.ts';
import { judgedTogether } from './support/judged-together.ts';
import { runRulePhase } from '../support/stateful-phase.ts';
import { PhaseHistory } from './support/sequence-cards.ts';
import { assignmentCommands, assignmentSequence } from './support/assignment-model.ts';
import { assignmentPool } from './support/assignment-pool.ts';

// Every test of this file PATCHes cards: vitest runs them one after the other, so no two pick the same free card.
const session = useCardsSession();

/** The assignment rules' bound check (assignment-outcome). */
type JudgeAttempt = (attempt: AssignmentAttempt) => Verdict;

/** Sends a PATCH card, reads the card after it, and judges it with the rule's check. */
async function attempt(
  check: JudgeAttempt,
  cardId: string,
  body: Record<string, unknown>,
  accepted: boolean,
  why: string,
  before: string | undefined,
) {
  const { client } = session();
  const patch = await client.patchCard(cardId, body);
  const after = await client.getCard(cardId);
  return check({ patch, after, why: `${why} (card ${cardId})`, accepted, cardUserId: String(body.cardUserId), before });
}

const allowed = (card: CardStatus, user: CardUserStatus) =>
  (assignableCardStatuses as readonly string[]).includes(card) && user === 'ACTIVATED';

ruleTest('cards.assign.eligibility', async ({ check }) => {
  const { client, section } = session();
  // The refused users first: only the last attempt on a card may assign it.
  const users = [...cardUserStatuses].sort((a, b) => Number(a === 'ACTIVATED') - Number(b === 'ACTIVATED'));
  // A status whose card cannot be read blocks the rule, but never hides a fault another status shows.
  const perStatus = await judgedTogether(
    cardStatuses.map(async (cardStatus) => {
      const cardId = await freeCard(client, section, cardStatus);
      const verdicts = [];
      for (const userStatus of users) {
        const body = {
          cardUserId: section.fixtures.cardUsers[userStatus],
          digitalWalletProvisionable: walletValue(section),
        };
        verdicts.push(
          await attempt(
            check,
            cardId,
            body,
            allowed(cardStatus, userStatus),
            `a ${cardStatus} card and a ${userStatus} user`,
            undefined,
          ),
        );
      }
      return verdicts;
    }),
  );
  return perStatus.flat();
});

ruleTest('cards.assign.no-reassignment', async ({ run, observe, check }) => {
  const { client, section } = session();
  // The users the assigned cards have: the sequences name them too (another ACTIVATED user than the fixtures' one).
  const holders: string[] = [];
  const verdicts = await Promise.all(
    assignableCardStatuses.map(async (status) => {
      const cardId = section.fixtures.assignedCards[status];
      const before = assignmentOf(await client.getCard(cardId)).cardUserId;
      const other = section.fixtures.cardUsers.ACTIVATED;
      if (typeof before === 'string') holders.push(before);
      if (typeof before !== 'string' || before === other)
        throw new Error(
          `fixtures.assignedCards.${status} (${cardId}) must have a card user other than the ACTIVATED user of fixtures.cardUsers (it shows ${String(before)})`,
        );
      return attempt(
        check,
        cardId,
        { cardUserId: other, digitalWalletProvisionable: walletValue(section) },
        false,
        `reassigning the ${status} card of ${before} to ${other}`,
        before,
      );
    }),
  );
  // Then the cards as a state machine: random sequences of reads and PATCHes, any failure shrunk to the shortest.
  const observed: string[] = [];
  const history = new PhaseHistory();
  const { cards, note } = await assignmentPool(client, section);
  const fixtureUsers = [...cardUserStatuses].map((status) => section.fixtures.cardUsers[status]);
  if (note) observe('stateful phase, cards', note);
  await runRulePhase(run, observe, observed, {
    commands: assignmentCommands(section.walletProvisioning),
    setup: () =>
      assignmentSequence(
        {
          client,
          cards,
          users: [...new Set([fixtureUsers[0] as string, ...holders, ...fixtureUsers])],
          fixtureUsers,
          walletProvisioning: section.walletProvisioning,
          judge: check,
          history,
        },
        observed,
      ),
  });
  return verdicts;
});

ruleTest('cards.assign.wallet-fixed', async ({ check }) => {
  const { client, section } = session();
  return Promise.all(
    assignableCardStatuses.map(async (status) => {
      const cardId = section.fixtures.assignedCards[status];
      const card = await client.getCard(cardId);
      const { cardUserId, digitalWalletProvisionable: before } = assignmentOf(card);
      const patch = await client.patchCard(cardId, { cardUserId, digitalWalletProvisionable: before !== true });
      const after = await client.getCard(cardId);
      return check({
        patch,
        after,
        before,
        why: `PATCH of the assigned ${status} card ${cardId} with its own user and digitalWalletProvisionable ${String(before !== true)}`,
      });
    }),
  );
});

/** PATCH bodies an ACTIVE and a PREACTIVE card must refuse, tried on a free card of each. */
async function refusedBodies(check: JudgeAttempt, bodies: { change: Record<string, unknown>; why: string }[]) {
  const { client, section } = session();
  const verdicts = [];
  for (const status of assignableCardStatuses) {
    const cardId = await freeCard(client, section, status);
    for (const { change, why } of bodies)
      verdicts.push(
        await attempt(
          check,
          cardId,
          { cardUserId: section.fixtures.cardUsers.ACTIVATED, ...change },
          false,
          `a ${status} card, ${why}`,
          undefined,
        ),
      );
  }
  return verdicts;
}

ruleTest('cards.assign.wallet-required', ({ check }) =>
  refusedBodies(check, [
    { change: {}, why: 'digitalWalletProvisionable left out' },
    { change: { digitalWalletProvisionable: null }, why: 'digitalWalletProvisionable null' },
  ]),
);

ruleTest('cards.assign.wallet-null', ({ check }) =>
  refusedBodies(check, [
    { change: { digitalWalletProvisionable: true }, why: 'digitalWalletProvisionable true' },
    { change: { digitalWalletProvisionable: false }, why: 'digitalWalletProvisionable false' },
  ]),
);

// "body cardUserId (string, required)": left out, null or not a string, with a valid wallet value.
ruleTest('cards.assign.user-required', ({ check }) => {
  const { section } = session();
  const wallet = { digitalWalletProvisionable: walletValue(section) };
  return refusedBodies(check, [
    { change: { ...wallet, cardUserId: undefined }, why: 'cardUserId left out' },
    { change: { ...wallet, cardUserId: null }, why: 'cardUserId null' },
    { change: { ...wallet, cardUserId: 42 }, why: 'cardUserId 42, not a string' },
  ]);
});

ruleTest('cards.assign.response', async ({ check }) => {
  const { client, section } = session();
  const verdicts = [];
  for (const status of assignableCardStatuses) {
    const cardId = await freeCard(client, section, status);
    const body = {
      cardUserId: section.fixtures.cardUsers.ACTIVATED,
      digitalWalletProvisionable: walletValue(section, false),
    };
    verdicts.push(check({ patch: await client.patchCard(cardId, body), cardId, ...body }));
  }
  return verdicts;
});
