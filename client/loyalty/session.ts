import type { FamilySession, SessionOptions } from '../family-session.ts';
import type { LoyaltySection } from '../../targets/loyalty/section.ts';
import { preflightReport } from '../preflight.ts';
import { LoyaltyClient } from './loyalty-client.ts';

/**
 * The loyalty session of a run: key, MAC settings and token are in the entry, so workers share nothing. The
 * preflight sends an empty notification (invalid, so it changes nothing), signed: 401/403 means the
 * credentials are refused.
 */
export function openLoyaltySession({
  section,
  client: settings,
  redactor,
  breaker,
}: SessionOptions<LoyaltySection>): FamilySession {
  const client = new LoyaltyClient(section, settings, redactor, breaker);
  return {
    async preflight() {
      const exchange = await client.send({ operation: 'notify', body: {} });
      const status = exchange.response?.status;
      return preflightReport(
        'loyalty',
        section.baseUrl,
        exchange,
        status !== undefined && status !== 401 && status !== 403,
      );
    },
    serve: {},
    close: () => client.close(),
  };
}
