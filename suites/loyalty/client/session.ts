import type { FamilySession, SessionOptions } from '../../../client/family-session.ts';
import type { LoyaltySection } from '../entry/section.ts';
import { preflightReport } from '../../../client/preflight.ts';
import {
  type CredentialCheck,
  checkCredential,
  withClient,
  withCredentialChecks,
  wrongCredential,
} from '../../../client/credential-check.ts';
import { LoyaltyClient } from './loyalty-client.ts';
import type { Exchange } from '../../../client/http-exchange.ts';

/**
 * The loyalty session of a run: key, MAC settings and token are in the entry, so workers share nothing. The
 * preflight sends an empty notification (invalid, so it changes nothing) in each form of Authorization the entry
 * gives (MAC, bearer): each is tried against a wrong one, so a wrong secret, recipe or token is the entry's mistake.
 */
export function openLoyaltySession({
  section,
  client: settings,
  redactor,
  breaker,
}: SessionOptions<LoyaltySection>): FamilySession {
  const client = new LoyaltyClient(section, settings, redactor, breaker);
  const ask = (loyalty: LoyaltyClient, auth: 'mac' | 'bearer') => loyalty.send({ operation: 'notify', body: {}, auth });
  const askWrong = (wrongSection: LoyaltySection, auth: 'mac' | 'bearer') =>
    withClient(new LoyaltyClient(wrongSection, settings, redactor), (wrong) => ask(wrong, auth));
  return {
    async preflight() {
      const first = await ask(client, client.defaultAuth);
      const status = first.response?.status;
      const report = preflightReport(
        'loyalty',
        section.baseUrl,
        first,
        status !== undefined && status !== 401 && status !== 403,
      );
      const sentWith = async (auth: 'mac' | 'bearer'): Promise<Exchange> =>
        auth === client.defaultAuth ? first : ask(client, auth);
      const checks: CredentialCheck[] = [];
      if (section.mac)
        checks.push(
          await checkCredential({
            kind: 'MAC',
            key: 'mac (its secret, id and recipe: signs, bodyHashAlgorithm, encoding) or apiKey',
            sent: await sentWith('mac'),
            withWrong: () => askWrong({ ...section, mac: { ...section.mac!, secret: wrongCredential } }, 'mac'),
          }),
        );
      if (section.bearerToken)
        checks.push(
          await checkCredential({
            kind: 'bearer token',
            key: 'bearerToken',
            sent: await sentWith('bearer'),
            withWrong: () => askWrong({ ...section, bearerToken: wrongCredential }, 'bearer'),
          }),
        );
      return withCredentialChecks(report, checks);
    },
    serve: {},
    close: () => client.close(),
  };
}
