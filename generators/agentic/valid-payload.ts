import fc from 'fast-check';
import { payloadKinds, type NotificationPayload, type NotificationType } from '../../rules/agentic/records.ts';
import type { Gen } from '../gen.ts';

/** What a valid payload is made from: signed proofs of intent (made by the session) and, when known, the enrollment. */
export interface PayloadContext {
  proofs: readonly string[];
  /** An enrollment the partner knows; generated ids otherwise. */
  enrollmentId?: string;
}

const generatedId = fc.stringMatching(/^enr-[a-z0-9]{8,24}$/);

/** One payload of a kind with a status, with or without stepUpSessionId; pure. */
export function payloadOf(
  kind: NotificationType,
  status: string,
  context: PayloadContext,
  enrollmentId: string,
  extra: { stepUpSessionId?: string; proof?: number } = {},
): NotificationPayload {
  const base: Record<string, unknown> = {
    notificationType: kind,
    enrollmentId,
    [payloadKinds[kind].statusField]: status,
  };
  if (kind === 'INTENT_UPDATE') base.proofOfIntent = context.proofs[(extra.proof ?? 0) % context.proofs.length];
  if (extra.stepUpSessionId !== undefined) base.stepUpSessionId = extra.stepUpSessionId;
  return base as NotificationPayload;
}

/** Valid payloads of one kind: every status with and without stepUpSessionId, then random ones. */
export function validPayload(kind: NotificationType, context: PayloadContext): Gen<NotificationPayload> {
  const statuses = payloadKinds[kind].statuses as readonly string[];
  const id = context.enrollmentId ?? 'enr-harness-0001';
  return {
    boundaries: statuses.flatMap((status, index) => [
      payloadOf(kind, status, context, id, { proof: index }),
      payloadOf(kind, status, context, id, { stepUpSessionId: `step-up-${index}`, proof: index + 1 }),
    ]),
    arbitrary: fc
      .tuple(
        fc.constantFrom(...statuses),
        context.enrollmentId ? fc.constant(context.enrollmentId) : generatedId,
        fc.option(fc.uuid(), { nil: undefined }),
        fc.nat(),
      )
      .map(([status, enrollmentId, stepUpSessionId, proof]) =>
        payloadOf(kind, status, context, enrollmentId, {
          proof,
          ...(stepUpSessionId === undefined ? {} : { stepUpSessionId }),
        }),
      ),
  };
}
