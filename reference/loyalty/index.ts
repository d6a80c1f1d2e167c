import { randomBytes } from 'node:crypto';
import type { FamilyReference } from '../family-reference.ts';
import { loyaltyOperations, type LoyaltyOperation, type ProgramCode } from '../../rules/loyalty/records.ts';
import { loyaltySectionSchema, mandatoryDemographicsOf } from '../../targets/loyalty/section.ts';
import { readBody, replyJson } from '../http-io.ts';
import { LoyaltyHandler } from './loyalty-handler.ts';
import { loyaltyBehaviourFor, loyaltyMutants } from './mutants/index.ts';

/** The MAC client id of the reference. */
export const referenceMacId = 'reference-client';

/** The reference's mandatory demographics per program (the document's examples): LAST_NAME for the rest. */
export const referenceMandatoryDemographics = {
  PROGRAM_HOTEL_1: ['FIRST_NAME', 'LAST_NAME', 'EMAIL', 'ADDR_LINE_1', 'STATE', 'COUNTRY'],
  PROGRAM_HOTEL_3: ['ADDR_LINE_1', 'CITY'],
} as const satisfies Partial<Record<ProgramCode, readonly string[]>>;

const operationAt = (path: string) =>
  (Object.entries(loyaltyOperations) as [LoyaltyOperation, string][]).find(([, at]) => at === path)?.[0];

/**
 * The loyalty network part of the reference target. API key, MAC secret and bearer token come from
 * REFERENCE_LOYALTY_API_KEY, REFERENCE_LOYALTY_MAC_SECRET and REFERENCE_LOYALTY_TOKEN (made per run when unset);
 * the MAC recipe is the default of the target section (HMAC-SHA256 over ts, nonce, method, path, host, port and
 * bodyhash, SHA-256 base64 body hash, 5-minute window). Refusals of credentials are 403, of bodies 400.
 */
export const loyaltyReference: FamilyReference = {
  prefix: '/loyalty',
  modes: ['default'],
  mutants: loyaltyMutants,
  ensureCredentials(env) {
    env.REFERENCE_LOYALTY_API_KEY ??= randomBytes(18).toString('base64url');
    env.REFERENCE_LOYALTY_MAC_SECRET ??= randomBytes(24).toString('base64url');
    env.REFERENCE_LOYALTY_TOKEN ??= randomBytes(24).toString('base64url');
  },
  create({ mutant, env }) {
    const section = loyaltySectionSchema.parse(
      loyaltyReference.targetSection('http://127.0.0.1/loyalty', 'default', env),
    );
    const behaviour = loyaltyBehaviourFor(mutant);
    const handler = new LoyaltyHandler(behaviour, {
      apiKey: env.REFERENCE_LOYALTY_API_KEY as string,
      mac: section.mac as NonNullable<typeof section.mac>,
      bearerToken: env.REFERENCE_LOYALTY_TOKEN as string,
      mandatory: (program) => mandatoryDemographicsOf(section, program),
    });
    return {
      async handle(req, res, path) {
        const operation = operationAt(path);
        if (!operation || req.method !== 'POST')
          return replyJson(res, 404, { error_code: 'LTY-404', user_message: 'no such operation' });
        const answer = handler.handle(operation, req, (await readBody(req)).toString('utf8'));
        replyJson(res, answer.status, answer.body, { 'content-type': behaviour.contentType(answer.status) });
      },
    };
  },
  targetSection(baseUrl, _mode, env) {
    return {
      baseUrl,
      apiKey: env.REFERENCE_LOYALTY_API_KEY,
      mac: { id: referenceMacId, secret: env.REFERENCE_LOYALTY_MAC_SECRET },
      bearerToken: env.REFERENCE_LOYALTY_TOKEN,
      mandatoryDemographics: referenceMandatoryDemographics,
    };
  },
};
