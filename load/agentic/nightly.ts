import { randomUUID } from 'node:crypto';
import { AgenticClient } from '../../client/agentic/agentic-client.ts';
import { signedProofs } from '../../client/agentic/proof-of-intent.ts';
import { isJsonObjectText } from '../../core/json-object-text.ts';
import { payloadOf } from '../../generators/agentic/valid-payload.ts';
import { notificationsPath, notificationTypes, payloadKinds } from '../../rules/agentic/records.ts';
import type { AgenticSection } from '../../targets/agentic/section.ts';
import type { ObservedResponse } from '../scenario.ts';
import { constantRate, type NightlyContext, type NightlyScenarios } from '../nightly-profile.ts';

/**
 * The three notifications (enrollment, intent, payment credential update), each encrypted once to the
 * partner's key and sent with bearer, agentId and a fresh trackingId: every answer must be 200 with a JSON
 * object (the family's `accepted` rule of each kind; members in it are the suites' to observe).
 */
export async function agenticNightly(context: NightlyContext<AgenticSection>): Promise<NightlyScenarios> {
  const { section } = context;
  const client = new AgenticClient(section, context.client, context.redactor);
  const payloadContext = {
    proofs: await signedProofs(),
    ...(section.enrollmentId ? { enrollmentId: section.enrollmentId } : {}),
  };
  const scenarios = await Promise.all(
    notificationTypes.map(async (kind) => {
      const status = payloadKinds[kind].statuses[0] as string;
      const { body, contentType } = client.wireBody(
        await client.encrypt(
          payloadOf(kind, status, payloadContext, payloadContext.enrollmentId ?? 'enr-harness-nightly'),
        ),
      );
      const ruleId = `agentic.${kind.toLowerCase().replaceAll('_', '-')}.accepted`;
      const accepted = (response: ObservedResponse) =>
        response.status === 200 && isJsonObjectText(response.body)
          ? undefined
          : { ruleId, message: `a valid ${kind} answered ${response.status} without a JSON object` };
      return constantRate(context.profile, {
        name: `nightly agentic ${kind}`,
        family: 'agentic',
        baseUrl: section.baseUrl,
        requests: [
          {
            label: kind,
            method: 'POST',
            path: notificationsPath,
            headers: client.headersFor(contentType),
            body,
            freshHeaders: () => ({ trackingId: randomUUID() }),
          },
        ],
        checkResponse: accepted,
      });
    }),
  );
  return { scenarios, close: () => client.close() };
}
