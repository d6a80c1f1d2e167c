import type { FamilyHandler, FamilyReferenceOptions } from '../family-reference.ts';
import { CardsContext } from './context.ts';
import { cardsBehaviourFor } from './mutants/index.ts';
import { handleCards } from './router.ts';
import { CardsState } from './state.ts';

/** The card-on-demand reference's handler: imported when a reference starts (reference/cards/index.ts). */
export function createCardsHandler({ mode, mutant, env }: FamilyReferenceOptions): FamilyHandler {
  const context = new CardsContext(
    cardsBehaviourFor(mutant),
    new CardsState(new Date()),
    env.REFERENCE_CARDS_TOKEN as string,
    mode !== 'no-wallet-provisioning',
  );
  return { handle: (req, res, path) => handleCards(context, req, res, path) };
}
