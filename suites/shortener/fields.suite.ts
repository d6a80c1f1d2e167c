import { baselineAccepted, refused } from './checks/baseline-accepted.ts';
import { fieldCase } from '../../generators/shortener/field-case.ts';
import { fieldRules } from '../../generators/shortener/field-rules.ts';
import type { shortenerRules } from '../../rules/shortener/rules.ts';
import type { RuleIdJudgedBy } from '../../engine/rule-test.ts';
import { forAll } from '../support/for-all.ts';
import { withFreshPaths } from './support/fresh-path.ts';
import { ruleTest, useShortenerSession } from './support/shortener-session.ts';

const session = useShortenerSession();
type FieldRuleId = RuleIdJudgedBy<(typeof shortenerRules)[number], 'entry-judged'>;

// One test per field rule: its valid values must answer 200 and its invalid ones 400, wherever the entry sits.
// A valid value refused is this rule's fault only when the same request with the plain entry is accepted.
for (const { ruleId } of fieldRules) {
  ruleTest(ruleId as FieldRuleId, async ({ check }) => {
    const { client, property, nowMs, run } = session();
    await forAll(fieldCase(ruleId, nowMs), property({ runs: Math.ceil(run.runs / 2) }), async (field) => {
      const exchange = await client.map(withFreshPaths(field.body));
      if (field.accepted && refused(exchange)) baselineAccepted(await client.map(withFreshPaths(field.baseline)));
      return check(exchange, field);
    });
  });
}
