import type { FamilySession, SessionOptions } from '../family-session.ts';
import type { AgenticSection } from '../../targets/agentic/section.ts';
import { preflightReport } from '../preflight.ts';
import { AgenticClient } from './agentic-client.ts';

/**
 * The agentic session of a run: token and key are in the entry, so workers share nothing. The preflight sends
 * an empty JSON object unencrypted (it changes no state): any answer but 401/403 shows the token is taken.
 */
export function openAgenticSession({
  section,
  client: settings,
  redactor,
  breaker,
}: SessionOptions<AgenticSection>): FamilySession {
  const client = new AgenticClient(section, settings, redactor, breaker);
  return {
    async preflight() {
      const exchange = await client.sendRaw('{}', 'application/json');
      const status = exchange.response?.status;
      return preflightReport(
        'agentic',
        section.baseUrl,
        exchange,
        status !== undefined && status !== 401 && status !== 403,
      );
    },
    serve: {},
    close: () => client.close(),
  };
}
