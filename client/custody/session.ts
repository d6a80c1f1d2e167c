import { custodyListingPaths } from '../../rules/custody/endpoints.ts';
import type { FamilySession, SessionOptions } from '../family-session.ts';
import type { CustodySection } from '../../targets/custody/section.ts';
import { preflightReport } from '../preflight.ts';
import { CustodyClient } from './custody-client.ts';

/**
 * The custody session of a run: the token comes from the target entry (its issuance is not shown), so
 * workers share nothing through the broker; the preflight asks for the first page of the first listing.
 */
export function openCustodySession({
  section,
  client: settings,
  redactor,
  breaker,
}: SessionOptions<CustodySection>): FamilySession {
  const client = new CustodyClient(section, settings, redactor, breaker);
  return {
    async preflight() {
      const exchange = await client.page(custodyListingPaths[0], { pageRequest: 'FIRST' });
      const status = exchange.response?.status;
      return preflightReport(
        'custody',
        section.baseUrl,
        exchange,
        status !== undefined && status !== 401 && status !== 403,
      );
    },
    serve: {},
    close: () => client.close(),
  };
}
