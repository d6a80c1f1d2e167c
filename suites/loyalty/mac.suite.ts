import { bodyhashCompared } from './checks/bodyhash-compared.ts';
import { refusedAs4xx } from '../../checks/refused-as-4xx.ts';
import { macHeaderParts } from './client/mac.ts';
import { alterNearEnd } from '../../generators/loyalty/altered-mac.ts';
import type { Exchange } from '../../client/http-exchange.ts';
import { loyaltyOperations, type LoyaltyOperation } from '../../rules/loyalty/records.ts';
import { edgeMs } from './support/window-edge.ts';
import { ruleTest, useLoyaltySession } from './support/loyalty-session.ts';

const session = useLoyaltySession();
const all: LoyaltyOperation[] = ['subscribe', 'transfer', 'notify'];

/** Each operation's valid body, sent with the MAC form changed as `overrides` says for that operation. */
async function sendAll(
  overrides: (operation: LoyaltyOperation) => Parameters<ReturnType<typeof session>['send']>[1],
): Promise<Exchange[]> {
  const { send, validBodies } = session();
  const bodies = validBodies();
  const exchanges: Exchange[] = [];
  for (const operation of all) exchanges.push(await send({ operation, body: bodies[operation] }, overrides(operation)));
  return exchanges;
}

ruleTest('loyalty.mac.wrong-mac', async ({ check }) => {
  const exchanges = [
    ...(await sendAll(() => ({
      auth: { mac: { parts: { mac: Buffer.from('not the mac of this request 0123').toString('base64') } } },
    }))),
    ...(await sendAll(() => ({ auth: { mac: { parts: { mac: `${'A'.repeat(40)}AA=` } } } }))),
  ];
  // The right mac with one bit of its last byte flipped: another value in any hex case (a target comparing a prefix is
  // caught).
  const encoding = session().section.mac?.encoding ?? 'base64';
  exchanges.push(...(await sendAll(() => ({ auth: { mac: { editMac: (mac) => alterNearEnd(mac, encoding) } } }))));
  // The right recipe keyed with another secret.
  const secret = `${session().section.mac?.secret ?? ''}-other`;
  exchanges.push(...(await sendAll(() => ({ auth: { mac: { secret } } }))));
  return exchanges.map((exchange) => check(exchange, null));
});

ruleTest('loyalty.mac.unknown-id', async ({ observe, check }) => {
  const id = session().section.mac?.id ?? '';
  const others = [`${id}-other`, id.slice(0, -1), 'unknown-client'].filter((other) => other !== id);
  const exchanges: Exchange[] = [];
  for (const other of others) exchanges.push(...(await sendAll(() => ({ auth: { mac: { parts: { id: other } } } }))));
  // Whether a client id is compared with its case the document does not say: the id in another case is observed.
  const otherCase = id.toUpperCase() === id ? id.toLowerCase() : id.toUpperCase();
  if (otherCase !== id)
    observe(
      'the client id in another case answered',
      (await sendAll(() => ({ auth: { mac: { parts: { id: otherCase } } } })))
        .map((exchange) => exchange.response?.status ?? exchange.error?.code)
        .join(', '),
    );
  return exchanges.map((exchange) => check(exchange, null));
});

/** Each operation's valid body under a MAC whose bodyhash is not the body's (the mac signed over that bodyhash). */
const sendWrongBodyhash = () =>
  sendAll(() => ({ auth: { mac: { bodyhash: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' } } }));

ruleTest('loyalty.mac.other-request', async ({ check }) => {
  const { client } = session();
  const otherBody = await sendAll(() => ({ auth: { mac: { signed: { body: '{"other":"body"}' } } } }));
  // Signed for another body is refused only by comparing bodyhash with the body: the bodyhash rule's property
  // first; this rule judges it where a wrong bodyhash is refused.
  if (otherBody.some((exchange) => !refusedAs4xx(exchange))) bodyhashCompared(await sendWrongBodyhash());
  const exchanges = [
    ...otherBody,
    ...(await sendAll((operation) => {
      const elsewhere = (Object.keys(loyaltyOperations) as LoyaltyOperation[]).find(
        (candidate) => candidate !== operation,
      ) as LoyaltyOperation;
      return { auth: { mac: { signed: { url: client.urlOf(elsewhere) } } } };
    })),
  ];
  return exchanges.map((exchange) => check(exchange, null));
});

ruleTest('loyalty.mac.bodyhash', async ({ check }) => {
  const exchanges = await sendWrongBodyhash();
  return exchanges.map((exchange) => check(exchange, null));
});

ruleTest('loyalty.mac.timestamp-window', async ({ check }) => {
  const { send, validBodies, section } = session();
  const windowMs = section.mac?.windowMs ?? 300_000;
  // Inside by a minute (or a tenth of a short window), outside by the same: room for clock skew between the two.
  const margin = Math.min(60_000, windowMs / 10);
  const edge = edgeMs(windowMs);
  const cases = [
    // Just inside and just outside each edge: a tolerance a little wider than the entry's is caught.
    { offset: -(windowMs - edge), insideWindow: true },
    { offset: windowMs - edge, insideWindow: true },
    { offset: -(windowMs + edge), insideWindow: false },
    { offset: windowMs + edge, insideWindow: false },
    { offset: -(windowMs - margin), insideWindow: true },
    { offset: windowMs - margin, insideWindow: true },
    { offset: -(windowMs + margin), insideWindow: false },
    { offset: windowMs + margin, insideWindow: false },
    { offset: -24 * 3_600_000, insideWindow: false },
  ];
  const verdicts = [];
  // On every operation: a window enforced on some of them only is caught.
  for (const operation of all) {
    for (const { offset, insideWindow } of cases) {
      const exchange = await send(
        { operation, body: validBodies()[operation] },
        { auth: { mac: { ts: String(Date.now() + offset) } } },
      );
      verdicts.push(check(exchange, { insideWindow }));
    }
  }
  return verdicts;
});

ruleTest('loyalty.mac.header-parts', async ({ check }) => {
  const exchanges: Exchange[] = [];
  for (const part of macHeaderParts)
    exchanges.push(...(await sendAll(() => ({ auth: { mac: { parts: { [part]: null } } } }))));
  // A part left out and also signed as empty: a target that does not require it would compute the same mac.
  for (const part of ['ts', 'nonce', 'bodyhash'] as const)
    exchanges.push(...(await sendAll(() => ({ auth: { mac: { [part]: '', parts: { [part]: null } } } }))));
  return exchanges.map((exchange) => check(exchange, null));
});
