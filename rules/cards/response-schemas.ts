import { z } from 'zod';
import { breaks } from '../rule-issues.ts';

/* The success bodies of the operations that change state: PATCH card and DELETE account. */

/** The 200 body of PATCH card: cardId, cardUserId and digitalWalletProvisionable, all required. */
export const assignmentResponseSchema = z.object(
  {
    cardId: z.string(breaks('cards.assign.response')),
    cardUserId: z.string(breaks('cards.assign.response')),
    digitalWalletProvisionable: z.boolean(breaks('cards.assign.response')).nullable(),
  },
  breaks('cards.assign.response'),
);

/** The 200 body of DELETE account: accountId and status INACTIVE. */
export const unenrolResponseSchema = z.object(
  {
    accountId: z.string(breaks('cards.unenrol.response')),
    status: z.literal('INACTIVE', breaks('cards.unenrol.response')),
  },
  breaks('cards.unenrol.response'),
);
