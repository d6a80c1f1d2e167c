import { nonStringUpgradeField } from '../../generators/custody/non-string-upgrade-field.ts';
import { upgradeBody } from '../../generators/custody/upgrade-body.ts';
import { forAll } from '../support/for-all.ts';
import { ruleTest, useCustodySession } from './support/custody-session.ts';

const session = useCustodySession();

ruleTest('custody.upgrade.accepts-optional-fields', async ({ observe, check }) => {
  const { client, property } = session();
  const cases = await forAll(upgradeBody, property({ runs: Math.ceil(session().run.runs / 4) }), async (body) =>
    check(await client.upgrade(body)),
  );
  observe('bodies sent', cases);
});

ruleTest('custody.upgrade.string-fields', async ({ check }) => {
  const { client, property } = session();
  await forAll(nonStringUpgradeField, property({ runs: Math.ceil(session().run.runs / 4) }), async (invalid) =>
    check(await client.upgrade(invalid.value), null),
  );
});
