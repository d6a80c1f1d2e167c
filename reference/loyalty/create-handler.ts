import type { FamilyHandler, FamilyReferenceOptions } from '../family-reference.ts';
import { loyaltyOperations, type LoyaltyOperation } from '../../rules/loyalty/records.ts';
import { loyaltySectionSchema, mandatoryDemographicsOf } from '../../suites/loyalty/entry/section.ts';
import { readBody, replyJson } from '../http-io.ts';
import { LoyaltyHandler } from './loyalty-handler.ts';
import { loyaltyBehaviourFor } from './mutants/index.ts';

const operationAt = (path: string) =>
  (Object.entries(loyaltyOperations) as [LoyaltyOperation, string][]).find(([, at]) => at === path)?.[0];

/**
 * The loyalty reference's handler: imported when a reference starts (reference/loyalty/index.ts). `section` is the
 * reference's own target section, whose MAC recipe and mandatory demographics it checks requests against.
 */
export function createLoyaltyHandler({ mutant, env }: FamilyReferenceOptions, ownSection: unknown): FamilyHandler {
  const section = loyaltySectionSchema.parse(ownSection);
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
}
