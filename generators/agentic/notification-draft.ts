import fc from 'fast-check';
import { notificationTypes, type NotificationType } from '../../rules/agentic/records.ts';
import { type PayloadFault, payloadFaults } from './payload-fault.ts';
import type { PayloadContext } from './valid-payload.ts';

/**
 * One notification of a sequence, before the sequence's own ids are known: a payload of `kind` with its `status`-th
 * status, about the sequence's `enrollment`-th enrollment, in its `session`-th step-up session or none, and, for a
 * refused one, a `fault` of the field-rule generator. Indices are taken modulo what the sequence has.
 */
export interface NotificationDraft {
  kind: NotificationType;
  status: number;
  enrollment: number;
  session: number | undefined;
  proof: number;
  fault: PayloadFault | undefined;
}

/**
 * Valid and refused notifications, one as often as the other; refusals for a missing field weigh as much as the
 * other two field rules together (the sequences' refusals are what the later answers must not remember).
 */
export function notificationDraft(context: PayloadContext): fc.Arbitrary<NotificationDraft> {
  const faults = payloadFaults(context);
  const ofRule = (required: boolean) =>
    fc.constantFrom(...faults.filter((fault) => (fault.ruleId === 'agentic.payload.required-fields') === required));
  return (
    fc
      .record({
        status: fc.nat({ max: 3 }),
        enrollment: fc.nat({ max: 1 }),
        session: fc.option(fc.nat({ max: 1 }), { freq: 4, nil: undefined }),
        proof: fc.nat({ max: 3 }),
        fault: fc.oneof(fc.constant(undefined), fc.oneof(ofRule(true), ofRule(false))),
        kind: fc.constantFrom(...notificationTypes),
      })
      // A refusal is of the kind its fault was made for.
      .map((draft) => (draft.fault ? { ...draft, kind: draft.fault.kind } : draft))
  );
}
