import type { Exchange } from '../../client/http-exchange.ts';
import { ruleTest, useCdrSession } from './support/cdr-session.ts';

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
