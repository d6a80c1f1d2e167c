import type { FamilySession, SessionOptions } from '../../families/family.ts';
import type { CdrSection } from '../../targets/cdr/section.ts';
import { preflightReport } from '../preflight.ts';
import { CdrClient } from './cdr-client.ts';

/**
 * The cdr session of a run: the token, when any, comes from the target entry, so workers share nothing through
 * the broker; the preflight asks for the service status.
 */
export function openCdrSession({ section, client: settings, redactor, breaker }: SessionOptions<CdrSection>): FamilySession {
  const client = new CdrClient(section, settings, redactor, breaker);
  return {
    async preflight() {
      const exchange = await client.status();
      const status = exchange.response?.status;
      return preflightReport('cdr', section.baseUrl, exchange, status !== undefined && status !== 401 && status !== 403);
    },
    serve: {},
    close: () => client.close(),
  };
}
