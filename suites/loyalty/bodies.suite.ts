import { RuleViolation } from '../../checks/rule-violation.ts';
import { loyaltyJudged } from '../../checks/loyalty/loyalty-judged.ts';
import { loyaltyFieldCases, validNotificationCases, validOrderCases, validSubscriptionCases } from '../../generators/loyalty/field-cases.ts';
import type { LoyaltyCase } from '../../generators/loyalty/loyalty-case.ts';
import type { LoyaltyContext } from '../../generators/loyalty/bodies.ts';
import type { LoyaltyRuleId } from '../../rules/loyalty/rules.ts';
import { ruleTest, useLoyaltySession } from './support/loyalty-session.ts';

const session = useLoyaltySession();

const tables: [LoyaltyRuleId, (context: LoyaltyContext) => LoyaltyCase[]][] = [
  ['loyalty.subscribe.accepted', validSubscriptionCases],
  ['loyalty.transfer.accepted', validOrderCases],
  ['loyalty.notify.accepted', validNotificationCases],
  ...(Object.entries(loyaltyFieldCases) as [LoyaltyRuleId, (context: LoyaltyContext) => LoyaltyCase[]][]),
];

// Each body rule both ways: the values it keeps answer 202, the values that break it 400 with the error body.
for (const [ruleId, cases] of tables) {
  ruleTest(ruleId, async ({ observe }) => {
    const { send, context } = session();
    const all = cases(context);
    for (const testCase of all) {
      try {
        loyaltyJudged(await send(testCase), ruleId, testCase);
      } catch (error) {
        if (error instanceof RuleViolation) error.inputDescription = testCase.why;
        throw error;
      }
    }
    observe('cases', all.length);
  });
}
