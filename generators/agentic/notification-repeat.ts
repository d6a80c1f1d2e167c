import fc from 'fast-check';

/**
 * How a notification of a sequence repeats an earlier one: its very JWE sent again (with a fresh trackingId, or the
 * earlier one's), its payload encrypted again, or its payload with one field changed (another status of the
 * enumeration, another step-up session or none, another enrollment, the refused field put right or a required
 * field left out).
 */
export const repeatChanges = [
  'same JWE',
  'same JWE and trackingId',
  'encrypted again',
  'other status',
  'other session',
  'other enrollment',
  'fault toggled',
] as const;
export type RepeatChange = (typeof repeatChanges)[number];

/** Which earlier notification (`earlier`, counted back from the latest), what changes, and `pick` to choose with. */
export interface NotificationRepeat {
  earlier: number;
  change: RepeatChange;
  pick: number;
}

/** How often each change is drawn: the same notification re-sent and a field put right or left out weigh two. */
const weights: Readonly<Record<RepeatChange, number>> = {
  'same JWE': 2,
  'same JWE and trackingId': 2,
  'encrypted again': 1,
  'other status': 1,
  'other session': 1,
  'other enrollment': 1,
  'fault toggled': 2,
};

export const notificationRepeat: fc.Arbitrary<NotificationRepeat> = fc.record({
  earlier: fc.nat({ max: 7 }),
  change: fc.oneof(...repeatChanges.map((change) => ({ arbitrary: fc.constant(change), weight: weights[change] }))),
  pick: fc.nat({ max: 11 }),
});
