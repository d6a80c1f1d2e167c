import type { Exchange } from '../../client/http-exchange.ts';
import { assignmentResponseSchema } from '../../rules/cards/response-schemas.ts';
import { recordRule } from '../record-rule.ts';
import { jsonOf, responseOf } from '../response-required.ts';
import { assignmentOf } from './card-view.ts';
import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';
import type { RuleId } from '../../rules/rule-id.ts';

/** A PATCH card tried and what GET card showed after it. */
export interface AssignmentAttempt {
  patch: Exchange;
  after: Exchange;
  /** The case in words (card status, user status, body). */
  why: string;
  accepted: boolean;
  /** The card user asked for. */
  cardUserId: string;
  /** The card user the card had before (undefined: none). */
  before: string | undefined;
}

/**
 * An assignment the rules allow is accepted (200) and shows on the card; one they forbid is refused (4xx)
 * and leaves the card's user as it was.
 */
export function assignmentOutcome(attempt: AssignmentAttempt, ruleId: RuleId): Verdict {
  const { status } = responseOf(attempt.patch, ruleId);
  const shown = assignmentOf(attempt.after, ruleId).cardUserId;
  const evidence = [attempt.patch, attempt.after];
  if (attempt.accepted) {
    if (status !== 200)
      throw new RuleViolation(ruleId, `${attempt.why}: refused with ${status}; the assignment is allowed`, evidence);
    if (shown !== attempt.cardUserId)
      throw new RuleViolation(
        ruleId,
        `${attempt.why}: accepted, but GET card shows card user ${String(shown)}`,
        evidence,
      );
  } else {
    // not-a-limit: the 4xx range, not a page size
    if (status < 400 || status > 499)
      throw new RuleViolation(
        ruleId,
        `${attempt.why}: answered ${status}; the assignment must be refused (4xx)`,
        evidence,
      );
    if (shown !== attempt.before)
      throw new RuleViolation(
        ruleId,
        `${attempt.why}: refused, but GET card now shows card user ${String(shown)} (was ${String(attempt.before)})`,
        evidence,
      );
  }
  return passed(ruleId, { status });
}

/** A PATCH on an assigned card leaves digitalWalletProvisionable as it was, in its answer and on the card. */
export function walletUnchanged(
  observed: { patch: Exchange; after: Exchange; before: unknown; why: string },
  ruleId: RuleId,
): Verdict {
  const { status } = responseOf(observed.patch, ruleId);
  const evidence = [observed.patch, observed.after];
  if (status === 200) {
    const answered =
      (jsonOf(observed.patch, ruleId) as { digitalWalletProvisionable?: unknown } | null)?.digitalWalletProvisionable ??
      undefined;
    if (answered !== observed.before)
      throw new RuleViolation(
        ruleId,
        `${observed.why}: accepted with digitalWalletProvisionable ${String(answered)} (was ${String(observed.before)})`,
        evidence,
      );
  }
  const shown = assignmentOf(observed.after, ruleId).digitalWalletProvisionable;
  if (shown !== observed.before)
    throw new RuleViolation(
      ruleId,
      `${observed.why}: GET card now shows digitalWalletProvisionable ${String(shown)} (was ${String(observed.before)})`,
      evidence,
    );
  return passed(ruleId, { status });
}

/** The 200 of an assignment carries cardId, cardUserId and digitalWalletProvisionable, as asked. */
export function assignmentResponse(
  observed: { patch: Exchange; cardId: string; cardUserId: string; digitalWalletProvisionable: boolean | null },
  ruleId: RuleId,
): Verdict {
  recordRule(observed.patch, ruleId, {
    record: `PATCH card ${observed.cardId}`,
    schema: assignmentResponseSchema,
    statuses: [200],
  });
  const body = jsonOf(observed.patch, ruleId) as Record<string, unknown>;
  for (const key of ['cardId', 'cardUserId', 'digitalWalletProvisionable'] as const) {
    if (body[key] !== observed[key])
      throw new RuleViolation(
        ruleId,
        `PATCH card ${observed.cardId} answered ${key} ${JSON.stringify(body[key])}, not ${JSON.stringify(observed[key])}`,
        [observed.patch],
      );
  }
  return passed(ruleId);
}
