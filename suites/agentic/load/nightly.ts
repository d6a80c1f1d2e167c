import { randomUUID } from 'node:crypto';
import { agenticChecks } from '../checks/index.ts';
import { AgenticClient } from '../client/agentic-client.ts';
import { signedProofs } from '../client/proof-of-intent.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { payloadOf } from '../../../generators/agentic/valid-payload.ts';
import {
  agenticStatuses,
  type NotificationType,
  notificationsPath,
  notificationTypes,
  payloadKinds,
} from '../../../rules/agentic/records.ts';
import { agenticRules } from '../../../rules/agentic/rules.ts';
import type { RuleId } from '../../../rules/rule-id.ts';
import type { AgenticSection } from '../entry/section.ts';
import { observedExchange } from '../../../load/observed-exchange.ts';
import { type LoadBreach, loadJudge } from '../../../load/rule-judgement.ts';
import type { LoadRequest } from '../../../load/scenario.ts';
import { constantRate, type NightlyContext, type NightlyScenarios } from '../../../load/nightly-profile.ts';

const judge = loadJudge(agenticRules, agenticChecks);

/** Each kind's `accepted` rule. */
const acceptedRule: Record<NotificationType, RuleId> = {
  ENROLLMENT_UPDATE: 'agentic.enrollment-update.accepted',
  INTENT_UPDATE: 'agentic.intent-update.accepted',
  PAYMENT_CREDENTIAL_UPDATE: 'agentic.payment-credential-update.accepted',
};

/**
 * The three notifications (enrollment, intent, payment credential update), each encrypted once to the
 * partner's key and sent with bearer, agentId and a fresh trackingId: every answer must be 200 (the kind's
 * `accepted` rule, by notification-accepted) with an empty JSON object (agentic.bodies.accepted-empty, by
 * empty-json-object), each judged by its registered check.
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
      const request: LoadRequest = {
        label: kind,
        method: 'POST',
        path: notificationsPath,
        headers: client.headersFor(contentType),
        body,
        freshHeaders: () => ({ trackingId: randomUUID() }),
      };
      return constantRate(context.profile, {
        name: `nightly agentic ${kind}`,
        family: 'agentic',
        baseUrl: section.baseUrl,
        requests: [request],
        checkResponse: (response) => acceptedBreach(kind, observedExchange(section.baseUrl, request, response)),
      });
    }),
  );
  return { scenarios, close: () => client.close() };
}

/** The kind's status rule first; on a 200, the body rule. */
function acceptedBreach(kind: NotificationType, exchange: Exchange): LoadBreach | undefined {
  return (
    judge.breach(acceptedRule[kind], exchange) ??
    judge.breach('agentic.bodies.accepted-empty', exchange, { status: agenticStatuses.accepted })
  );
}
