import { z } from 'zod';
import { walkBoundsFields } from '../../../targets/walk-bounds.ts';
import { cardStatuses, cardUserStatuses } from '../../../rules/cards/enums.ts';
import { followOriginsFix, followOriginsSchema } from '../../../targets/follow-origins.ts';

const ids = z.array(z.string().min(1)).min(1);

/**
 * The fixtures a card-on-demand target must name: card creation, account enrolment and card-user enrolment
 * are not shown in the document, so the harness cannot make its own.
 */
const fixturesSchema = z
  .object({
    /**
     * Per card status, cards that have no card user. The PATCH rules assign ACTIVE and PREACTIVE ones (one of each per
     * run, from the start of each list), and the stateful phase of cards.assign.no-reassignment one more PREACTIVE card
     * (from the end of its list; without a free one its sequences go on without it): list fresh ones for a target
     * that is not restarted between runs.
     */
    unassignedCards: z
      .object(
        Object.fromEntries(cardStatuses.map((status) => [status, ids])) as Record<
          (typeof cardStatuses)[number],
          typeof ids
        >,
      )
      .strict(),
    /** An ACTIVE and a PREACTIVE card that already have a card user (another than the ACTIVATED one of cardUsers). */
    assignedCards: z.object({ ACTIVE: z.string().min(1), PREACTIVE: z.string().min(1) }).strict(),
    /** One card user per status. */
    cardUsers: z
      .object(
        Object.fromEntries(cardUserStatuses.map((status) => [status, z.string().min(1)])) as Record<
          (typeof cardUserStatuses)[number],
          z.ZodString
        >,
      )
      .strict(),
    /** An account with transactions spread over more than 18 months. */
    historyAccountId: z.string().min(1),
    /** An account with no transactions. */
    emptyAccountId: z.string().min(1),
    /** A card with more than 100 authorizations. */
    manyAuthorizationsCardId: z.string().min(1),
    /**
     * A disposable account for the unenrolment rules, only if you accept that it is unenrolled; without it those rules
     * are not applicable.
     */
    disposableAccountId: z.string().min(1).optional(),
    /** Cards of the disposable account, to see them become inaccessible; those its transactions name are added. */
    disposableCardIds: z.array(z.string().min(1)).default([]),
  })
  .strict();

/** `families.cards` of a target entry: the card-on-demand interface of document 2, part B. */
export const cardsSectionSchema = z
  .object({
    /** The card base address ({card_base_url}, carrying v1); the paths are relative to it. */
    baseUrl: z.url(),
    /** OAuth 2.0 bearer token (its issuance is not shown in the spec); write it as a ${VAR} placeholder. */
    token: z.string().min(1),
    /**
     * Whether the partner has signed up for mobile wallet provisioning (decides digitalWalletProvisionable on PATCH
     * card).
     */
    walletProvisioning: z.boolean(),
    fixtures: fixturesSchema,
    ...walkBoundsFields,
    /**
     * Origins besides baseUrl's that transactions links may name and the harness may follow (a target behind a
     * gateway). Default none.
     */
    followOrigins: followOriginsSchema,
  })
  .strict();

export type CardsSection = z.infer<typeof cardsSectionSchema>;
export type CardsFixtures = CardsSection['fixtures'];

export const cardsConfigFixes: Record<string, string> = {
  baseUrl: 'give the card base address, e.g. "http://127.0.0.1:8080/cards-api/v1"',
  token: 'write "${YOUR_CARDS_TOKEN_VARIABLE}" and export the variable; never put the token in the file',
  walletProvisioning: 'true when the partner signed up for mobile wallet provisioning, else false',
  followOrigins: followOriginsFix,
  fixtures:
    'name the cards (unassignedCards per status, assignedCards), cardUsers per status, historyAccountId, emptyAccountId and manyAuthorizationsCardId',
};
