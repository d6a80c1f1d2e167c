import type { SequenceFaultFamily } from '../sequence-faults.ts';
import { type SequenceFaults, startDocumentPartner } from './document-partner.ts';

const secrets = { PARTNER_TOKEN: 'partner-bearer-token-1' };

/** The independent agentic partner's sequence-only faults: each answer must not rest on the notifications before it. */
export const agenticSequenceFaults: SequenceFaultFamily<SequenceFaults> = {
  family: 'agentic',
  cases: [
    {
      name: 'a refusal leaves its error in the next 200 about the enrollment',
      ruleId: 'agentic.bodies.accepted-empty',
      faults: { errorKeptPerEnrollment: true },
    },
    {
      name: 'an error body cached per step-up session answers a later refusal',
      ruleId: 'agentic.payload.required-fields',
      faults: { errorCachedPerStepUpSession: true },
    },
    {
      name: 'a refused notification re-sent with its trackingId is acknowledged',
      ruleId: 'agentic.payload.required-fields',
      faults: { trackingIdAcknowledgedTwice: true },
    },
  ],
  start: (faults) => serve(faults),
  variants: [{ name: 'empty trackingId and agentId taken', start: () => serve({}, true) }],
};

async function serve(faults: SequenceFaults, emptyHeadersTaken = false) {
  const partner = await startDocumentPartner({ token: secrets.PARTNER_TOKEN, choices: { emptyHeadersTaken } }, faults);
  const agentic = {
    baseUrl: partner.baseUrl,
    token: '${PARTNER_TOKEN}',
    encryption: { publicKey: partner.publicKey, alg: 'ECDH-ES+A256KW', enc: 'A128GCM' },
  };
  return { entry: { kind: 'url' as const, families: { agentic } }, env: secrets, close: () => partner.close() };
}
