import { z } from 'zod';
import { cardsRuleIds as id } from './ids.ts';

/* The success bodies of the operations that change state: PATCH card and DELETE account. */

/** The 200 body of PATCH card: cardId, cardUserId and digitalWalletProvisionable, all required. */
export const assignmentResponseSchema = z.object(
  {
    cardId: z.string({ error: id.assignResponse }),
    cardUserId: z.string({ error: id.assignResponse }),
    digitalWalletProvisionable: z.boolean({ error: id.assignResponse }).nullable(),
  },
  { error: id.assignResponse },
);

/** The 200 body of DELETE account: accountId and status INACTIVE. */
export const unenrolResponseSchema = z.object(
  { accountId: z.string({ error: id.unenrolResponse }), status: z.literal('INACTIVE', { error: id.unenrolResponse }) },
  { error: id.unenrolResponse },
);
