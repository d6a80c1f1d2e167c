import fc from 'fast-check';
import type { Verdict } from '../../../engine/rule-violation.ts';
import type { DocumentedRefusal } from '../../../checks/status-for-invalid-input.ts';
import type { CardsClient } from '../client/cards-client.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { type AssignmentTry, assignmentTry } from '../../../generators/cards/assignment-try.ts';
import { type CardRead, cardRead } from '../../../generators/cards/card-read.ts';
import { judgedAtStep, SequenceLog, type SequenceReal } from '../../support/stateful-phase.ts';
import { answered, earlierText, type PhaseHistory, type PoolCard, poolCard, readThrough } from './sequence-cards.ts';

/*
 * Unenrolment as a state machine, from document 2, part B: "DELETE account ... INACTIVE. Virtual cards of the account
 * become inaccessible; their status does not change; ... transactions stay retrievable". Nothing in the document
 * enrols an account again. The model holds whether this sequence unenrolled the disposable account (a DELETE of it
 * answered 2xx, or any DELETE once the rule's planned unenrolment answered 200): from then on GET card of each of its
 * cards is refused (4xx), and so is a PATCH of it, whatever came between: a repeated DELETE, the card read through GET
 * authorizations or GET transactions. Only that is this rule's to judge; what the reads answer is observed.
 */

export interface UnenrolmentModel {
  /** The step of this sequence's DELETE after which the account is unenrolled (undefined: none yet). */
  unenrolledAt: number | undefined;
  /** What was read leniently, in words: reported, never failed. */
  observed: string[];
}

export interface UnenrolmentReal extends SequenceReal {
  client: CardsClient;
  accountId: string;
  /** The account's cards. */
  cards: readonly PoolCard[];
  /** Whether the rule's planned DELETE answered 200: the account is unenrolled, whatever a repeat answers. */
  unenrolledBefore: boolean;
  /** A valid PATCH body naming a card user, for a card of the account. */
  patchBody: (attempt: AssignmentTry) => Record<string, unknown>;
  /** The rule's check (status-for-invalid-input), bound to the rule. */
  judge: (exchange: Exchange, documented: DocumentedRefusal) => Verdict;
  /** What the phase's sequences sent for each card (shared), and what they had sent when this one began. */
  history: PhaseHistory;
  earlier: ReadonlyMap<string, readonly string[]>;
}

/** DELETE account of the disposable account: its cards are inaccessible from here on. */
class UnenrolCommand implements fc.AsyncCommand<UnenrolmentModel, UnenrolmentReal> {
  check(): boolean {
    return true;
  }

  async run(model: UnenrolmentModel, real: UnenrolmentReal): Promise<void> {
    const step = real.log.steps.length + 1;
    const why = `DELETE account ${real.accountId}${
      real.unenrolledBefore ? ' (the rule unenrolled it before the phase: a repeat)' : ''
    }: the model expects its cards inaccessible from here on`;
    const exchange = real.log.record(await real.client.deleteAccount(real.accountId), why);
    const status = exchange.response?.status;
    const unenrolled = real.unenrolledBefore || (status !== undefined && status >= 200 && status <= 299);
    if (unenrolled) model.unenrolledAt ??= step;
    else model.observed.push(`step ${step}: ${why}: ${answered(exchange)}, so nothing is judged after it`);
  }

  toString(): string {
    return 'unenrol';
  }
}

/** A card of the account read through GET card (judged once unenrolled) or through another operation (observed). */
class ReadCommand implements fc.AsyncCommand<UnenrolmentModel, UnenrolmentReal> {
  constructor(readonly read: CardRead) {}

  check(): boolean {
    return true;
  }

  async run(model: UnenrolmentModel, real: UnenrolmentReal): Promise<void> {
    const card = poolCard(real.cards, this.read.card);
    const step = real.log.steps.length + 1;
    const { through } = this.read;
    if (through === 'authorizations' || through === 'transactions') {
      const { exchange, why } = await readThrough(real.client, card, through, undefined);
      real.log.record(exchange, `${why}: read, not judged here`);
      real.history.note(card.cardId, `${why}: ${answered(exchange)}`);
      // Transactions stay retrievable; whether authorizations do is not said: both only noted.
      const status = exchange.response?.status ?? 0;
      if (status >= 300 || (through === 'authorizations' && model.unenrolledAt !== undefined))
        model.observed.push(`step ${step}: ${why}: ${answered(exchange)}`);
      return;
    }
    const why =
      model.unenrolledAt === undefined
        ? `GET card ${card.cardId}: not judged (this sequence has not unenrolled ${real.accountId} yet)`
        : `GET card ${card.cardId} of ${real.accountId}: the model expects a refusal (4xx), the account unenrolled at step ${model.unenrolledAt}`;
    const exchange = real.log.record(await real.client.getCard(card.cardId), why);
    if (model.unenrolledAt === undefined) return;
    // The failing step's story first: what was asked and what the model expected.
    judgedAtStep(`step ${step}: ${why}${earlierText(real.earlier, card.cardId)}`, () => real.judge(exchange, null));
  }

  toString(): string {
    return `read(${JSON.stringify(this.read)})`;
  }
}

/**
 * PATCH of a card of the account naming a card user: once the account is unenrolled it must be refused (4xx), the card
 * inaccessible to this operation too; before, its answer is the assignment rules' and observed.
 */
class PatchCommand implements fc.AsyncCommand<UnenrolmentModel, UnenrolmentReal> {
  constructor(readonly attempt: AssignmentTry) {}

  check(): boolean {
    return true;
  }

  async run(model: UnenrolmentModel, real: UnenrolmentReal): Promise<void> {
    const card = poolCard(real.cards, this.attempt.card);
    const step = real.log.steps.length + 1;
    const body = real.patchBody(this.attempt);
    const why =
      model.unenrolledAt === undefined
        ? `PATCH card ${card.cardId} with ${JSON.stringify(body)}: not judged (this sequence has not unenrolled ${real.accountId} yet)`
        : `PATCH card ${card.cardId} of ${real.accountId} with ${JSON.stringify(body)}: the model expects a refusal (4xx), the account unenrolled at step ${model.unenrolledAt}`;
    const exchange = real.log.record(await real.client.patchCard(card.cardId, body), why);
    real.history.note(card.cardId, `PATCH card naming ${String(body.cardUserId)}: ${answered(exchange)}`);
    if (model.unenrolledAt === undefined) return;
    judgedAtStep(`step ${step}: ${why}${earlierText(real.earlier, card.cardId)}`, () => real.judge(exchange, null));
  }

  toString(): string {
    return `patch(${JSON.stringify(this.attempt)})`;
  }
}

/** Sequences of up to eight commands: reads of the cards, PATCHes of them, DELETEs of the account between. */
export const unenrolmentCommands = fc.commands(
  [
    cardRead.map((read) => new ReadCommand(read)),
    cardRead.map((read) => new ReadCommand(read)),
    fc.constant(new UnenrolCommand()),
    // PATCHes weigh as much as reads: the state after unenrolment is read through this operation too.
    assignmentTry.map((attempt) => new PatchCommand(attempt)),
    assignmentTry.map((attempt) => new PatchCommand(attempt)),
  ],
  { maxCommands: 8, size: 'medium' },
);

/** A sequence's fresh model (what it reads leniently goes to `observed`, shared by the sequences) and real side. */
export function unenrolmentSequence(
  real: Omit<UnenrolmentReal, 'log' | 'earlier'>,
  observed: string[],
): { model: UnenrolmentModel; real: UnenrolmentReal } {
  return {
    model: { unenrolledAt: undefined, observed },
    real: { ...real, log: new SequenceLog(), earlier: real.history.snapshot() },
  };
}
