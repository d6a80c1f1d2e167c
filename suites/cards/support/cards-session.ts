import { withSharedChecks } from '../../../checks/index.ts';
import { cardsChecks } from '../checks/index.ts';
import { CardsClient } from '../client/cards-client.ts';
import { defaultRedactor } from '../../../core/redaction.ts';
import { cardsRules } from '../../../rules/cards/rules.ts';
import type { CardsSection } from '../entry/section.ts';
import { type FamilySuiteSession, useFamilySession } from '../../support/family-session.ts';
import { ruleTestFor } from '../../../engine/rule-test.ts';

/** `ruleTest(ruleId, ({ check }) => ...)` for the cards rules, each judged by the check it names. */
export const ruleTest = ruleTestFor(cardsRules, withSharedChecks(cardsChecks));

export interface CardsSession extends FamilySuiteSession<CardsSection> {
  client: CardsClient;
}

/** Opens a cards client for one suite file and closes it after; a target without a cards section gets none. */
export function useCardsSession(): () => CardsSession {
  return useFamilySession<CardsSection, CardsSession>('cards', ({ run, section, breaker }) => ({
    client: new CardsClient(section, run.target.client, defaultRedactor, breaker),
  }));
}
