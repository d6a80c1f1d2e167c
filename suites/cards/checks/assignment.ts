import type { RuleUnderCheck } from '../../../engine/check.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { assignmentResponseSchema } from '../../../rules/cards/response-schemas.ts';
import { recordRule } from '../../../checks/record-rule.ts';
import { jsonOf, responseOf } from '../../../checks/response-required.ts';
import { assignmentOf } from './card-view.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';

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
export function assignmentOutcome(attempt: AssignmentAttempt): Verdict {
  const { status } = responseOf(attempt.patch);
  const shown = assignmentOf(attempt.after).cardUserId;
  const evidence = [attempt.patch, attempt.after];
  if (attempt.accepted) {
    if (status !== 200)
      throw new Violation(`${attempt.why}: refused with ${status}; the assignment is allowed`, evidence);
    if (shown !== attempt.cardUserId)
      throw new Violation(`${attempt.why}: accepted, but GET card shows card user ${String(shown)}`, evidence);
  } else {
    // not-a-limit: the 4xx range, not a page size
    if (status < 400 || status > 499)
      throw new Violation(`${attempt.why}: answered ${status}; the assignment must be refused (4xx)`, evidence);
    if (shown !== attempt.before)
      throw new Violation(
        `${attempt.why}: refused, but GET card now shows card user ${String(shown)} (was ${String(attempt.before)})`,
        evidence,
      );
  }
  return passed({ status });
}

/** A PATCH on an assigned card leaves digitalWalletProvisionable as it was, in its answer and on the card. */
export function walletUnchanged(observed: { patch: Exchange; after: Exchange; before: unknown; why: string }): Verdict {
  const { status } = responseOf(observed.patch);
  const evidence = [observed.patch, observed.after];
  if (status === 200) {
    const answered =
      (jsonOf(observed.patch) as { digitalWalletProvisionable?: unknown } | null)?.digitalWalletProvisionable ??
      undefined;
    if (answered !== observed.before)
      throw new Violation(
        `${observed.why}: accepted with digitalWalletProvisionable ${String(answered)} (was ${String(observed.before)})`,
        evidence,
      );
  }
  const shown = assignmentOf(observed.after).digitalWalletProvisionable;
  if (shown !== observed.before)
    throw new Violation(
      `${observed.why}: GET card now shows digitalWalletProvisionable ${String(shown)} (was ${String(observed.before)})`,
      evidence,
    );
  return passed({ status });
}

/** The 200 of an assignment carries cardId, cardUserId and digitalWalletProvisionable, as asked. */
export function assignmentResponse(
  this: RuleUnderCheck,
  observed: {
    patch: Exchange;
    cardId: string;
    cardUserId: string;
    digitalWalletProvisionable: boolean | null;
  },
): Verdict {
  recordRule.call(this, observed.patch, {
    record: `PATCH card ${observed.cardId}`,
    schema: assignmentResponseSchema,
    statuses: [200],
  });
  const body = jsonOf(observed.patch) as Record<string, unknown>;
  // Sent null (the partner not signed up, or no card user), the field the answer must carry has no documented value:
  // only "otherwise the field must be null" of the request. Its value is observed, never judged.
  const echoed = observed.digitalWalletProvisionable === null ? (['cardId', 'cardUserId'] as const) : fields;
  for (const key of echoed) {
    if (body[key] !== observed[key])
      throw new Violation(
        `PATCH card ${observed.cardId} answered ${key} ${JSON.stringify(body[key])}, not ${JSON.stringify(observed[key])}`,
        [observed.patch],
      );
  }
  return observed.digitalWalletProvisionable === null
    ? passed({ 'digitalWalletProvisionable answered to null': JSON.stringify(body.digitalWalletProvisionable) })
    : passed();
}

const fields = ['cardId', 'cardUserId', 'digitalWalletProvisionable'] as const;
