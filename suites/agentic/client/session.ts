import type { FamilySession, SessionOptions } from '../../../client/family-session.ts';
import type { AgenticSection } from '../entry/section.ts';
import { bearerPreflight } from '../../../client/preflight.ts';
import { withClient, wrongCredential } from '../../../client/credential-check.ts';
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
      const ask = (agentic: AgenticClient) => agentic.sendRaw('{}', 'application/json');
      const wrong = () => new AgenticClient({ ...section, token: wrongCredential }, settings, redactor);
      return bearerPreflight('agentic', section, await ask(client), () => withClient(wrong(), ask));
    },
    serve: {},
    close: () => client.close(),
  };
}
