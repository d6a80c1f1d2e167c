import fc from 'fast-check';
import type { AssignmentAttempt } from '../checks/assignment.ts';
import type { Verdict } from '../../../engine/rule-violation.ts';
import type { CardsClient } from '../client/cards-client.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { type AssignmentTry, assignmentTry } from '../../../generators/cards/assignment-try.ts';
import { type CardRead, cardRead } from '../../../generators/cards/card-read.ts';
import { leftOut, type PatchRefusal, patchRefusal, patchRefusalText } from '../../../generators/cards/patch-refusal.ts';
import { SequenceLog, type SequenceReal } from '../../support/stateful-phase.ts';
import {
  answered,
  earlierText,
  type PhaseHistory,
  type PoolCard,
  poolCard,
  readThrough,
  shownUser,
} from './sequence-cards.ts';

/*
 * Card assignment as a state machine, from document 2, part B: "A card that has a card user cannot be reassigned"
 * (rules for assigning a card user, 2). The model holds what this sequence saw of each card: the card user GET card
 * showed, and at which step. The commands are the documented operations on a pool of cards (the assigned fixture cards,
 * a free PREACTIVE card, an INACTIVE one): GET card, the card read through GET authorizations, GET transactions and GET
 * card user, PATCH card naming a card user, and PATCH bodies refused for one field. Only the reassignment rule is
 * judged: a card seen with a user keeps it whatever a PATCH asks, and a PATCH naming another user is refused. Whether a
 * free card takes a user, or a read through another operation answers, is other rules' (read leniently, observed).
 */

/** What the sequence saw of a card: its card user (undefined: none) and the step that showed it. */
interface SeenCard {
  user: string | undefined;
  step: number;
}

export interface AssignmentModel {
  /** The cards the commands address (the real side's), by index: a command keeps its card when others are shrunk away. */
  pool: readonly PoolCard[];
  cards: Map<string, SeenCard>;
  /** Card users the sequence saw on cards, in order. */
  seen: string[];
  /** What was read leniently, in words: reported, never failed. */
  observed: string[];
}

export interface AssignmentReal extends SequenceReal {
  client: CardsClient;
  cards: readonly PoolCard[];
  /**
   * The card users a PATCH may name, the ACTIVATED one of the fixtures first, then those the rule's planned probe saw on
   * the assigned cards, then the other fixture users.
   */
  users: readonly string[];
  /** The card users of the fixtures, the ACTIVATED one first: those a PATCH of a free card names (declared statuses). */
  fixtureUsers: readonly string[];
  walletProvisioning: boolean;
  /** The reassignment rule's check (assignment-outcome), bound to the rule. */
  judge: (attempt: AssignmentAttempt) => Verdict;
  /** What the phase's sequences sent for each card (shared), and what they had sent when this one began. */
  history: PhaseHistory;
  earlier: ReadonlyMap<string, readonly string[]>;
}

/** The users a PATCH may name: the real side's (the ACTIVATED one first), then others this sequence saw on cards. */
const userPool = (model: AssignmentModel, real: AssignmentReal) => [...new Set([...real.users, ...model.seen])];

const userText = (user: string | undefined) => (user === undefined ? 'no card user' : `card user ${user}`);

/** Learns what GET card showed of a card (a 200 only), and the user it names. */
function learn(model: AssignmentModel, cardId: string, exchange: Exchange, step: number): void {
  if (exchange.response?.status !== 200) return;
  const user = shownUser(exchange);
  model.cards.set(cardId, { user, step });
  if (user !== undefined && !model.seen.includes(user)) model.seen.push(user);
}

/** What the model expects of a PATCH naming `named` on a card it saw, in words. */
function expectation(seen: SeenCard, named: string | undefined): string {
  if (seen.user === undefined)
    return `it showed no card user at step ${seen.step}: an assignment or a refusal, the eligibility rules' to judge`;
  if (named === seen.user)
    return `its own user again (shown at step ${seen.step}): a 200 or a refusal, the card keeping ${seen.user}`;
  return `it showed ${seen.user} at step ${seen.step}, so a refusal (4xx) and the card keeping ${seen.user}`;
}

/** Sends a PATCH and GET card after it, both steps of the sequence; the model learns what GET card showed. */
async function patchAndRead(
  model: AssignmentModel,
  real: AssignmentReal,
  card: PoolCard,
  body: Record<string, unknown>,
  why: string,
): Promise<{ patch: Exchange; after: Exchange; step: number }> {
  const step = real.log.steps.length + 1;
  const patch = real.log.record(await real.client.patchCard(card.cardId, body), why);
  real.history.note(card.cardId, `PATCH card naming ${String(body.cardUserId)}: ${answered(patch)}`);
  const seen = model.cards.get(card.cardId) as SeenCard;
  const after = real.log.record(
    await real.client.getCard(card.cardId),
    `GET card ${card.cardId} after it: the model expects ${
      seen.user === undefined ? 'whatever the PATCH made of it' : userText(seen.user)
    }`,
  );
  return { patch, after, step };
}

/**
 * What the sequence saw of a card before a PATCH of it: what it read before, else GET card now (a step of its own).
 * Undefined where GET card shows no card (observed: the card record rules judge that).
 */
async function seenBefore(model: AssignmentModel, real: AssignmentReal, card: PoolCard): Promise<SeenCard | undefined> {
  const known = model.cards.get(card.cardId);
  if (known) return known;
  const step = real.log.steps.length + 1;
  const why = `GET card ${card.cardId} (${card.label}) before a PATCH of it: the model learns its card user`;
  const exchange = real.log.record(await real.client.getCard(card.cardId), why);
  learn(model, card.cardId, exchange, step);
  if (exchange.response?.status !== 200) model.observed.push(`step ${step}: ${why}: ${answered(exchange)}`);
  return model.cards.get(card.cardId);
}

/** Reads a card through GET card (the model learns its user) or through another operation (observed). */
class ReadCommand implements fc.AsyncCommand<AssignmentModel, AssignmentReal> {
  constructor(readonly read: CardRead) {}

  check(): boolean {
    return true;
  }

  async run(model: AssignmentModel, real: AssignmentReal): Promise<void> {
    const card = poolCard(real.cards, this.read.card);
    const seen = model.cards.get(card.cardId);
    const step = real.log.steps.length + 1;
    // A card user is read only where the sequence saw one on the card: else the card itself.
    if (this.read.through === 'card' || (this.read.through === 'card user' && seen?.user === undefined)) {
      const why = `GET card ${card.cardId} (${card.label}): the model expects ${
        seen ? `${userText(seen.user)} (shown at step ${seen.step})` : 'what it has (first read in this sequence)'
      }`;
      const exchange = real.log.record(await real.client.getCard(card.cardId), why);
      if (seen?.user !== undefined && shownUser(exchange) !== seen.user)
        model.observed.push(`step ${step}: ${why}: shows ${userText(shownUser(exchange))}`);
      if (exchange.response?.status !== 200) model.observed.push(`step ${step}: ${why}: ${answered(exchange)}`);
      return learn(model, card.cardId, exchange, step);
    }
    const { exchange, why } = await readThrough(real.client, card, this.read.through, seen?.user);
    real.log.record(exchange, `${why}: read, not judged here`);
    real.history.note(card.cardId, `${why}: ${answered(exchange)}`);
    if (exchange.response?.status !== 200 && exchange.response?.status !== 206)
      model.observed.push(`step ${step}: ${why}: ${answered(exchange)}`);
  }

  toString(): string {
    return `read(${JSON.stringify(this.read)})`;
  }
}

/** PATCH card naming a user with a valid body (the card read first if not yet): a card seen with a user keeps it. */
class PatchCommand implements fc.AsyncCommand<AssignmentModel, AssignmentReal> {
  constructor(readonly attempt: AssignmentTry) {}

  check(): boolean {
    return true;
  }

  async run(model: AssignmentModel, real: AssignmentReal): Promise<void> {
    const card = poolCard(model.pool, this.attempt.card);
    const seen = await seenBefore(model, real, card);
    if (!seen) return;
    // A free card is offered the fixtures' users, whose statuses the entry declares: its outcome is eligibility's.
    const pool = seen.user === undefined ? real.fixtureUsers : userPool(model, real);
    const named = pool[this.attempt.user % pool.length] as string;
    const wallet = real.walletProvisioning ? this.attempt.walletValue : null;
    const why = `PATCH card ${card.cardId} (${card.label}) naming ${named}, digitalWalletProvisionable ${wallet}: the model expects ${expectation(seen, named)}`;
    const sent = await patchAndRead(model, real, card, { cardUserId: named, digitalWalletProvisionable: wallet }, why);
    judgeKept(model, real, { ...sent, cardId: card.cardId, seen, named, why });
    learn(model, card.cardId, sent.after, sent.step + 1);
  }

  toString(): string {
    return `patch(${JSON.stringify(this.attempt)})`;
  }
}

/**
 * Judges a PATCH on a card seen with a user by the reassignment rule's check: another user is refused and the card
 * keeps its user; its own user again may be accepted or refused, the card keeping it. A card seen free is observed.
 */
function judgeKept(
  model: AssignmentModel,
  real: AssignmentReal,
  sent: {
    patch: Exchange;
    after: Exchange;
    step: number;
    cardId: string;
    seen: SeenCard;
    named: string | undefined;
    why: string;
  },
): void {
  const { patch, after, step, seen, named, why } = sent;
  const status = patch.response?.status;
  // not-a-limit: the 4xx range, not a page size.
  const refused = status !== undefined && status >= 400 && status <= 499;
  const text = `step ${step}: ${why}${earlierText(real.earlier, sent.cardId)}`;
  if (seen.user === undefined) {
    // A free card taking a user, or a refusal, is the eligibility rules' to judge: only what was not a refusal is noted.
    if (!refused) model.observed.push(`${text}: ${answered(patch)}, then ${userText(shownUser(after))}`);
    return;
  }
  if (named === seen.user && !refused && status !== 200) {
    model.observed.push(`${text}: ${answered(patch)} (its own user again)`);
    return;
  }
  const accepted = named === seen.user && status === 200;
  real.judge({ patch, after, why: text, accepted, cardUserId: String(named ?? 'none'), before: seen.user });
}

/** A PATCH body refused for one field (the card read first if not yet): a card seen with a user keeps it. */
class RefusalCommand implements fc.AsyncCommand<AssignmentModel, AssignmentReal> {
  constructor(readonly refusal: PatchRefusal) {}

  check(): boolean {
    return true;
  }

  async run(model: AssignmentModel, real: AssignmentReal): Promise<void> {
    const card = poolCard(model.pool, this.refusal.card);
    const seen = await seenBefore(model, real, card);
    if (!seen) return;
    // Another user than the card's: a reassignment refused for a field as well.
    const other = userPool(model, real).find((user) => user !== seen.user) as string;
    const body: Record<string, unknown> = {
      cardUserId: other,
      digitalWalletProvisionable: real.walletProvisioning ? true : null,
    };
    const { field, value } = this.refusal;
    if (value === leftOut) delete body[field];
    else body[field] = value;
    const named = typeof body.cardUserId === 'string' ? body.cardUserId : undefined;
    const why = `PATCH card ${card.cardId} (${card.label}) with ${patchRefusalText(this.refusal)}${
      field === 'cardUserId' ? '' : `, naming ${other}`
    }, which its field rule refuses: the model expects ${expectation(seen, named)}`;
    const sent = await patchAndRead(model, real, card, body, why);
    const status = sent.patch.response?.status;
    // Only a refusal is judged here: a 200 for a refused field is the field rule's (observed). not-a-limit: the 4xx range.
    if (seen.user !== undefined && (status === undefined || status < 400 || status > 499))
      model.observed.push(`step ${sent.step}: ${why}: ${answered(sent.patch)}`);
    else judgeKept(model, real, { ...sent, cardId: card.cardId, seen, named, why });
    learn(model, card.cardId, sent.after, sent.step + 1);
  }

  toString(): string {
    return `refusal(${patchRefusalText(this.refusal)} to card ${this.refusal.card})`;
  }
}

/** Sequences of up to eight commands: reads, PATCHes naming users (most of them) and PATCHes refused for a field. */
export function assignmentCommands(walletProvisioning: boolean) {
  const reads = cardRead.map((read) => new ReadCommand(read));
  const patches = assignmentTry.map((attempt) => new PatchCommand(attempt));
  const refusals = patchRefusal(walletProvisioning).map((refusal) => new RefusalCommand(refusal));
  // fc.commands picks among its arbitraries evenly: listed twice to weigh twice.
  return fc.commands([reads, reads, patches, patches, refusals], { maxCommands: 8, size: 'medium' });
}

/** A sequence's fresh model (what it reads leniently goes to `observed`, shared by the sequences) and real side. */
export function assignmentSequence(
  real: Omit<AssignmentReal, 'log' | 'earlier'>,
  observed: string[],
): { model: AssignmentModel; real: AssignmentReal } {
  return {
    model: { pool: real.cards, cards: new Map(), seen: [], observed },
    real: { ...real, log: new SequenceLog(), earlier: real.history.snapshot() },
  };
}
