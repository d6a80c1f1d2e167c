import { expectedResolution } from '../../generators/billing/expected-resolution.ts';
import { fallbackQuery } from '../../generators/billing/fallback-query.ts';
import { matchingQuery } from '../../generators/billing/matching-query.ts';
import type { PricingScenario } from '../../generators/billing/pricing-scenario.ts';
import type { Gen } from '../../generators/gen.ts';
import type { QueryObservation } from './checks/query-side-effect-free.ts';
import type { Verdict } from '../../engine/rule-violation.ts';
import type { billingRules } from '../../rules/billing/rules.ts';
import type { RuleIdJudgedBy } from '../../engine/rule-test.ts';
import { createCharge, queryCharge, queryWithoutResolution } from './support/billing-actions.ts';
import { type BillingSession, ruleTest, useBillingSession } from './support/billing-session.ts';
import { forAll } from '../support/for-all.ts';
import { matchRule, queryPhase, sideEffectRule } from './support/query-phase.ts';

const session = useBillingSession();

/** Creates the scenario's charge, queries it, and judges the answer by the query rules. */
function resolutionRule(
  ruleId: RuleIdJudgedBy<(typeof billingRules)[number], 'pricing-resolution'>,
  scenarios: Gen<PricingScenario>,
): void {
  ruleTest(ruleId, async ({ check, run, observe }) => {
    const s = session();
    await forAll(scenarios, s.property(), async ({ charge, attributes }) => {
      const expected = expectedResolution(charge, attributes);
      // A scenario that resolves by the other query rule is that rule's to judge.
      if (!expected || expected.rule !== ruleId) return;
      const created = await createCharge(s, charge);
      const answer = await queryCharge(s, created.chargeId, attributes);
      return check({ exchange: answer.exchange, resolved: answer.pricing }, expected.acceptable);
    });
    // Rule 1 against the latest state: queries asked before and after PUTs bring rows.
    if (ruleId === matchRule) await queryPhase(run, s, check, observe);
  });
}

resolutionRule('billing.charges.query.rate_card_match', matchingQuery);
resolutionRule('billing.charges.query.default_fallback', fallbackQuery);

/** Query, query something else, query again: each answer to the first query must be as it was. */
async function repeatedQueries(
  s: BillingSession,
  scenario: PricingScenario,
  check: (answers: readonly QueryObservation[]) => Verdict,
) {
  const created = await createCharge(s, scenario.charge);
  const ask = async (attributes: Record<string, string>) => {
    const answer = await queryCharge(s, created.chargeId, attributes);
    return { exchange: answer.exchange, answer: { pricing: answer.pricing, charge: answer.state } };
  };
  const first = await ask(scenario.attributes);
  // Something else asked in between, which may match nothing with no default defined: nothing is demanded of it.
  await queryWithoutResolution(s, created.chargeId, { region: 'unlisted' });
  const again = [await ask(scenario.attributes), await ask(scenario.attributes)];
  return check([first, ...again]);
}

ruleTest(sideEffectRule, async ({ check, run, observe }) => {
  const s = session();
  await forAll(matchingQuery, s.property({ runs: Math.ceil(s.run.runs / 4) }), (scenario) =>
    repeatedQueries(s, scenario, check),
  );
  // Read back later: the same query, of a charge made or of one that does not exist, asked again among others.
  await queryPhase(run, s, check, observe);
});
