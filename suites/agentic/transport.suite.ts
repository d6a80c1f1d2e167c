import { otherKeyRefused } from './checks/other-key-refused.ts';
import { refusedAs4xx } from '../../checks/refused-as-4xx.ts';
import { otherPublicKey } from './client/jwe.ts';
import { invalidBearerCases } from '../support/invalid-bearer-cases.ts';
import { tamper, tamperedJwe } from '../../generators/agentic/tampered-jwe.ts';
import { forAll } from '../support/for-all.ts';
import { registerSecretDerived } from '../../engine/report-values.ts';
import { ruleTest, useAgenticSession } from './support/agentic-session.ts';
import { onePerKind } from './support/one-per-kind.ts';

const session = useAgenticSession();

ruleTest('agentic.jwe.not-encrypted', async ({ check }) => {
  const { client } = session();
  const exchanges = [];
  for (const payload of await onePerKind(session())) {
    exchanges.push(await client.sendRaw(JSON.stringify(payload), 'application/json'));
    exchanges.push(await client.sendRaw(JSON.stringify(payload), 'application/jose'));
    if (client.section.encryption.bodyField)
      exchanges.push(
        await client.sendRaw(JSON.stringify({ [client.section.encryption.bodyField]: payload }), 'application/json'),
      );
  }
  return exchanges.map((exchange) => check(exchange, null));
});

ruleTest('agentic.jwe.other-key', async ({ check }) => {
  const { client } = session();
  const stranger = await otherPublicKey(client.section.encryption);
  const exchanges = [];
  for (const payload of await onePerKind(session()))
    exchanges.push(await client.sendJwe(await client.encrypt(payload, stranger)));
  return exchanges.map((exchange) => check(exchange, null));
});

ruleTest('agentic.jwe.tampered', async ({ check }) => {
  const { client, property, run } = session();
  const [payload] = await onePerKind(session());
  // The genuine JWE is sent first: a partner that remembers what it decrypted must still check what it gets next.
  const genuine = await client.encrypt(payload);
  await client.sendJwe(genuine);
  const stranger = await otherPublicKey(client.section.encryption);
  await forAll(tamperedJwe, property({ runs: Math.ceil(run.runs / 2) }), async (tampering) => {
    const altered = tamper(genuine, tampering);
    if (altered === undefined || altered === genuine) return;
    const exchange = await client.sendJwe(altered);
    // An altered encrypted key is this rule's fault only where a JWE for another key is refused.
    if (tampering.part === 'encrypted key' && !refusedAs4xx(exchange))
      otherKeyRefused(await client.sendJwe(await client.encrypt(payload, stranger)));
    check(exchange, null);
  });
});

for (const [ruleId, header] of [
  ['agentic.headers.tracking-id', 'trackingId'],
  ['agentic.headers.agent-id', 'agentId'],
] as const) {
  ruleTest(ruleId, async ({ check, observe }) => {
    const { client } = session();
    const exchanges = [];
    const empty = [];
    for (const payload of await onePerKind(session())) {
      exchanges.push(await client.notify(payload, { headers: { [header]: null } }));
      // "string, required" asks for the header: what a target makes of it empty is observed.
      const answer = await client.notify(payload, { headers: { [header]: '' } });
      empty.push(answer.response?.status ?? answer.error?.code ?? 'no answer');
    }
    observe(`${header} empty answered`, empty);
    return exchanges.map((exchange) => check(exchange, null));
  });
}

ruleTest('agentic.auth.missing', async ({ check }) => {
  const { client } = session();
  const exchanges = [];
  for (const payload of await onePerKind(session())) exchanges.push(await client.notify(payload, { auth: 'none' }));
  return exchanges.map((exchange) => check(exchange, null));
});

ruleTest('agentic.auth.invalid', async ({ check }) => {
  const { client, section, property, run } = session();
  const [payload] = await onePerKind(session());
  // The shared bearer variants (altered, truncated, extended, other scheme), judged under the agentic rule.
  const variants = registerSecretDerived(invalidBearerCases(section.token));
  await forAll(variants, property({ runs: Math.ceil(run.runs / 10) }), async (invalid) =>
    check(await client.notify(payload, { auth: { authorization: invalid.value } }), null),
  );
});
