import type { FamilySession, SessionOptions } from '../../../client/family-session.ts';
import type { CardsSection } from '../entry/section.ts';
import { bearerPreflight } from '../../../client/preflight.ts';
import { withClient, wrongCredential } from '../../../client/credential-check.ts';
import { CardsClient } from './cards-client.ts';

/**
 * The cards session of a run: the token comes from the target entry (its issuance is not shown), so workers
 * share nothing through the broker; the preflight reads the ACTIVATED card user of the fixtures.
 */
export function openCardsSession({
  section,
  client: settings,
  redactor,
  breaker,
}: SessionOptions<CardsSection>): FamilySession {
  const client = new CardsClient(section, settings, redactor, breaker);
  return {
    async preflight() {
      const ask = (cards: CardsClient) => cards.getCardUser(section.fixtures.cardUsers.ACTIVATED);
      const wrong = () => new CardsClient({ ...section, token: wrongCredential }, settings, redactor);
      return bearerPreflight('cards', section, await ask(client), () => withClient(wrong(), ask));
    },
    serve: {},
    close: () => client.close(),
  };
}
