import type { RuleVerdict } from '../../../engine/rule-check.ts';
import { judgedAtStep } from '../../support/stateful-phase.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import type { PayloadFieldRule } from '../../../generators/agentic/payload-fault.ts';
import { agenticStatuses, type NotificationType } from '../../../rules/agentic/records.ts';

/*
 * What the model expects of each notification of a sequence, and the judges of the two rules that run the phase.
 * Part C of document 2 gives the partner no state its answers rest on ("Transitions: not shown"): each notification is
 * answered for what it is, whatever came before it. A judge fails its own rule's sentence through the rule's check;
 * an answer another rule's sentence is about is read leniently and observed, so that one fault fails one rule.
 */

/** What a notification must get, by what it is: accepted, refused for one field, or not decryptable. */
export type Expectation =
  | { accepted: NotificationType }
  | { refused: { ruleId: PayloadFieldRule; field: string } }
  | { undecryptable: true };

/** The expectation in words, for the step's line. */
export function expectationText(expectation: Expectation): string {
  if ('accepted' in expectation) return 'expected 200 with an empty JSON object';
  if ('refused' in expectation)
    return `expected 400 USER_EXCEPTION, param (if sent) naming ${expectation.refused.field}`;
  return 'expected a 4xx refusal';
}

/** One step of a sequence as a judge sees it. */
export interface JudgedStep {
  step: number;
  /** The request and the model's expectation, in words. */
  why: string;
  exchange: Exchange;
  expectation: Expectation;
  /**
   * Sent again under the trackingId it had ("unique tracking identifier"): a partner may refuse the repeated
   * identifier itself, so only an acceptance of what must be refused is judged then.
   */
  repeatedTrackingId?: boolean;
}

/** Judges a step for the rule running the phase; what is another rule's goes to `observed`. */
export type StepJudge = (judged: JudgedStep, observed: string[]) => void;

const answered = (exchange: Exchange) => exchange.response?.status ?? exchange.error?.code ?? 'no answer';

/** The rule's check on a step, its violation restated with the step and what was expected there. */
const atStep = (judged: JudgedStep, judge: () => RuleVerdict): void => {
  judgedAtStep(`step ${judged.step}: ${judged.why}`, judge);
};

/** Observes an answer whose status is not what its expectation says (another rule's sentence). */
function observeStatus({ step, why, exchange, expectation }: JudgedStep, observed: string[]): void {
  const status = exchange.response?.status;
  const owner =
    'accepted' in expectation
      ? `agentic.${expectation.accepted.toLowerCase().replaceAll('_', '-')}.accepted`
      : 'refused' in expectation
        ? expectation.refused.ruleId
        : 'agentic.jwe.tampered';
  const met =
    'accepted' in expectation
      ? status === agenticStatuses.accepted
      : 'refused' in expectation
        ? status === agenticStatuses.userException
        : status !== undefined && status >= 400 && status <= 499;
  if (!met) observed.push(`step ${step}: ${why}: ${answered(exchange)} (${owner}'s to judge)`);
}

/**
 * agentic.bodies.accepted-empty: the 200 of every valid notification is `{}`, whatever was refused, re-sent or
 * tampered before it. A valid notification answered otherwise is its accepted rule's, observed.
 */
export function acceptedBodyJudge(check: (exchange: Exchange, expected: { status: number }) => RuleVerdict): StepJudge {
  return (judged, observed) => {
    if ('accepted' in judged.expectation && judged.exchange.response?.status === agenticStatuses.accepted)
      atStep(judged, () => check(judged.exchange, { status: agenticStatuses.accepted }));
    else observeStatus(judged, observed);
  };
}

/**
 * agentic.payload.required-fields: every notification missing a required field is 400 USER_EXCEPTION, its `param`
 * naming that field, each time, whatever was refused or accepted before it (a re-sent one too). Other refusals are
 * their rules', observed; so is any 4xx to one sent again under its own trackingId (the partner may refuse the repeat).
 */
export function requiredFieldJudge(check: (exchange: Exchange, expected: { field: string }) => RuleVerdict): StepJudge {
  return (judged, observed) => {
    const { expectation } = judged;
    const status = judged.exchange.response?.status;
    if (judged.repeatedTrackingId && status !== undefined && status >= 400 && status <= 499)
      observed.push(
        `step ${judged.step}: ${judged.why}: ${status} (a trackingId sent again may be refused for itself)`,
      );
    else if ('refused' in expectation && expectation.refused.ruleId === 'agentic.payload.required-fields')
      atStep(judged, () => check(judged.exchange, { field: expectation.refused.field }));
    else observeStatus(judged, observed);
  };
}
