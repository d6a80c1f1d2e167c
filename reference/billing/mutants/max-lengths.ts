import { billingRules } from '../../../rules/billing/rules.ts';
import { type BillingBehaviour, documentedMaxLengths, type MaxLengthName } from '../behaviour.ts';
import { type BillingMutant, mutant } from './define.ts';

/*
 * The boundary mutants of every rule that names its field's limit (Rule.maxLength): one without the limit, one that
 * takes it one lower and so refuses a value of exactly the limit. Made from the rule table, so a new length rule needs
 * no mutant written by hand; the reference reads the limit from the one point (BillingBehaviour.maxLengths).
 */

type BillingRuleId = (typeof billingRules)[number]['id'];

/** trackIdMaxLength -> track-id: the field as the mutants' names spell it. */
function fieldName(limit: MaxLengthName): string {
  return limit.replace(/MaxLength$/, '').replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** The rule's limit, which must be a `…MaxLength` number of limits.ts (else the reference cannot be built). */
function documentedLimit(ruleId: BillingRuleId, name: string): MaxLengthName {
  if (!Object.hasOwn(documentedMaxLengths, name))
    throw new Error(`${ruleId} names maxLength ${name}, which is no …MaxLength number of rules/billing/limits.ts`);
  return name as MaxLengthName;
}

/** The two mutants of one rule's limit, each replacing that limit alone. */
function boundaryMutants(ruleId: BillingRuleId, limit: MaxLengthName): BillingMutant[] {
  const documented = documentedMaxLengths[limit];
  const withLimit =
    (value: number) =>
    (reference: BillingBehaviour['maxLengths']): BillingBehaviour['maxLengths'] => ({ ...reference, [limit]: value });
  return [
    mutant(
      {
        name: `${fieldName(limit)}-no-length-limit`,
        breaks: ruleId,
        mode: 'multi',
        description: `Accepts values longer than the ${documented} characters ${ruleId} allows (${limit} ignored).`,
      },
      'maxLengths',
      withLimit(Number.POSITIVE_INFINITY),
    ),
    mutant(
      {
        name: `${fieldName(limit)}-${documented}-refused`,
        breaks: ruleId,
        mode: 'multi',
        description: `Refuses a value of exactly ${documented} characters (${limit} taken as ${documented - 1}).`,
      },
      'maxLengths',
      withLimit(documented - 1),
    ),
  ];
}

/** The boundary mutants of every billing rule that declares its limit. */
export const maxLengthMutants: readonly BillingMutant[] = billingRules.flatMap((rule) =>
  'maxLength' in rule && typeof rule.maxLength === 'string'
    ? boundaryMutants(rule.id, documentedLimit(rule.id, rule.maxLength))
    : [],
);
