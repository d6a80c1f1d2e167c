import { PrerequisiteMissing } from '../../engine/rule-blocked.ts';
import type { Exchange } from '../../client/http-exchange.ts';
import { unknownProductId } from '../../generators/cdr/unknown-product-id.ts';
import { forAll } from '../support/for-all.ts';
import { ruleTest, useCdrSession } from './support/cdr-session.ts';

/*
 * The rules that never ask the list: the status, and the detail of products no holder has. A file of their own with no
 * walk of the catalogue before them, first of the family in name order (the order of a run without past durations), so
 * a holder whose list is slow leaves them judged: its slowness is judged by the rules that ask the list.
 */

const session = useCdrSession();
/** Status answers asked one after another: a target whose status changes (the reference in turn) shows each. */
const statusCalls = 8;
let answers: Promise<Exchange[]> | undefined;

async function askStatus(): Promise<Exchange[]> {
  const exchanges: Exchange[] = [];
  for (let call = 0; call < statusCalls; call += 1) exchanges.push(await session().client.status());
  return exchanges;
}

for (const ruleId of ['cdr.status.record', 'cdr.status.explanation-when-not-ok'] as const) {
  ruleTest(ruleId, async ({ check }) => {
    answers ??= askStatus();
    return check(await answers);
  });
}

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
        throw new PrerequisiteMissing(
          ['cdr.x-v.served'],
          `the detail refused the version asked (406) before looking ${invalid.value} up`,
          [answer],
        );
      return check(answer, 404);
    },
  );
  observe('unknown ids tried', cases);
});
