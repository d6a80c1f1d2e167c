import type { Verdict } from '../../engine/rule-violation.ts';
import { billingOperations as op } from '../../rules/billing/operations.ts';
import { headerNames } from './client/billing-client.ts';
import { lateTestTimeoutMs, useLateMemory } from '../support/late-memory.ts';
import { forAll } from '../support/for-all.ts';
import { ruleTest, useBillingSession } from './support/billing-session.ts';
import { billingPhase } from './support/billing-phase.ts';
import {
  type Attempt,
  attempts,
  createKept,
  idempotencyMemory,
  type KeptIdempotentCreation,
  sendAttempt,
  someCreated,
} from './support/idempotency-attempts.ts';

/*
 * Idempotency-Key retries judged at once and late: run after every other suite file of its family, near the end of the run, this file retries the
 * charge the idempotency file created when it started (see suites/support/late-memory.ts). Then its stateful phase:
 * random sequences of charge operations checked against a model of the keys used (suites/billing/support/charge-model.ts).
 */

const session = useBillingSession();
const recall = useLateMemory();

ruleTest(
  'billing.headers.idempotency_key.replay',
  async ({ run, observe, check }) => {
    const s = session();
    await forAll(attempts(s, 'replay'), s.property({ runs: Math.ceil(s.run.runs / 4) }), async (attempt) => {
      const first = await sendAttempt(s, attempt);
      someCreated([first], attempt);
      const retry = await sendAttempt(s, attempt);
      return check([first, retry], attempt.resourceIdOf);
    });
    const chargeAttempt = attempts(s, 'late').boundaries[0] as Attempt;
    const late = await recall<KeptIdempotentCreation>(idempotencyMemory, {
      firstUse: () => createKept(s, chargeAttempt),
    });
    const verdicts: Verdict[] = [];
    const lateness: string[] = [];
    for (const use of late) {
      const retry = await s.client.send(op.createCharge, {
        json: use.value.json,
        headers: { [headerNames.idempotencyKey]: use.value.key },
      });
      lateness.push(use.lateness());
      verdicts.push(check([retry], chargeAttempt.resourceIdOf, use.value.chargeId));
    }
    observe('late replays', lateness);
    // Then the target as a state machine: retries after refusals, other trace ids and other keys between.
    await billingPhase(run, s, check, observe);
    return verdicts;
  },
  { timeoutMs: lateTestTimeoutMs() },
);
