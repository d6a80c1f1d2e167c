import { walkKeys, walkTransactions, type TransactionsWalk } from './checks/transactions-walk.ts';
import { PrerequisiteMissing } from '../../engine/rule-blocked.ts';
import type { Exchange } from '../../client/http-exchange.ts';
import { addDays } from '../../rules/cards/calendar.ts';
import { maxWindowDays } from '../../rules/cards/limits.ts';
import { transactionDay } from '../../rules/cards/transactions-schemas.ts';
import { ruleTest, useCardsSession, type CardsSession } from './support/cards-session.ts';
import { runDays } from './support/run-clock.ts';
import { walkTransactionPages } from './support/walk-transactions.ts';
import { leftUnanswered } from '../../client/circuit-breaker.ts';
import { ruleInProgress } from '../../core/rule-in-progress.ts';
import type { RuleId } from '../../rules/rule-id.ts';
import { silenceOutcome } from '../../engine/silent-target.ts';
import { runRulePhase } from '../support/stateful-phase.ts';
import { PhaseHistory } from './support/sequence-cards.ts';
import { walletValue } from './support/free-card.ts';
import { unenrolmentCommands, unenrolmentSequence } from './support/unenrolment-model.ts';

const session = useCardsSession();

/** What one unenrolment showed: the account's cards, transactions and the notification before and after. */
interface Unenrolment {
  accountId: string;
  cardIds: string[];
  cardsBefore: Exchange[];
  /** The walk before the deletion, or why it could not be made: only the transactions-kept rule needs it. */
  transactionsBefore: TransactionsWalk | PrerequisiteMissing;
  notificationBefore: Exchange;
  deletion: Exchange;
  cardsAfter: Exchange[];
  /** The walk after the deletion, or why it could not be made: that is the transactions-kept rule's to judge. */
  transactionsAfter: TransactionsWalk | PrerequisiteMissing;
  notificationAfter: Exchange;
}

// The account can be unenrolled once: every rule of this file judges the same unenrolment, made by the first.
const unenrolments = new WeakMap<CardsSession, Promise<Unenrolment>>();

/**
 * A walk, or the prerequisite it missed, kept as thrown (not resolved: the unenrolment is shared, and each rule that
 * reads it resolves what it throws for itself).
 */
async function walkOrMissing(walk: () => Promise<TransactionsWalk>): Promise<TransactionsWalk | PrerequisiteMissing> {
  try {
    return await walk();
  } catch (error) {
    if (error instanceof PrerequisiteMissing) return error;
    throw error;
  }
}

async function unenrol(current: CardsSession): Promise<Unenrolment> {
  const { client, section } = current;
  const accountId = section.fixtures.disposableAccountId as string;
  const window = { accountId, startDate: addDays(runDays().today, -maxWindowDays), endDate: runDays().today };
  const transactionsBefore = await walkOrMissing(() => walkTransactionPages(client, window));
  const named = (transactionsBefore instanceof PrerequisiteMissing ? [] : walkTransactions(transactionsBefore))
    .map((item) => (item as { cardId?: unknown } | null)?.cardId)
    .filter((cardId): cardId is string => typeof cardId === 'string');
  const cardIds = [...new Set([...section.fixtures.disposableCardIds, ...named])];
  const cardsBefore = await Promise.all(cardIds.map((cardId) => client.getCard(cardId)));
  const notificationBefore = await client.getAuthorizationNotification();
  const deletion = await client.deleteAccount(accountId);
  const cardsAfter = await Promise.all(cardIds.map((cardId) => client.getCard(cardId)));
  const transactionsAfter = await walkOrMissing(() => walkTransactionPages(client, window));
  const notificationAfter = await client.getAuthorizationNotification();
  return {
    accountId,
    cardIds,
    cardsBefore,
    transactionsBefore,
    notificationBefore,
    deletion,
    cardsAfter,
    transactionsAfter,
    notificationAfter,
  };
}

function unenrolment(): Promise<Unenrolment> {
  const current = session();
  let made = unenrolments.get(current);
  if (!made) {
    made = unenrol(current);
    unenrolments.set(current, made);
  }
  return made;
}

/**
 * Without cards of the account nothing can be judged about them: blocked where the walk that would have named
 * them was, else the target entry's to fix.
 */
function requireCards(seen: Unenrolment): void {
  if (seen.cardIds.length === 0 && seen.transactionsBefore instanceof PrerequisiteMissing)
    throw seen.transactionsBefore;
  if (seen.cardIds.length === 0)
    throw new Error(
      `no card of the disposable account ${seen.accountId} is known: name them in fixtures.disposableCardIds`,
    );
}

ruleTest('cards.unenrol.response', async ({ check }) => {
  const seen = await unenrolment();
  return check({ exchange: seen.deletion, accountId: seen.accountId });
});

ruleTest('cards.unenrol.cards-inaccessible', async ({ run, observe, check }) => {
  const seen = await unenrolment();
  requireCards(seen);
  const verdicts = seen.cardsAfter.map((exchange) => check(exchange, null));
  // Then the account as a state machine: DELETEs, reads and PATCHes of its cards, any failure shrunk to the shortest.
  const { client, section } = session();
  const observed: string[] = [];
  const history = new PhaseHistory();
  await runRulePhase(run, observe, observed, {
    commands: unenrolmentCommands,
    setup: () =>
      unenrolmentSequence(
        {
          client,
          accountId: seen.accountId,
          cards: seen.cardIds.map((cardId) => ({ cardId, label: `a card of ${seen.accountId}` })),
          unenrolledBefore: seen.deletion.response?.status === 200,
          patchBody: (attempt) => ({
            cardUserId: section.fixtures.cardUsers.ACTIVATED,
            digitalWalletProvisionable: walletValue(section, attempt.walletValue),
          }),
          judge: check,
          history,
        },
        observed,
      ),
  });
  return verdicts;
});

ruleTest('cards.unenrol.card-status', async ({ check }) => {
  const seen = await unenrolment();
  requireCards(seen);
  return seen.cardIds.map((cardId, index) =>
    check({ before: seen.cardsBefore[index] as Exchange, after: seen.cardsAfter[index] as Exchange, cardId }),
  );
});

ruleTest('cards.unenrol.no-notification', async ({ run, check }) => {
  const seen = await unenrolment();
  // The unenrolment is made once for the file, maybe by another rule: its silence is checked here, not by the engine.
  const reads = [seen.notificationBefore, seen.notificationAfter];
  if (reads.every((read) => read.error && leftUnanswered(read.error.code)))
    throw await silenceOutcome(
      run,
      { id: ruleInProgress() as string, family: 'cards' },
      {
        count: reads.length,
        first: reads[0],
      },
    );
  return check({ before: seen.notificationBefore, after: seen.notificationAfter, cardIds: seen.cardIds });
});

ruleTest('cards.unenrol.transactions-kept', async ({ check }) => {
  const seen = await unenrolment();
  // Without a walk before the deletion there is nothing to keep: blocked by the rule that stopped it.
  if (seen.transactionsBefore instanceof PrerequisiteMissing) throw seen.transactionsBefore;
  const before = seen.transactionsBefore;
  // The same walk gave pages before the deletion: no page after it is this rule's failure (a walk that loops stays the
  // links rule's).
  const after = seen.transactionsAfter;
  // A page that is no transactions page is this rule's own failure here (the rule in progress judges it).
  if (after instanceof PrerequisiteMissing) {
    throw after.judgedBy.includes('cards.transactions.items')
      ? new PrerequisiteMissing([ruleInProgress() as RuleId], `after the unenrolment, ${after.missing}`, after.evidence)
      : after;
  }
  const days = walkTransactions(before)
    .map(transactionDay)
    .filter((day): day is string => day !== undefined);
  const { today } = runDays();
  return check({
    walk: after,
    expected: {
      from: days.at(-1) ?? addDays(today, -maxWindowDays),
      to: today,
      toleratedFrom: addDays(today, -maxWindowDays),
      mustInclude: walkKeys(before),
      why: 'shown before the unenrolment',
    },
  });
});
