import type { FamilySession, SessionOptions } from '../family-session.ts';
import { servesOperation } from '../../rules/cdr/endpoints.ts';
import type { CdrSection } from '../../targets/cdr/section.ts';
import { preflightReport } from '../preflight.ts';
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
      const exchange =
        servesOperation(section, 'status') || !servesOperation(section, 'list')
          ? await client.status()
          : await client.list({ pageSize: 1 });
      const status = exchange.response?.status;
      return preflightReport(
        'cdr',
        section.baseUrl,
        exchange,
        status !== undefined && status !== 401 && status !== 403,
      );
    },
    serve: {},
    close: () => client.close(),
  };
}
