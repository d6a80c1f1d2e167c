import { statusForInvalidInput } from '../../checks/status-for-invalid-input.ts';
import { unauthorizedStatus } from '../../checks/unauthorized-status.ts';
import type { Exchange } from '../../client/exchange.ts';
import type { LoyaltyOperation } from '../../rules/loyalty/records.ts';
import { ruleTest, useLoyaltySession } from './support/loyalty-session.ts';

const session = useLoyaltySession();

/** Each operation's valid body sent with one header changed: a refusal can only come from that header. */
async function withHeader(operations: readonly LoyaltyOperation[], headers: Record<string, string | null>): Promise<Exchange[]> {
  const { send, validBodies } = session();
  const bodies = validBodies();
  return Promise.all(operations.map((operation) => send({ operation, body: bodies[operation] }, { headers })));
}

const all: LoyaltyOperation[] = ['subscribe', 'transfer', 'notify'];

ruleTest('loyalty.headers.api-key', async () => {
  const { section } = session();
  const exchanges = [...(await withHeader(all, { 'X-NET-API-KEY': null })), ...(await withHeader(all, { 'X-NET-API-KEY': '' })), ...(await withHeader(all, { 'X-NET-API-KEY': `${section.apiKey.slice(0, -1)}${section.apiKey.endsWith('A') ? 'B' : 'A'}` }))];
  return exchanges.map((exchange) => statusForInvalidInput(exchange, 'loyalty.headers.api-key', null));
});

ruleTest('loyalty.headers.authorization', async () => (await withHeader(all, { Authorization: null })).map((exchange) => unauthorizedStatus(exchange, 'loyalty.headers.authorization', null)));

ruleTest('loyalty.headers.correlation-id', async ({ observe }) => {
  const verdicts = (await withHeader(all, { correlation_id: null })).map((exchange) => statusForInvalidInput(exchange, 'loyalty.headers.correlation-id', null));
  // The document allows an empty correlation_id for direct browser or app calls: what it gets is reported.
  observe('empty correlation_id answered', (await withHeader(all, { correlation_id: '' })).map((exchange) => exchange.response?.status ?? 'no response').join(', '));
  return verdicts;
});

ruleTest('loyalty.headers.sender', async () => (await withHeader(['subscribe', 'transfer'], { sender: null })).map((exchange) => statusForInvalidInput(exchange, 'loyalty.headers.sender', null)));

ruleTest('loyalty.headers.keyname', async ({ observe }) => {
  const verdicts = (await withHeader(['subscribe', 'transfer'], { keyname: null })).map((exchange) => statusForInvalidInput(exchange, 'loyalty.headers.keyname', null));
  // keyname must begin with MK for high-protection operations, and the document does not say which those are: reported.
  observe('keyname not beginning with MK answered', (await withHeader(['subscribe', 'transfer'], { keyname: 'HARNESS-KEY' })).map((exchange) => exchange.response?.status ?? 'no response').join(', '));
  return verdicts;
});
