import { afterEach, describe, expect, test } from 'vitest';
import { NotApplicableHere } from '../../engine/not-applicable-here.ts';
import { PrerequisiteMissing, RuleBlocked } from '../../engine/rule-blocked.ts';
import { RuleViolation, Violation } from '../../engine/rule-violation.ts';
import type { Exchange } from '../../client/http-exchange.ts';
import { noteLeftUnanswered } from '../../core/rule-in-progress.ts';
import type { RuleId } from '../../rules/rule-id.ts';
import type { RuleOutcome } from '../../rules/rule-outcome.ts';
import { RuleOutOfTime } from '../../engine/rule-out-of-time.ts';
import { slowTargetVerdict } from '../../engine/slow-target.ts';
import { NothingJudgedError, resolveThrown, type ThrownUnder } from '../../engine/thrown-resolution.ts';
import { failedExchange, jsonExchange } from '../checks/exchanges.ts';
import { type RunBroker, startRunBroker } from '../suites/support/run-broker.ts';

/*
 * The one ordered resolution of what a rule's test threw, each step on made-up rules and errors: not applicable;
 * named for the rule (the deadline's slowness, a helper's error of another rule, the engine's naming); earned (a body
 * another rule judges whole, requests left unanswered); stopped by the harness; the verdict, or the harness's fault.
 */

let run: RunBroker | undefined;
afterEach(async () => {
  await run?.close();
  run = undefined;
});

const rule = {
  id: 'cards.transactions.window-age',
  family: 'cards',
  check: 'window-age',
  prerequisites: ['cards.transactions.items'],
};
/** Bodies of /transactions too large to read are cards.transactions.items's to judge. */
const under: ThrownUnder = {
  rule,
  bodyJudges: [{ id: 'cards.transactions.items', judgesBodiesTooLarge: /\/transactions$/ }],
  walkJudges: new Set(['cards.transactions.links']),
};
const base: RuleOutcome = { ruleId: rule.id, family: 'cards', status: 'passed', section: 'doc > section' };
const at = (exchange: Exchange, url: string): Exchange => ({ ...exchange, request: { ...exchange.request, url } });
const answered = jsonExchange(200, { transactions: [] });

async function resolved(caught: unknown, strict = false) {
  run ??= await startRunBroker(['cards'], { deadlineInMs: 60_000 });
  return resolveThrown(under, caught, { ...run.context, strictPrerequisites: strict }, base);
}

describe('step 1: not applicable', () => {
  test('the target showed the rule does not apply: skipped, not-applicable, with the reason and evidence', async () => {
    const result = await resolved(new NotApplicableHere('GET /cards/v1/x is not served: answered 404', [answered]));
    expect(result.tell).toBe('skip');
    expect(result.outcome).toMatchObject({
      status: 'not-applicable',
      message: 'GET /cards/v1/x is not served: answered 404',
    });
    expect(result.outcome.evidence).toHaveLength(1);
    expect(result.tell === 'skip' && result.reason).toBe('not applicable: GET /cards/v1/x is not served: answered 404');
  });
});

describe('step 2: named for the rule', () => {
  test("a check's violation is the rule's own: failed, with its message and evidence", async () => {
    const result = await resolved(new Violation('expected at most 18 months old, got 2 years', [answered]));
    expect(result.tell).toBe('fail');
    expect(result.outcome).toMatchObject({ status: 'failed', message: 'expected at most 18 months old, got 2 years' });
  });

  test('a missing prerequisite the rule does not judge is a block by the rules that do', async () => {
    const result = await resolved(new PrerequisiteMissing(['cards.transactions.items'], 'no transactions page', []));
    expect(result.tell).toBe('skip');
    expect(result.outcome).toMatchObject({ status: 'blocked', blockedBy: ['cards.transactions.items'] });
  });

  test('stopped at the end of its share of the deadline: the first such rule fails with the slowness, a later one is blocked', async () => {
    const stopped = RuleOutOfTime.afterCases(2, 100);
    const first = await resolved(stopped);
    expect(first.tell).toBe('fail');
    expect(first.outcome.message).toMatch(/^The target answered too slowly to be judged before the run's deadline/);
    // Another rule is now the run's: this one would be blocked by it.
    await run?.close();
    run = await startRunBroker(['cards'], { deadlineInMs: 60_000 });
    await slowTargetVerdict(run.context, 'cards.card.fields' as RuleId, stopped);
    const later = await resolved(stopped);
    expect(later.tell).toBe('skip');
    expect(later.outcome).toMatchObject({ status: 'blocked', blockedBy: ['cards.card.fields'] });
  });

  test("a check helper's error that belongs to another rule is a block by that rule", async () => {
    const owned = new Error('token refused');
    const withOwner: ThrownUnder = {
      ...under,
      ownerOf: (error) =>
        error === owned ? { ruleId: 'cards.auth.token', message: 'the token was refused', evidence: [] } : undefined,
    };
    run = await startRunBroker(['cards']);
    const result = await resolveThrown(withOwner, owned, run.context, base);
    expect(result.outcome).toMatchObject({ status: 'blocked', blockedBy: ['cards.auth.token'] });
  });
});

describe('step 3: earned', () => {
  test('a violation resting only on a body too large that another rule judges whole is a block by that rule', async () => {
    const tooLarge = at(failedExchange('BODY_TOO_LARGE'), 'http://127.0.0.1:9/cards/v1/transactions?accountId=a');
    const result = await resolved(new RuleViolation(rule.id as RuleId, 'No usable response', [tooLarge]));
    expect(result.outcome).toMatchObject({ status: 'blocked', blockedBy: ['cards.transactions.items'] });
  });

  test('a block of a rule whose own requests the target left unanswered in this run is its failure', async () => {
    run = await startRunBroker(['cards']);
    noteLeftUnanswered(rule.id, run.context.broker.key);
    const result = await resolved(new RuleBlocked(['cards.transactions.items'], 'no page', []));
    expect(result.tell).toBe('fail');
    expect(result.outcome.message).toMatch(/^The target stopped answering this rule's requests/);
  });
});

describe('step 4: stopped by the harness', () => {
  test("an exchange that met the harness's own closed client: broken, told as a skip, never the target's", async () => {
    const closed = failedExchange('CLIENT_CLOSED');
    const result = await resolved(new RuleViolation(rule.id as RuleId, 'No usable response', [closed]));
    expect(result.tell).toBe('skip');
    expect(result.outcome).toMatchObject({
      status: 'broken',
      stoppedByHarness: expect.stringMatching(/^not run \(deadline\)/),
    });
  });
});

describe('step 5: the verdict, or the harness at fault', () => {
  test('a violation of another rule: broken, judged by the wrong check', async () => {
    const result = await resolved(new RuleViolation('cards.card.fields' as RuleId, 'missing field', []));
    expect(result.tell).toBe('break');
    expect(result.outcome.message).toMatch(/^rule test judged by the wrong check: a violation of cards\.card\.fields/);
  });

  test('a block by a rule the table does not declare: blocked when not strict, broken when strict', async () => {
    const undeclared = new RuleBlocked(['cards.card.fields'], 'no card', []);
    expect((await resolved(undeclared)).outcome.status).toBe('blocked');
    const strict = await resolved(undeclared, true);
    expect(strict.tell).toBe('break');
    expect(strict.outcome.message).toMatch(
      /^rule test blocked by an undeclared prerequisite: blocked by cards\.card\.fields/,
    );
    // A walk judge's block is declared by its marking; the run's own blocks by any rule.
    expect((await resolved(new RuleBlocked(['cards.transactions.links'], 'walk ended', []), true)).outcome.status).toBe(
      'blocked',
    );
    expect((await resolved(new RuleBlocked(['cards.card.fields'], 'slow', [], 'run'), true)).outcome.status).toBe(
      'blocked',
    );
  });

  test('a test that judged nothing, or any other error: broken, saying which, with the cause', async () => {
    const nothing = await resolved(new NothingJudgedError('rule x passed without a verdict of its check window-age'));
    expect(nothing.outcome.message).toMatch(/^rule test judged by the wrong check: rule x passed/);
    const crash = new TypeError('cannot read properties of undefined');
    const broken = await resolved(crash);
    expect(broken).toMatchObject({ tell: 'break', cause: crash });
    expect(broken.outcome.message).toBe(
      'check window-age raised an unexpected error: cannot read properties of undefined',
    );
  });
});
