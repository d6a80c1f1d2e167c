import type { FamilySession, SessionOptions } from '../../../client/family-session.ts';
import { servesOperation } from '../../../rules/cdr/endpoints.ts';
import type { CdrSection } from '../entry/section.ts';
import { bearerPreflight } from '../../../client/preflight.ts';
import { withClient, wrongCredential } from '../../../client/credential-check.ts';
import { CdrClient } from './cdr-client.ts';

/**
 * The cdr session of a run: the token, when any, comes from the target entry, so workers share nothing through
 * the broker; the preflight asks for the service status.
 */
export function openCdrSession({
  section,
  client: settings,
  redactor,
  breaker,
}: SessionOptions<CdrSection>): FamilySession {
  const client = new CdrClient(section, settings, redactor, breaker);
  return {
    async preflight() {
      // The status operation when served, else the product list (an entry may mark an operation as not served).
      const ask = (cdr: CdrClient) =>
        servesOperation(section, 'status') || !servesOperation(section, 'list')
          ? cdr.status()
          : cdr.list({ pageSize: 1 });
      const wrong = () => new CdrClient({ ...section, token: wrongCredential }, settings, redactor);
      return bearerPreflight('cdr', section, await ask(client), () => withClient(wrong(), ask));
    },
    serve: {},
    close: () => client.close(),
  };
}
