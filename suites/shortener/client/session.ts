import type { FamilySession, SessionOptions } from '../../../client/family-session.ts';
import type { ShortenerSection } from '../entry/section.ts';
import { bearerPreflight } from '../../../client/preflight.ts';
import { withClient, wrongCredential } from '../../../client/credential-check.ts';
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
      const ask = (shortener: ShortenerClient) => shortener.map({});
      const wrong = () => new ShortenerClient({ ...section, token: wrongCredential }, settings, redactor);
      return bearerPreflight('shortener', section, await ask(client), () => withClient(wrong(), ask));
    },
    serve: {},
    close: () => client.close(),
  };
}
