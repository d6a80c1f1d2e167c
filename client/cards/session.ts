import type { FamilySession, SessionOptions } from '../family-session.ts';
import type { CardsSection } from '../../targets/cards/section.ts';
import { preflightReport } from '../preflight.ts';
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
      const exchange = await client.getCardUser(section.fixtures.cardUsers.ACTIVATED);
      const status = exchange.response?.status;
      return preflightReport(
        'cards',
        section.baseUrl,
        exchange,
        status !== undefined && status !== 401 && status !== 403,
      );
    },
    serve: {},
    close: () => client.close(),
  };
}
