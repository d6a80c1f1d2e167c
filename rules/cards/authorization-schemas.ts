import { z } from 'zod';
import { notificationTypes } from './enums.ts';
import { authorizationTimestampPattern, cardReferenceIdPattern, isCalendarDate } from './formats.ts';
import { cardsRuleIds as id } from './ids.ts';

import { maxAuthorizations, maxPerOutcome } from './limits.ts';

export { maxAuthorizations, maxPerOutcome };

const text = (rule: string) => z.string({ error: rule }).nullish();

/** An authorization item (all fields optional): USD, a YYYY-MM-DD date, the ISO 8601 timestamp pattern. */
function authorizationItemSchema(rule: string) {
  return z.object(
    {
      authorizationId: text(rule),
      authorizationStatus: text(rule),
      authorizationAmount: text(rule),
      authorizationCurrency: z.literal('USD', { error: rule }).nullish(),
      authorizationDate: z.string({ error: rule }).refine(isCalendarDate, { error: rule }).nullish(),
      authorizationTimestamp: z.string({ error: rule }).regex(authorizationTimestampPattern, { error: rule }).nullish(),
      authorizationDeclineReason: text(rule),
      lastFive: text(rule),
    },
    { error: rule },
  );
}

/** GET /authorizations: {cardId, authorizationDetails}; the items' formats name the items rule. */
export const authorizationsResponseSchema = z.object(
  {
    cardId: z.string({ error: id.authorizationsOfCard }),
    authorizationDetails: z.array(authorizationItemSchema(id.authorizationsItems), { error: id.authorizationsLimit }),
  },
  { error: id.authorizationsLimit },
);
export type AuthorizationsResponse = z.infer<typeof authorizationsResponseSchema>;

/** GET /authorizationnotifications: the notification record, every field optional. */
export const notificationSchema = z.object(
  {
    notificationId: text(id.notificationRecord),
    eventDescription: text(id.notificationRecord),
    notificationType: z.enum(notificationTypes, { error: id.notificationRecord }).nullish(),
    timeOfNotification: z
      .string({ error: id.notificationRecord })
      .regex(authorizationTimestampPattern, { error: id.notificationRecord })
      .nullish(),
    cardId: text(id.notificationRecord),
    accountId: text(id.notificationRecord),
    cardReferenceId: z
      .string({ error: id.notificationRecord })
      .regex(cardReferenceIdPattern, { error: id.notificationRecord })
      .nullish(),
    authorizationDetails: authorizationItemSchema(id.notificationRecord).nullish(),
  },
  { error: id.notificationRecord },
);

/** Whether an authorizationStatus says approved or declined (the document gives the words, not the case). */
export function outcomeOf(status: unknown): 'approved' | 'declined' | undefined {
  const word = typeof status === 'string' ? status.toLowerCase() : '';
  return word === 'approved' ? 'approved' : word === 'declined' ? 'declined' : undefined;
}
