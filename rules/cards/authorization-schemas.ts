import { z } from 'zod';
import { breaks } from '../rule-issues.ts';
import type { RuleId } from '../rule-id.ts';
import { notificationTypes } from './enums.ts';
import { authorizationTimestampPattern, cardReferenceIdPattern, isCalendarDate } from './formats.ts';

import { maxAuthorizations, maxPerOutcome } from './limits.ts';

export { maxAuthorizations, maxPerOutcome };

const text = (rule: RuleId) => z.string(breaks(rule)).nullish();

/** An authorization item (all fields optional): USD, a YYYY-MM-DD date, the ISO 8601 timestamp pattern. */
function authorizationItemSchema(rule: RuleId) {
  return z.object(
    {
      authorizationId: text(rule),
      authorizationStatus: text(rule),
      authorizationAmount: text(rule),
      authorizationCurrency: z.literal('USD', breaks(rule)).nullish(),
      authorizationDate: z.string(breaks(rule)).refine(isCalendarDate, breaks(rule)).nullish(),
      authorizationTimestamp: z.string(breaks(rule)).regex(authorizationTimestampPattern, breaks(rule)).nullish(),
      authorizationDeclineReason: text(rule),
      lastFive: text(rule),
    },
    breaks(rule),
  );
}

/** GET /authorizations: {cardId, authorizationDetails}; the items' formats name the items rule. */
export const authorizationsResponseSchema = z.object(
  {
    cardId: z.string(breaks('cards.authorizations.of-card')),
    authorizationDetails: z.array(
      authorizationItemSchema('cards.authorizations.items'),
      breaks('cards.authorizations.limit'),
    ),
  },
  breaks('cards.authorizations.limit'),
);
export type AuthorizationsResponse = z.infer<typeof authorizationsResponseSchema>;

/** GET /authorizationnotifications: the notification record, every field optional. */
export const notificationSchema = z.object(
  {
    notificationId: text('cards.notification.record'),
    eventDescription: text('cards.notification.record'),
    notificationType: z.enum(notificationTypes, breaks('cards.notification.record')).nullish(),
    timeOfNotification: z
      .string(breaks('cards.notification.record'))
      .regex(authorizationTimestampPattern, breaks('cards.notification.record'))
      .nullish(),
    cardId: text('cards.notification.record'),
    accountId: text('cards.notification.record'),
    cardReferenceId: z
      .string(breaks('cards.notification.record'))
      .regex(cardReferenceIdPattern, breaks('cards.notification.record'))
      .nullish(),
    authorizationDetails: authorizationItemSchema('cards.notification.record').nullish(),
  },
  breaks('cards.notification.record'),
);

/** Whether an authorizationStatus says approved or declined (the document gives the words, not the case). */
export function outcomeOf(status: unknown): 'approved' | 'declined' | undefined {
  const word = typeof status === 'string' ? status.toLowerCase() : '';
  return word === 'approved' ? 'approved' : word === 'declined' ? 'declined' : undefined;
}
