import { afterEach, describe, expect, test } from 'vitest';
import { RuleBlocked } from '../../engine/rule-blocked.ts';
import { RuleViolation } from '../../engine/rule-violation.ts';
import { asRule } from '../../core/rule-in-progress.ts';
import { blockedBySilence, probeHeardAnything, silenceOutcome } from '../../engine/silent-target.ts';
import { failedExchange } from '../checks/exchanges.ts';
import { type RunBroker, startRunBroker } from '../suites/support/run-broker.ts';

/*
 * A target that stopped answering: a rule whose requests all met silence did not earn a pass, and a probe sent around
 * the breaker judges nothing of its own once another rule met the silence. Whose the failure is comes from the run's
 * breaker for the family (which rule's request opened it), read through a real broker.
 */

let run: RunBroker | undefined;
afterEach(async () => {
  await run?.close();
  run = undefined;
});

const unanswered = failedExchange('TIMEOUT');
const trip = (rule?: string) => ({
  family: 'loyalty',
  consecutive: 1,
  first: 'POST http://127.0.0.1:9/loyalty/transfer TIMEOUT',
  ...(rule ? { rule } : {}),
});

describe('a rule whose requests all met silence', () => {
  test('fails when no breaker opened (its own requests were left unanswered), naming the first', async () => {
    run = await startRunBroker(['loyalty']);
    const outcome = await silenceOutcome(
      run.context,
      { id: 'loyalty.transfer.nonce', family: 'loyalty' },
      { count: 3, first: unanswered },
    );
    expect(outcome).toBeInstanceOf(RuleViolation);
    expect((outcome as RuleViolation).message).toMatch(
      /^The target gave this rule nothing to judge: none of this rule's 3 request\(s\) got an answer \(TIMEOUT: /,
    );
    expect((outcome as RuleViolation).evidence).toEqual([unanswered]);
  });

  test('fails when its own request opened the breaker; is blocked when another rule opened it', async () => {
    run = await startRunBroker(['loyalty']);
    run.breakers.get('loyalty')?.open(trip('loyalty.transfer.nonce'));
    const own = await silenceOutcome(
      run.context,
      { id: 'loyalty.transfer.nonce', family: 'loyalty' },
      { count: 1, first: unanswered },
    );
    expect(own).toBeInstanceOf(RuleViolation);
    const other = await silenceOutcome(
      run.context,
      { id: 'loyalty.transfer.order-id', family: 'loyalty' },
      { count: 1, first: unanswered },
    );
    expect(other).toBeInstanceOf(RuleBlocked);
    expect((other as RuleBlocked).blockedBy).toEqual(['loyalty.transfer.nonce']);
    expect((other as RuleBlocked).origin).toBe('run');
  });

  test("another family's breaker is not this family's", async () => {
    run = await startRunBroker(['loyalty', 'shortener']);
    run.breakers.get('shortener')?.open({ ...trip('shortener.mappings.accepted'), family: 'shortener' });
    const outcome = await silenceOutcome(
      run.context,
      { id: 'loyalty.transfer.nonce', family: 'loyalty' },
      { count: 1, first: unanswered },
    );
    expect(outcome).toBeInstanceOf(RuleViolation);
  });
});

describe('a probe sent around the breaker', () => {
  test('judges what it finds while no other rule met the silence, or when the breaker opened in its own name', async () => {
    run = await startRunBroker(['loyalty']);
    expect(await blockedBySilence(run.context, 'loyalty', 'no 429 in 200 requests')).toBeUndefined();
    run.breakers.get('loyalty')?.open(trip('loyalty.limits.rate-limit'));
    const context = run.context;
    expect(
      await asRule('loyalty.limits.rate-limit', () => blockedBySilence(context, 'loyalty', 'no 429 in 200 requests')),
    ).toBeUndefined();
  });

  test('is blocked by the rule that met the silence first, saying what it found and after what', async () => {
    run = await startRunBroker(['loyalty']);
    run.breakers.get('loyalty')?.open(trip('loyalty.transfer.nonce'));
    const context = run.context;
    const blocked = await asRule('loyalty.limits.rate-limit', () =>
      blockedBySilence(context, 'loyalty', 'no 429 in 200 requests'),
    );
    expect(blocked?.blockedBy).toEqual(['loyalty.transfer.nonce']);
    expect(blocked?.missing).toBe(
      'no 429 in 200 requests, after the target stopped answering (POST http://127.0.0.1:9/loyalty/transfer TIMEOUT)',
    );
  });

  test('a broker that is gone reads as no breaker opened', async () => {
    run = await startRunBroker(['loyalty']);
    await run.close();
    expect(await blockedBySilence(run.context, 'loyalty', 'found nothing')).toBeUndefined();
  });

  test('heard anything: a status of any kind in any step, 429 included; nothing at all is silence', () => {
    expect(probeHeardAnything({ steps: [{ statuses: {} }, { statuses: { '429': 0 } }] })).toBe(false);
    expect(probeHeardAnything({ steps: [{ statuses: {} }, { statuses: { '429': 2 } }] })).toBe(true);
    expect(probeHeardAnything({ steps: [{ statuses: { '503': 1 } }] })).toBe(true);
  });
});
