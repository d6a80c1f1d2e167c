import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { signedProofs } from '../../../suites/agentic/client/proof-of-intent.ts';
import { notificationDraft } from '../../../generators/agentic/notification-draft.ts';
import { notificationRepeat, repeatChanges } from '../../../generators/agentic/notification-repeat.ts';
import { payloadFaults, withFault } from '../../../generators/agentic/payload-fault.ts';
import { payloadOf, type PayloadContext } from '../../../generators/agentic/valid-payload.ts';
import { notificationPayloadSchema, payloadKinds } from '../../../rules/agentic/records.ts';

let context: PayloadContext;
beforeAll(async () => {
  context = { proofs: await signedProofs() };
});

describe('payload faults (the field-rule generator, per kind)', () => {
  test('each fault, made on any valid payload of its kind with a step-up session, breaks the schema at its field', () => {
    const faults = payloadFaults(context);
    expect(new Set(faults.map((fault) => fault.ruleId)).size).toBe(3);
    for (const fault of faults)
      for (const status of payloadKinds[fault.kind].statuses) {
        const valid = payloadOf(fault.kind, status, context, 'enr-seq-1', { stepUpSessionId: 's-1' });
        const parsed = notificationPayloadSchema.safeParse(withFault(valid, fault));
        expect(parsed.success, fault.why).toBe(false);
        expect(
          parsed.error?.issues.map((issue) => issue.path[0]),
          fault.why,
        ).toContain(fault.field);
      }
  });

  test('withFault leaves its input as it was', () => {
    const [fault] = payloadFaults(context);
    const valid = payloadOf('ENROLLMENT_UPDATE', 'ACTIVE', context, 'enr-seq-1') as Record<string, unknown>;
    const copy = { ...valid };
    if (fault) withFault(valid, fault);
    expect(valid).toEqual(copy);
  });
});

describe('sequence drafts and repeats', () => {
  test('same seed, same drafts; valid and refused both drawn; a refusal is of its fault kind', () => {
    const sample = fc.sample(notificationDraft(context), { seed: 7, numRuns: 200 });
    expect(fc.sample(notificationDraft(context), { seed: 7, numRuns: 200 })).toEqual(sample);
    expect(sample.some((draft) => draft.fault === undefined)).toBe(true);
    expect(sample.some((draft) => draft.fault?.ruleId === 'agentic.payload.required-fields')).toBe(true);
    expect(sample.filter((draft) => draft.fault && draft.fault.kind !== draft.kind)).toEqual([]);
  });

  test('same seed, same repeats; every change drawn', () => {
    const sample = fc.sample(notificationRepeat, { seed: 7, numRuns: 200 });
    expect(fc.sample(notificationRepeat, { seed: 7, numRuns: 200 })).toEqual(sample);
    expect(new Set(sample.map((repeat) => repeat.change))).toEqual(new Set(repeatChanges));
  });
});
