import { RuleBlocked } from '../../checks/rule-blocked.ts';
import { unknownProductId } from '../../generators/cdr/unknown-product-id.ts';
import { forAll } from '../support/for-all.ts';
import { ruleTest, useCdrSession, walkingRule } from './support/cdr-session.ts';
import { detailRecords, sharedDetails, sharedListItems } from './support/details.ts';

const session = useCdrSession();
const details = sharedDetails(
  () => session().client,
  () => session().run.target.client.concurrency,
);
const listItems = sharedListItems(() => session().client);

/** The record rules and the records each is judged on: list items, details, or both. */
const recordRules = [
  ['cdr.product.list-item', ['list']],
  ['cdr.product.detail', ['detail']],
  ['cdr.product.card-art', ['list', 'detail']],
  ['cdr.product.primary-uri-when-additional', ['list', 'detail']],
  ['cdr.product.additional-info-when-other', ['detail']],
  ['cdr.product.application-frequency-when-periodic', ['detail']],
  ['cdr.product.fee-method-structure', ['detail']],
] as const;

for (const [ruleId, kinds] of recordRules) {
  ruleTest(
    ruleId,
    async ({ check }) => {
      const records = [
        ...((kinds as readonly string[]).includes('list') ? await listItems(ruleId) : []),
        ...((kinds as readonly string[]).includes('detail') ? detailRecords(await details(ruleId)) : []),
      ];
      return check(records);
    },
    walkingRule,
  );
}

ruleTest(
  'cdr.detail.is-listed-product',
  async ({ check }) => {
    const id = 'cdr.detail.is-listed-product';
    return (await details(id)).map((entry) => check(entry));
  },
  walkingRule,
);

ruleTest(
  'cdr.detail.envelope',
  async ({ check }) => {
    const id = 'cdr.detail.envelope';
    return (await details(id)).map((entry) => check(entry.detail));
  },
  walkingRule,
);

ruleTest('cdr.detail.unknown-product', async ({ observe, check }) => {
  const { client, property } = session();
  // Generated ids no holder has: the rule asks for them at once, without walking the catalogue.
  const cases = await forAll(
    unknownProductId(),
    property({ runs: Math.ceil(session().run.runs / 4) }),
    async (invalid) => {
      const answer = await client.detail(invalid.value);
      // A refused version never reached the product lookup: that is the version rules' to judge.
      if (answer.response?.status === 406)
        throw new RuleBlocked(
          ['cdr.x-v.served'],
          `the detail refused the version asked (406) before looking ${invalid.value} up`,
          [answer],
        );
      return check(answer, 404);
    },
  );
  observe('unknown ids tried', cases);
});
