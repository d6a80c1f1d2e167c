import { invalidPayload } from '../../generators/agentic/invalid-payload.ts';
import { validPayload } from '../../generators/agentic/valid-payload.ts';
import { agenticStatuses, type NotificationType } from '../../rules/agentic/records.ts';
import { forAll } from '../support/for-all.ts';
import { ruleTest, useAgenticSession } from './support/agentic-session.ts';
import { acceptedBodyJudge, requiredFieldJudge } from './support/notification-judges.ts';
import { runNotificationPhase } from './support/notification-phase.ts';
import { onePerKind } from './support/one-per-kind.ts';

/*
 * What a partner answers each payload. Two rules then run the stateful phase (support/notification-model.ts): random
 * sequences of valid, refused, re-sent and tampered notifications, where every answer must be what the notification
 * alone would get; accepted-empty judges the 200 bodies, required-fields the refusals for a missing field.
 */

const session = useAgenticSession();

const accepted = [
  ['agentic.enrollment-update.accepted', 'ENROLLMENT_UPDATE'],
  ['agentic.intent-update.accepted', 'INTENT_UPDATE'],
  ['agentic.payment-credential-update.accepted', 'PAYMENT_CREDENTIAL_UPDATE'],
] as const satisfies readonly (readonly [string, NotificationType])[];

for (const [ruleId, kind] of accepted) {
  ruleTest(ruleId, async ({ check }) => {
    const { client, property, run, payloadContext } = session();
    await forAll(
      validPayload(kind, await payloadContext()),
      property({ runs: Math.ceil(run.runs / 3) }),
      async (payload) => check(await client.notify(payload)),
    );
  });
}

const fieldRules = [
  'agentic.payload.required-fields',
  'agentic.payload.enum-values',
  'agentic.payload.proof-of-intent-signed-jwt',
] as const;

for (const ruleId of fieldRules) {
  ruleTest(ruleId, async ({ run, observe, check }) => {
    const { client, property, payloadContext } = session();
    let withParam = 0;
    // The invalid payloads are a fixed list: every boundary is sent, no random repeats of them.
    const cases = await forAll(
      invalidPayload(ruleId, await payloadContext()),
      property({ runs: 0 }),
      async (invalid) => {
        const verdict = check(await client.notify(invalid.value), invalid);
        if (verdict.observations?.['param sent']) withParam += 1;
      },
    );
    observe('refusals naming param', `${withParam} of ${cases}`);
    // A missing field is refused alike whatever came before: the refusals of a sequence, judged against the model.
    if (ruleId === 'agentic.payload.required-fields')
      await runNotificationPhase(session(), run, requiredFieldJudge(check), observe);
  });
}

ruleTest('agentic.bodies.accepted-empty', async ({ run, observe, check }) => {
  const { client } = session();
  const exchanges = [];
  for (const payload of await onePerKind(session())) exchanges.push(await client.notify(payload));
  const verdicts = exchanges.map((exchange) => check(exchange, { status: agenticStatuses.accepted }));
  // Then an accepted notification's 200 after refused, re-sent and tampered ones, judged against the model.
  await runNotificationPhase(session(), run, acceptedBodyJudge(check), observe);
  return verdicts;
});

// The answers whose bodies the document shows are judged; what 401 or 404 bodies look like is observed.
ruleTest('agentic.bodies.json', async ({ observe, check }) => {
  const { client, section } = session();
  const payloads = await onePerKind(session());
  const exchanges = [];
  for (const payload of payloads) exchanges.push(await client.notify(payload));
  exchanges.push(await client.notify({ notificationType: 'ENROLLMENT_UPDATE' }));
  const [first] = payloads;
  if (section.unknownEnrollmentId && first)
    exchanges.push(await client.notify({ ...first, enrollmentId: section.unknownEnrollmentId }));
  const unauthorized = await client.notify(first, { auth: 'none' });
  observe(
    'Content-Type of a refusal without Authorization',
    `${unauthorized.response?.status ?? unauthorized.error?.code}: ${String(unauthorized.response?.headers['content-type'] ?? 'none')}`,
  );
  const documented = new Set<number>(Object.values(agenticStatuses));
  return exchanges
    .filter((exchange) => documented.has(exchange.response?.status ?? 0) || !exchange.response)
    .map((exchange) => check(exchange));
});
