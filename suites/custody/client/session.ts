import { custodyListingPaths } from '../../../rules/custody/endpoints.ts';
import type { FamilySession, SessionOptions } from '../../../client/family-session.ts';
import type { CustodySection } from '../entry/section.ts';
import { bearerPreflight } from '../../../client/preflight.ts';
import { withClient, wrongCredential } from '../../../client/credential-check.ts';
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
      const ask = (custody: CustodyClient) => custody.page(custodyListingPaths[0], { pageRequest: 'FIRST' });
      const wrong = () => new CustodyClient({ ...section, token: wrongCredential }, settings, redactor);
      return bearerPreflight('custody', section, await ask(client), () => withClient(wrong(), ask));
    },
    serve: {},
    close: () => client.close(),
  };
}
