import { judged } from '../../../checks/judged.ts';
import { describe, expect, test } from 'vitest';
import { invalidBodyRefused } from '../../../../suites/billing/checks/invalid-body-refused.ts';
import { exchange } from '../../../checks/exchanges.ts';
import { violationOf } from '../../../checks/violation.ts';

const rule = 'test.rule';
const post = { invalidInputStatus: 400, documentedStatuses: [200, 400, 401] };

describe('invalid-body-refused', () => {
  test('the documented 400 passes', () => {
    expect(judged(invalidBodyRefused, rule)(exchange({ status: 400 }), post)).toEqual({
      ruleId: rule,
      observations: { status: 400 },
    });
  });
  test('an undocumented 4xx is a refusal: the status-list rule judges that it is not listed', () => {
    expect(judged(invalidBodyRefused, rule)(exchange({ status: 422 }), post)).toEqual({
      ruleId: rule,
      observations: { status: 422, undocumentedRefusal: 422 },
    });
  });
  test('a documented status that means something else is a violation', () => {
    const answer = exchange({ status: 401 });
    expect(violationOf(() => judged(invalidBodyRefused, rule)(answer, post), rule, [answer]).message).toContain(
      'documents for another case',
    );
  });
  test('acceptance and crashes are violations, documented or not', () => {
    for (const status of [200, 201, 500, 503])
      violationOf(
        () =>
          judged(invalidBodyRefused, rule)(exchange({ status }), {
            invalidInputStatus: 400,
            documentedStatuses: [200, 400, 401, 500],
          }),
        rule,
      );
  });
  test('with no documented answer any 4xx passes', () => {
    expect(
      judged(invalidBodyRefused, rule)(exchange({ status: 409 }), {
        invalidInputStatus: null,
        documentedStatuses: null,
      }).ruleId,
    ).toBe(rule);
  });
});
