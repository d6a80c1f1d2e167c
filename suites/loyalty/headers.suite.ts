import type { Exchange } from '../../client/http-exchange.ts';
import type { LoyaltyOperation } from '../../rules/loyalty/records.ts';
import { ruleTest, useLoyaltySession } from './support/loyalty-session.ts';

const session = useLoyaltySession();

/** Each operation's valid body sent with one header changed: a refusal can only come from that header. */
async function withHeader(
  operations: readonly LoyaltyOperation[],
  headers: Record<string, string | null>,
): Promise<Exchange[]> {
  const { send, validBodies } = session();
  const bodies = validBodies();
  return Promise.all(operations.map((operation) => send({ operation, body: bodies[operation] }, { headers })));
}

const all: LoyaltyOperation[] = ['subscribe', 'transfer', 'notify'];

ruleTest('loyalty.headers.api-key', async ({ check }) => {
  const { section } = session();
  const exchanges = [
    ...(await withHeader(all, { 'X-NET-API-KEY': null })),
    ...(await withHeader(all, { 'X-NET-API-KEY': '' })),
    ...(await withHeader(all, {
      'X-NET-API-KEY': `${section.apiKey.slice(0, -1)}${section.apiKey.endsWith('A') ? 'B' : 'A'}`,
    })),
  ];
  return exchanges.map((exchange) => check(exchange, null));
});

ruleTest('loyalty.headers.authorization', async ({ check }) =>
  (await withHeader(all, { Authorization: null })).map((exchange) => check(exchange, null)),
);

ruleTest('loyalty.headers.correlation-id', async ({ observe, check }) => {
  const verdicts = (await withHeader(all, { correlation_id: null })).map((exchange) => check(exchange, null));
  // The document allows an empty correlation_id for direct browser or app calls: what it gets is reported.
  observe(
    'empty correlation_id answered',
    (await withHeader(all, { correlation_id: '' }))
      .map((exchange) => exchange.response?.status ?? 'no response')
      .join(', '),
  );
  return verdicts;
});

ruleTest('loyalty.headers.sender', async ({ check }) =>
  (await withHeader(['subscribe', 'transfer'], { sender: null })).map((exchange) => check(exchange, null)),
);

ruleTest('loyalty.headers.keyname', async ({ observe, check }) => {
  const verdicts = (await withHeader(['subscribe', 'transfer'], { keyname: null })).map((exchange) =>
    check(exchange, null),
  );
  // keyname must begin with MK for high-protection operations, and the document does not say which those are: reported.
  observe(
    'keyname not beginning with MK answered',
    (await withHeader(['subscribe', 'transfer'], { keyname: 'HARNESS-KEY' }))
      .map((exchange) => exchange.response?.status ?? 'no response')
      .join(', '),
  );
  return verdicts;
});
