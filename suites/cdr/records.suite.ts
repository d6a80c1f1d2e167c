import { productIdOf } from './checks/product-walk.ts';
import { ruleTest, useCdrSession, walkingRule } from './support/cdr-session.ts';
import { detailRecords, sharedDetails, sharedListItems } from './support/details.ts';
import { judgeEach } from './support/every-breach.ts';

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
        ...((kinds as readonly string[]).includes('list') ? await listItems() : []),
        ...((kinds as readonly string[]).includes('detail') ? detailRecords(await details()) : []),
      ];
      return check(records);
    },
    walkingRule,
  );
}

ruleTest(
  'cdr.detail.is-listed-product',
  async ({ check }) =>
    judgeEach(
      await details(),
      (entry) => check(entry),
      (entry) => productIdOf(entry.listed),
    ),
  walkingRule,
);

ruleTest(
  'cdr.detail.envelope',
  async ({ check }) =>
    judgeEach(
      await details(),
      (entry) => check(entry.detail),
      (entry) => productIdOf(entry.listed),
    ),
  walkingRule,
);
