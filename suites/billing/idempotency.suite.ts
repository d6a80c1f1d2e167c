import { PrerequisiteMissing } from '../../engine/rule-blocked.ts';
import { RuleViolation } from '../../engine/rule-violation.ts';
import { type BillingSession, checkOfRule, ruleTest, useBillingSession } from './support/billing-session.ts';
import {
  type Attempt,
  attempts,
  concurrentRetries,
  keyMaxLength,
  sendAttempt,
  someCreated,
} from './support/idempotency-attempts.ts';
import { forAll } from '../support/for-all.ts';

const session = useBillingSession();

/** Throws the rule blocked (by the replay rule, its prerequisite) when two sequential sends are not one creation. */
async function sequentialReplayHolds(s: BillingSession, attempt: Attempt): Promise<void> {
  const first = await sendAttempt(s, attempt);
  someCreated([first], attempt);
  const retry = await sendAttempt(s, attempt);
  try {
    checkOfRule('billing.headers.idempotency_key.replay')([first, retry], attempt.resourceIdOf);
  } catch (violation) {
    if (!(violation instanceof RuleViolation)) throw violation;
    throw new PrerequisiteMissing(
      ['billing.headers.idempotency_key.replay'],
      `a sequential retry with the same Idempotency-Key was not replayed either: ${violation.message}`,
      [first, retry],
    );
  }
}

ruleTest('billing.headers.idempotency_key.concurrent', async ({ check }) => {
  const s = session();
  await forAll(
    attempts(s, 'concurrent'),
    s.property({ runs: Math.ceil(s.run.runs / 10), concurrency: 2 }),
    async (attempt) => {
      const retries = await Promise.all(Array.from({ length: concurrentRetries }, () => sendAttempt(s, attempt)));
      someCreated(retries, attempt);
      try {
        return check(retries, attempt.resourceIdOf);
      } catch (violation) {
        // Concurrent retries presuppose that a sequential retry is replayed; when even that fails, the replay rule owns
        // the fault.
        if (violation instanceof RuleViolation)
          await sequentialReplayHolds(s, { ...attempt, key: `${attempt.key.slice(0, keyMaxLength - 4)}-seq` });
        throw violation;
      }
    },
  );
});
