import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { AgenticClient } from '../client/agentic-client.ts';
import { type NotificationDraft, notificationDraft } from '../../../generators/agentic/notification-draft.ts';
import { type NotificationRepeat, notificationRepeat } from '../../../generators/agentic/notification-repeat.ts';
import { type PayloadFault, payloadFaults, withFault } from '../../../generators/agentic/payload-fault.ts';
import { tamper, tamperedJwe, type Tampering } from '../../../generators/agentic/tampered-jwe.ts';
import { type PayloadContext, payloadOf } from '../../../generators/agentic/valid-payload.ts';
import { payloadKinds } from '../../../rules/agentic/records.ts';
import { countedBack, type SequenceReal, SequenceLog } from '../../support/stateful-phase.ts';
import { type Expectation, expectationText, type StepJudge } from './notification-judges.ts';

/*
 * The partner as a state machine, from document 2, part C. The document gives the partner no state its answers rest
 * on: "Agentic-commerce statuses: ... Transitions: not shown", and each answer is given by what the notification is
 * ("200, empty JSON object"; "400 | error {code, description, type USER_EXCEPTION, param (offending parameter)}").
 * So the model keeps only what a sequence sent (payload, JWE, trackingId, what it had to get), to send it again, the
 * same or one field changed, or tampered; and it expects of every notification what it would get alone. Each sequence
 * is a fresh agentId, fresh step-up sessions and, when the entry names no enrollment, fresh enrollments, so that what
 * one sequence leaves in the partner cannot be blamed on the next.
 */

/** A notification the sequence sent: its draft (undefined for a tampered JWE), what went on the wire, what it had to get. */
interface SentNotification {
  step: number;
  draft: NotificationDraft | undefined;
  jwe: string;
  trackingId: string;
  expectation: Expectation;
}

export interface NotificationModel {
  sent: SentNotification[];
  /** What was read leniently, in words: reported, never failed. */
  observed: string[];
}

export interface NotificationReal extends SequenceReal {
  client: AgenticClient;
  context: PayloadContext;
  /** The sequence's agentId, enrollments and step-up sessions. */
  agentId: string;
  enrollments: readonly string[];
  sessions: readonly string[];
  /** The judge of the rule running the phase, bound to its check. */
  judge: StepJudge;
}

const pickOf = <T>(values: readonly T[], index: number): T => values[index % values.length] as T;

/** The payload a draft stands for in a sequence, with its ids. */
function payloadOfDraft(draft: NotificationDraft, real: NotificationReal): Record<string, unknown> {
  const { kind, status, enrollment, session, proof, fault } = draft;
  const valid = payloadOf(
    kind,
    pickOf(payloadKinds[kind].statuses, status),
    real.context,
    pickOf(real.enrollments, enrollment),
    {
      proof,
      ...(session === undefined ? {} : { stepUpSessionId: pickOf(real.sessions, session) }),
    },
  ) as Record<string, unknown>;
  return fault ? withFault(valid, fault) : valid;
}

/** The draft in words: kind, status or what is wrong with it, enrollment, session. */
function draftText(draft: NotificationDraft, real: NotificationReal): string {
  const { kind, status, enrollment, session, fault } = draft;
  const what = fault
    ? fault.why.startsWith(kind)
      ? fault.why
      : `${kind} with ${fault.why}`
    : `${kind} with ${payloadKinds[kind].statusField} ${pickOf(payloadKinds[kind].statuses, status)}`;
  const sessionText =
    session === undefined ? 'no stepUpSessionId' : `stepUpSessionId ${pickOf(real.sessions, session)}`;
  const about = fault?.field === 'enrollmentId' ? '' : ` about ${pickOf(real.enrollments, enrollment)}`;
  return `${what}${about}, ${sessionText}`;
}

const expectationOf = (draft: NotificationDraft): Expectation =>
  draft.fault ? { refused: { ruleId: draft.fault.ruleId, field: draft.fault.field } } : { accepted: draft.kind };

/** Sends one notification, records it in the log and the model, and has the rule's judge look at the answer. */
async function send(
  model: NotificationModel,
  real: NotificationReal,
  sent: Omit<SentNotification, 'step'>,
  what: string,
  repeatedTrackingId = false,
): Promise<void> {
  const step = real.log.steps.length + 1;
  const why = `${what}; ${expectationText(sent.expectation)}`;
  const headers = { trackingId: sent.trackingId, agentId: real.agentId };
  const exchange = real.log.record(await real.client.sendJwe(sent.jwe, { headers }), why);
  model.sent.push({ ...sent, step });
  real.judge({ step, why, exchange, expectation: sent.expectation, repeatedTrackingId }, model.observed);
}

/** A fresh notification, valid or refused for one field. */
class SendCommand implements fc.AsyncCommand<NotificationModel, NotificationReal> {
  constructor(readonly draft: NotificationDraft) {}

  check(): boolean {
    return true;
  }

  async run(model: NotificationModel, real: NotificationReal): Promise<void> {
    const jwe = await real.client.encrypt(payloadOfDraft(this.draft, real));
    const sent = { draft: this.draft, jwe, trackingId: randomUUID(), expectation: expectationOf(this.draft) };
    await send(model, real, sent, draftText(this.draft, real));
  }

  toString(): string {
    return `send(${JSON.stringify({ ...this.draft, fault: this.draft.fault?.why })})`;
  }
}

/** The draft with one field changed (a refused field put right, or a required one left out), and the change in words. */
function changedDraft(
  draft: NotificationDraft,
  repeat: NotificationRepeat,
  faults: readonly PayloadFault[],
): { draft: NotificationDraft; text: string } {
  const { change, pick } = repeat;
  if (change === 'other status')
    return { draft: { ...draft, status: draft.status + 1 + (pick % 3) }, text: 'another status' };
  if (change === 'other session')
    return draft.session === undefined || pick % 2 === 0
      ? { draft: { ...draft, session: (draft.session ?? pick) + 1 }, text: 'another stepUpSessionId' }
      : { draft: { ...draft, session: undefined }, text: 'no stepUpSessionId' };
  if (change === 'other enrollment')
    return { draft: { ...draft, enrollment: draft.enrollment + 1 }, text: 'another enrollment' };
  if (draft.fault) return { draft: { ...draft, fault: undefined }, text: `${draft.fault.field} put right` };
  const missing = faults.filter(
    (fault) => fault.kind === draft.kind && fault.ruleId === 'agentic.payload.required-fields',
  );
  const fault = pickOf(missing, pick);
  return { draft: { ...draft, fault }, text: `${fault.field} left out` };
}

/** An earlier notification again: its JWE re-sent, its payload encrypted again, or one field of it changed. */
class RepeatCommand implements fc.AsyncCommand<NotificationModel, NotificationReal> {
  constructor(
    readonly repeat: NotificationRepeat,
    readonly faults: readonly PayloadFault[],
  ) {}

  check(model: Readonly<NotificationModel>): boolean {
    return model.sent.some((sent) => sent.draft !== undefined);
  }

  async run(model: NotificationModel, real: NotificationReal): Promise<void> {
    const drafted = model.sent.filter((sent) => sent.draft !== undefined);
    // Counted back from the latest: what a partner keeps wrongly shows soonest on what it got last.
    const earlier = countedBack(drafted, this.repeat.earlier);
    const draft = earlier.draft as NotificationDraft;
    const { change } = this.repeat;
    if (change === 'same JWE' || change === 'same JWE and trackingId') {
      const trackingId = change === 'same JWE' ? randomUUID() : earlier.trackingId;
      const text = `step ${earlier.step}'s JWE sent again${change === 'same JWE' ? '' : ' with its trackingId'} (${draftText(draft, real)})`;
      return send(model, real, { ...earlier, trackingId }, text, change === 'same JWE and trackingId');
    }
    const changed =
      change === 'encrypted again' ? { draft, text: 'encrypted again' } : changedDraft(draft, this.repeat, this.faults);
    const jwe = await real.client.encrypt(payloadOfDraft(changed.draft, real));
    const sent = { draft: changed.draft, jwe, trackingId: randomUUID(), expectation: expectationOf(changed.draft) };
    await send(model, real, sent, `step ${earlier.step}'s payload, ${changed.text}: ${draftText(changed.draft, real)}`);
  }

  toString(): string {
    return `repeat(${JSON.stringify(this.repeat)})`;
  }
}

/** An earlier JWE with one part altered: refused (jwe.tampered's), and the partner's next answers unchanged by it. */
class TamperCommand implements fc.AsyncCommand<NotificationModel, NotificationReal> {
  constructor(
    readonly earlier: number,
    readonly tampering: Tampering,
  ) {}

  check(model: Readonly<NotificationModel>): boolean {
    return model.sent.length > 0;
  }

  async run(model: NotificationModel, real: NotificationReal): Promise<void> {
    const earlier = countedBack(model.sent, this.earlier);
    const jwe = tamper(earlier.jwe, this.tampering);
    if (jwe === undefined || jwe === earlier.jwe) return;
    const sent = { draft: undefined, jwe, trackingId: randomUUID(), expectation: { undecryptable: true } as const };
    await send(model, real, sent, `step ${earlier.step}'s JWE with its ${this.tampering.why}`);
  }

  toString(): string {
    return `tamper(${this.earlier}, ${this.tampering.why})`;
  }
}

/** Sequences of up to ten notifications: fresh ones (valid and refused), repeats of earlier ones, tampered JWEs. */
export function notificationCommands(context: PayloadContext) {
  const faults = payloadFaults(context);
  const sends = notificationDraft(context).map((draft) => new SendCommand(draft));
  const repeats = notificationRepeat.map((repeat) => new RepeatCommand(repeat, faults));
  const tampers = fc
    .tuple(fc.nat({ max: 7 }), tamperedJwe.arbitrary)
    .map(([earlier, tampering]) => new TamperCommand(earlier, tampering));
  // fc.commands picks among its arbitraries evenly: fresh notifications and repeats weigh two each.
  return fc.commands([sends, sends, repeats, repeats, tampers], { maxCommands: 10, size: 'medium' });
}

/** A sequence's fresh model (its lenient readings go to `observed`, shared by the sequences) and real side. */
export function notificationSequence(
  real: Pick<NotificationReal, 'client' | 'context' | 'judge'>,
  observed: string[],
): { model: NotificationModel; real: NotificationReal } {
  const fresh = randomUUID().slice(0, 8);
  // The entry's enrollment is the one the partner is known to know: a sequence then uses it alone.
  const enrollments = real.context.enrollmentId
    ? [real.context.enrollmentId]
    : [`enr-seq-${fresh}-1`, `enr-seq-${fresh}-2`];
  return {
    model: { sent: [], observed },
    real: {
      ...real,
      agentId: `harness-sequence-${fresh}`,
      enrollments,
      sessions: [`step-up-${fresh}-1`, `step-up-${fresh}-2`],
      log: new SequenceLog(),
    },
  };
}
