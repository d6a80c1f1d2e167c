import type { Exchange } from '../../client/http-exchange.ts';
import { edgePlaintexts } from '../../generators/agentic/edge-plaintext.ts';
import { validPayload } from '../../generators/agentic/valid-payload.ts';
import { notificationTypes } from '../../rules/agentic/records.ts';
import { ruleTest, useAgenticSession } from './support/agentic-session.ts';

const session = useAgenticSession();

ruleTest('agentic.errors.business-exception', async ({ check }) => {
  const { client, section, payloadContext } = session();
  const exchanges: Exchange[] = [];
  // Without an unknown enrollment named in the entry, valid payloads are sent and any 422 they meet is judged.
  const context = await payloadContext();
  const unknown = section.unknownEnrollmentId ? { ...context, enrollmentId: section.unknownEnrollmentId } : context;
  for (const kind of notificationTypes) exchanges.push(await client.notify(validPayload(kind, unknown).boundaries[0]));
  return check(exchanges, { status: 422 });
});

ruleTest('agentic.errors.system-exception', async ({ observe, check }) => {
  const { client, payloadContext } = session();
  const { enrollmentId = 'enr-harness-0003' } = await payloadContext();
  const exchanges: Exchange[] = [];
  for (const edge of edgePlaintexts(enrollmentId))
    exchanges.push(await client.sendJwe(await client.encrypt(edge.text)));
  observe(
    'edge payloads',
    edgePlaintexts(enrollmentId).map(
      (edge, index) => `${edge.why}: ${exchanges[index]?.response?.status ?? 'no response'}`,
    ),
  );
  return check(exchanges, { status: 500 });
});
