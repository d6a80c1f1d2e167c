import type { Exchange } from '../../client/http-exchange.ts';
import { custodyListingPaths, invalidCursorCode } from '../../rules/custody/endpoints.ts';
import { lateTestTimeoutMs, type LateUse, useLateMemory } from '../support/late-memory.ts';
import { ruleTest, useCustodySession } from './support/custody-session.ts';
import { noTokenToSend } from './support/no-token-to-send.ts';
import { cursorTokenMemory, itemsOf, tokenSentBack, type UsedToken } from './support/memory-kinds.ts';

/*
 * Server tokens sent back late (issue 28, memory judged late): run after every other suite file of its family, near the end of the run, this file asks
 * NEXT again with the token the first file used when it started (see suites/support/late-memory.ts), after the
 * run's other traffic. Document 3 says a token is copied from "an earlier response" and gives it no lifetime,
 * and the custody platform behind it may expire tokens, so what the late token answers is observed, never judged.
 * The rule's verdict here is a token sent back at once, after that traffic.
 */

const session = useCustodySession();
const recall = useLateMemory();

ruleTest(
  'custody.cursor.token-encoding',
  async ({ observe, check }) => {
    const { client } = session();
    const late = await recall<UsedToken>(cursorTokenMemory, {
      minimumMs: 0,
      firstUse: async () => {
        const sent = await tokenSentBack(client, custodyListingPaths[0]);
        return sent && 'used' in sent ? sent.used : undefined;
      },
    });
    observe(
      'a token sent back late (observed: document 3 gives a token no lifetime)',
      await Promise.all(late.map(async (use) => answerToLateToken(use))),
    );
    // The first listing whose page 1 has a next page: a token of it sent back now is accepted.
    const oversized: Exchange[] = [];
    for (const endpoint of custodyListingPaths) {
      const sent = await tokenSentBack(client, endpoint);
      if (sent && 'used' in sent) return check(sent.next, client.listing(endpoint));
      if (sent) oversized.push(sent.oversized);
    }
    throw noTokenToSend(oversized);
  },
  { timeoutMs: lateTestTimeoutMs() },
);

/** "asked again 24.1 s and at least 812 requests after first use: answered 200 with the same page". */
async function answerToLateToken(use: LateUse<UsedToken>): Promise<string> {
  const { client } = session();
  const { endpoint, pageSize, token, nextItems } = use.value;
  const when = `${endpoint} NEXT asked again ${use.lateness()}`;
  const again = await client.page(endpoint, { pageRequest: 'NEXT', pageSize, currentPage: token });
  const status = again.response?.status;
  if (status === undefined) return `${when}: no answer (${again.error?.code ?? 'unknown'})`;
  if (status !== 200)
    return `${when}: refused ${status}${again.response?.text().includes(invalidCursorCode) ? ` with ${invalidCursorCode}` : ''}`;
  const same = itemsOf(client, endpoint, again.response) === nextItems;
  return `${when}: answered 200 with ${same ? 'the same page as at first use' : 'another page than at first use'}`;
}
