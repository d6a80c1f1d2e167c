import type { FamilySession, SessionOptions } from '../family-session.ts';
import type { ShortenerSection } from '../../targets/shortener/section.ts';
import { preflightReport } from '../preflight.ts';
import { ShortenerClient } from './shortener-client.ts';

/**
 * The shortener session of a run: nothing to share between workers (the token, if any, is in the entry).
 * The preflight sends a body that is not an array, so it registers no short URL; any answer but 401/403 will do.
 */
export function openShortenerSession({
  section,
  client: settings,
  redactor,
  breaker,
}: SessionOptions<ShortenerSection>): FamilySession {
  const client = new ShortenerClient(section, settings, redactor, breaker);
  return {
    async preflight() {
      const exchange = await client.map({});
      const status = exchange.response?.status;
      return preflightReport(
        'shortener',
        section.baseUrl,
        exchange,
        status !== undefined && status !== 401 && status !== 403,
      );
    },
    serve: {},
    close: () => client.close(),
  };
}
