import { notificationAccepted } from '../../checks/agentic/notification-accepted.ts';
import { userException } from '../../checks/agentic/user-exception.ts';
import { invalidPayload } from '../../generators/agentic/invalid-payload.ts';
import { validPayload } from '../../generators/agentic/valid-payload.ts';
import type { NotificationType } from '../../rules/agentic/records.ts';
import type { AgenticRuleId } from '../../rules/agentic/rules.ts';
import { forAll } from '../support/for-all.ts';
import { ruleTest, useAgenticSession } from './support/agentic-session.ts';

const session = useAgenticSession();

const accepted: [AgenticRuleId, NotificationType][] = [
  ['agentic.enrollment-update.accepted', 'ENROLLMENT_UPDATE'],
  ['agentic.intent-update.accepted', 'INTENT_UPDATE'],
  ['agentic.payment-credential-update.accepted', 'PAYMENT_CREDENTIAL_UPDATE'],
];

for (const [ruleId, kind] of accepted) {
  ruleTest(ruleId, async () => {
    const { client, property, run, payloadContext } = session();
    await forAll(validPayload(kind, await payloadContext()), property({ runs: Math.ceil(run.runs / 3) }), async (payload) => notificationAccepted(await client.notify(payload), ruleId));
  });
}

const fieldRules: AgenticRuleId[] = ['agentic.payload.required-fields', 'agentic.payload.enum-values', 'agentic.payload.proof-of-intent-signed-jwt'];

for (const ruleId of fieldRules) {
  ruleTest(ruleId, async ({ observe }) => {
    const { client, property, payloadContext } = session();
    let withParam = 0;
    // The invalid payloads are a fixed list: every boundary is sent, no random repeats of them.
    const cases = await forAll(invalidPayload(ruleId, await payloadContext()), property({ runs: 0 }), async (invalid) => {
      const verdict = userException(await client.notify(invalid.value), ruleId, invalid);
      if (verdict.observations?.['param sent']) withParam += 1;
    });
    observe('refusals naming param', `${withParam} of ${cases}`);
  });
}
