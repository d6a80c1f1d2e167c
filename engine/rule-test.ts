import { asRule, onlySilence } from '../core/rule-in-progress.ts';
import { noTimeLeft, ruleShare } from './slow-target.ts';
import type { BodyJudges } from './unearned-failure.ts';
import { type TestContext, test } from 'vitest';
import type { Verdict } from './rule-violation.ts';
import { RuleViolation } from './rule-violation.ts';
import { exchangesStarted } from '../client/http-exchange.ts';
import { defaultRedactor } from '../core/redaction.ts';
import type { Rule } from '../rules/rule.ts';
import { demandsText } from '../rules/rule-quotes.ts';
import { failureText } from './failure-text.ts';
import type { CheckTable } from './check.ts';
import { type BoundCheck, ruleCheck } from './rule-check.ts';
import type { RuleOutcome } from '../rules/rule-outcome.ts';
import type { RuleId } from '../rules/rule-id.ts';
import { type RunContext, runContext } from './run-context.ts';
import { type FailureOwner, NothingJudgedError, resolveThrown } from './thrown-resolution.ts';

export type { FailureOwner } from './thrown-resolution.ts';
import { ruleTestBudgetMs } from './request-budget.ts';
import { silenceOutcome } from './silent-target.ts';
import type { WalkJudges } from './declared-prerequisites.ts';

export interface RuleTestContext<Check = (observed: unknown, ...expected: unknown[]) => Verdict> {
  run: RunContext;
  /**
   * The check the rule names, looked up in the registry and bound to the rule: `check(observed, expected)`.
   * A passing test returns its verdicts (or none); a verdict from anything else makes the test broken.
   */
  check: Check;
  /** Records what the target did where the spec leaves it open; reported, never judged. */
  observe(key: string, value: unknown): void;
}

export interface RuleTestOptions {
  /**
   * The test's timeout. Default 60000 ms; never less than the entry's request timeout allows for (see
   * engine/request-budget.ts).
   */
  timeoutMs?: number;
}

/** A crash of a check or of the harness: reported as broken, never as the target's failure. */
export class BrokenCheckError extends Error {
  override readonly name = 'BrokenCheckError';
  readonly code = 'CHECK_BROKEN';
}

/** The ids of the rules that cite check `Name`: a loop over them gets one bound-check type. */
// biome-ignore lint/suspicious/noExplicitAny: a rule of any family's section (a rule's section type is contravariant)
export type RuleIdJudgedBy<R extends Rule<string, any>, Name extends string> = Extract<R, { check: Name }>['id'];

/** The bound check of the rule with id `Id`, typed from the check name the rule cites. */
// biome-ignore lint/suspicious/noExplicitAny: a rule of any family's section (a rule's section type is contravariant)
type CheckOfRule<R extends Rule<string, any>, C extends CheckTable, Id> = Extract<
  R,
  { id: Id }
>['check'] extends infer Name
  ? Name extends keyof C
    ? BoundCheck<C[Name]>
    : never
  : never;

// biome-ignore lint/suspicious/noConfusingVoidType: a body that judges through check() returns nothing
type RuleTestBody<Check> = (context: RuleTestContext<Check>) => Promise<Verdict | Verdict[] | void>;

/** The tests of one family's rules: `ruleTest(ruleId, async ({ check }) => check(observed, expected))`. */
// biome-ignore lint/suspicious/noExplicitAny: a rule of any family's section (a rule's section type is contravariant)
export type RuleTest<R extends Rule<string, any>, C extends CheckTable> = <const Id extends R['id']>(
  ruleId: Id,
  body: RuleTestBody<CheckOfRule<R, C, Id>>,
  options?: RuleTestOptions,
) => void;

/**
 * One vitest test per rule, for the rules of one family, each judged by the check its rule names, looked up
 * in `checks`: the family's and the shared ones (checks/index.ts withSharedChecks; the engine sits below the checks
 * and knows none of them). The body wires generators, client and the bound check; this
 * wrapper applies waivers, the family's presence in the target and the rule's applicability, records the outcome on
 * the task for the summary and the Allure results (reporting/allure-outcome-reporter.ts), and turns a check's crash
 * (or a verdict that is not from the rule's check) into "broken" so the run goes on.
 */
// biome-ignore lint/suspicious/noExplicitAny: a rule of any family's section (a rule's section type is contravariant)
export function ruleTestFor<const R extends Rule<string, any>, const C extends CheckTable>(
  rules: readonly R[],
  checks: C,
  ownerOf?: FailureOwner<R['id']>,
): RuleTest<R, C> {
  const table: CheckTable = checks;
  const bodyJudges: BodyJudges = rules.filter((rule) => rule.judgesBodiesTooLarge !== undefined);
  const walkJudges: WalkJudges = new Set(rules.filter((rule) => rule.judgesWalkEnds).map((rule) => rule.id));
  return (ruleId, body, options = {}) => {
    const rule = rules.find((candidate) => candidate.id === ruleId);
    if (!rule) throw new Error(`ruleTest: unknown rule id ${ruleId}`);
    defineRuleTest(
      {
        rule,
        table,
        body: body as RuleTestBody<(observed: unknown, ...expected: unknown[]) => Verdict>,
        bodyJudges,
        walkJudges,
        ...(ownerOf ? { ownerOf } : {}),
      },
      options,
    );
  };
}

/**
 * Other rules' checks, each bound to its own rule and looked up by the name that rule cites: for a test that
 * must tell which rule a failure belongs to (a model sequence that a plain walk would fail too). Their
 * verdicts and violations are those rules', never the asking rule's: turn a violation into RuleBlocked.
 */
// biome-ignore lint/suspicious/noExplicitAny: a rule of any family's section (a rule's section type is contravariant)
export function ruleChecksFor<const R extends Rule<string, any>, const C extends CheckTable>(
  rules: readonly R[],
  checks: C,
): <const Id extends R['id']>(ruleId: Id) => CheckOfRule<R, C, Id> {
  const table: CheckTable = checks;
  return (ruleId) => {
    const rule = rules.find((candidate) => candidate.id === ruleId);
    if (!rule) throw new Error(`ruleChecksFor: unknown rule id ${ruleId}`);
    return ruleCheck(rule, table).check as CheckOfRule<R, C, typeof ruleId>;
  };
}

/** What the rule test records of its rule: where it stands, the exchanges it made, how long it took, what it saw. */
function outcomeRecorder(vitestContext: TestContext, observations: Record<string, unknown>) {
  const exchangesBefore = exchangesStarted();
  const startedAt = performance.now();
  return (outcome: RuleOutcome) => {
    const exchanges = exchangesStarted() - exchangesBefore;
    const durationMs = Math.round(performance.now() - startedAt);
    // Each value redacted on its own: the names are the harness's labels ("status without a token"), which
    // the field-name layer would mask as if they were a target's secret fields; values keep every layer.
    const redacted = Object.fromEntries(
      Object.entries(observations).map(([key, value]) => [key, defaultRedactor.redactValue(value)]),
    );
    const shown = Object.keys(redacted).length ? { observations: redacted } : {};
    vitestContext.task.meta.harness = { ...outcome, exchanges, durationMs, ...shown };
  };
}

/** Why the rule is not judged on this target at all (a waiver, no section of its family, a setting it needs). */
function notJudgedHere(
  // biome-ignore lint/suspicious/noExplicitAny: a rule of any family's section (a rule's section type is contravariant)
  rule: Rule<string, any>,
  run: RunContext,
): { outcome: Partial<RuleOutcome>; skip: string } | undefined {
  const waiver = run.target.waivers.find((entry) => entry.rule === rule.id);
  if (waiver) return { outcome: { status: 'waived', message: waiver.reason }, skip: `waived: ${waiver.reason}` };
  const section = run.target.families[rule.family];
  if (section === undefined)
    return {
      outcome: { status: 'not-applicable', message: `the target declares no ${rule.family} section` },
      skip: `not applicable: no ${rule.family} section`,
    };
  if (rule.appliesTo && !rule.appliesTo(section))
    return {
      outcome: {
        status: 'not-applicable',
        message: `applies only to a ${rule.applicability ?? 'different target configuration'}`,
      },
      skip: `not applicable: needs a ${rule.applicability}`,
    };
  return undefined;
}

/** One rule's test as its check sees it: the rule, its check table, the suite's body, the rules that judge bodies. */
interface RuleUnderTest {
  // biome-ignore lint/suspicious/noExplicitAny: a rule of any family's section (a rule's section type is contravariant)
  rule: Rule<string, any>;
  table: CheckTable;
  body: RuleTestBody<(observed: unknown, ...expected: unknown[]) => Verdict>;
  bodyJudges: BodyJudges;
  walkJudges: WalkJudges;
  ownerOf?: FailureOwner<string>;
}

/**
 * Runs the suite's body for the rule within its share of the run's deadline and returns what it saw: the rule's own
 * check must have given a verdict (a body that passes without one judged nothing: the test is broken).
 */
async function judgeRule(
  { rule, table, body }: RuleUnderTest,
  run: RunContext,
  observations: Record<string, unknown>,
): Promise<void> {
  const bound = ruleCheck(rule, table);
  const share = await ruleShare(run);
  const tooLate = noTimeLeft(share);
  if (tooLate) throw tooLate;
  let silence: ReturnType<typeof onlySilence>;
  const observe = (key: string, value: unknown) => {
    observations[key] = value;
  };
  const verdicts = [
    // The rule's work as its own async context: an exchange it leaves unanswered names it, and its cases stop at
    // the end of its share of the deadline where the target answers slowly (core/rule-in-progress.ts).
    (await asRule(
      rule.id,
      async () => {
        const returned = await body({ run, check: bound.check, observe });
        silence = onlySilence();
        return returned;
      },
      share.endsAt,
      observe,
    )) ?? [],
  ].flat();
  if (bound.verdicts() === 0)
    throw new NothingJudgedError(`rule ${rule.id} passed without a verdict of its check ${rule.check}`);
  // A pass resting on no answer at all is not the target's to have earned.
  if (silence) throw await silenceOutcome(run, rule, silence);
  for (const verdict of verdicts) Object.assign(observations, verdict.observations);
}

/**
 * What a rule's test that threw comes to (thrown-resolution.ts), recorded and told to vitest: skipped (not applicable,
 * blocked, stopped by the harness), failed with the violation of its own rule, or broken for anything else.
 */
async function settleThrown(
  under: RuleUnderTest,
  caught: unknown,
  {
    run,
    base,
    record,
    vitest,
  }: { run: RunContext; base: RuleOutcome; record: (outcome: RuleOutcome) => void; vitest: TestContext },
): Promise<void> {
  const resolved = await resolveThrown(under, caught, run, base);
  record(resolved.outcome);
  if (resolved.tell === 'skip') {
    vitest.skip(resolved.reason);
    return;
  }
  if (resolved.tell === 'break') throw new BrokenCheckError(resolved.outcome.message ?? '', { cause: resolved.cause });
  const failure = new RuleViolation(under.rule.id as RuleId, failureText(resolved.outcome, run), []);
  failure.stack = failure.message;
  throw failure;
}

function defineRuleTest(under: RuleUnderTest, options: RuleTestOptions): void {
  const { rule } = under;
  test(`${rule.id}: ${rule.statement}`, {
    timeout: ruleTestBudgetMs(options.timeoutMs),
  }, async (vitest: TestContext) => {
    const run = runContext();
    const observations: Record<string, unknown> = {};
    const base: RuleOutcome = {
      ruleId: rule.id,
      family: rule.family,
      status: 'passed',
      section: `${rule.source.document} > ${rule.source.section}`,
      ...(rule.quotes?.length ? { quote: demandsText(rule) } : {}),
    };
    const record = outcomeRecorder(vitest, observations);
    const notHere = notJudgedHere(rule, run);
    if (notHere) {
      record({ ...base, ...notHere.outcome });
      vitest.skip(notHere.skip);
      return;
    }
    try {
      await judgeRule(under, run, observations);
      record(base);
    } catch (caught) {
      await settleThrown(under, caught, { run, base, record, vitest });
    }
  });
}
