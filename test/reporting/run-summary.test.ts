import { describe, expect, test } from 'vitest';
import { renderSummary } from '../../reporting/print-summary.ts';
import { colourWanted } from '../../reporting/terminal-colour.ts';
import {
  buildRunSummary,
  countStatuses,
  mergeOutcomes,
  rootCausesOf,
  type RuleSummary,
  type RunSummary,
  verdictOf,
} from '../../reporting/run-summary.ts';
import type { RuleOutcome, RuleStatus } from '../../rules/rule-outcome.ts';

const outcome = (ruleId: string, status: RuleStatus, extra: Partial<RuleOutcome> = {}): RuleOutcome => ({
  ruleId,
  family: 'billing',
  status,
  section: 'Headers',
  ...extra,
});
const summaryOf = (ruleId: string, status: RuleStatus, extra: Partial<RuleSummary> = {}): RuleSummary => ({
  ...outcome(ruleId, status),
  tests: 1,
  ...extra,
});

describe('mergeOutcomes', () => {
  test('one summary per rule, in first-seen order, counting the tests', () => {
    const merged = mergeOutcomes([
      outcome('a', 'passed'),
      outcome('b', 'passed'),
      outcome('a', 'passed'),
      outcome('a', 'passed'),
    ]);
    expect(merged.map((rule) => [rule.ruleId, rule.tests])).toEqual([
      ['a', 3],
      ['b', 1],
    ]);
  });

  test.each<[RuleStatus, RuleStatus, RuleStatus]>([
    ['passed', 'failed', 'failed'],
    ['failed', 'passed', 'failed'],
    ['broken', 'failed', 'failed'],
    ['passed', 'broken', 'broken'],
    ['waived', 'passed', 'passed'],
    ['not-applicable', 'waived', 'waived'],
    ['passed', 'not-applicable', 'passed'],
    ['passed', 'blocked', 'blocked'],
    ['blocked', 'failed', 'failed'],
    ['blocked', 'broken', 'broken'],
  ])('%s then %s gives %s', (first, second, worst) => {
    const [merged] = mergeOutcomes([outcome('r', first), outcome('r', second)]);
    expect(merged?.status).toBe(worst);
    expect(merged?.tests).toBe(2);
  });

  test('the worst outcome keeps its message and evidence; the first failure wins over a later one', () => {
    const evidence = [{ request: 'POST /x', response: 'HTTP/1.1 500', curl: 'curl x' }];
    const merged = mergeOutcomes([
      outcome('r', 'passed', { message: 'fine' }),
      outcome('r', 'failed', { message: 'first failure', evidence }),
      outcome('r', 'failed', { message: 'second failure' }),
    ]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ status: 'failed', message: 'first failure', evidence, tests: 3 });
  });

  test('observations of every test are merged, later keys over earlier ones', () => {
    const [merged] = mergeOutcomes([
      outcome('r', 'passed', { observations: { status: 200, a: 1 } }),
      outcome('r', 'failed', { observations: { b: 2 } }),
      outcome('r', 'passed'),
      outcome('r', 'passed', { observations: { status: 201 } }),
    ]);
    expect(merged?.observations).toEqual({ status: 201, a: 1, b: 2 });
    expect(merged?.status).toBe('failed');
  });

  test('the exchanges of every test are added up; a test without a count adds none', () => {
    const [merged] = mergeOutcomes([
      outcome('r', 'passed', { exchanges: 3 }),
      outcome('r', 'failed', { exchanges: 4 }),
      outcome('r', 'passed'),
      outcome('r', 'passed', { exchanges: 1 }),
    ]);
    expect(merged?.exchanges).toBe(8);
    expect(mergeOutcomes([outcome('s', 'passed', { exchanges: 5 })])[0]?.exchanges).toBe(5);
  });

  test('no observations anywhere leaves the key out; the inputs are not changed', () => {
    const inputs = [outcome('r', 'passed'), outcome('r', 'passed')];
    const before = structuredClone(inputs);
    const [merged] = mergeOutcomes(inputs);
    expect(merged).not.toHaveProperty('observations');
    expect(inputs).toEqual(before);
    expect(mergeOutcomes([])).toEqual([]);
  });
});

describe('verdictOf', () => {
  test('any failure is nonconformant, also beside broken rules, gaps and errors', () => {
    expect(verdictOf([summaryOf('a', 'passed'), summaryOf('b', 'failed')], [], [])).toBe('nonconformant');
    expect(verdictOf([summaryOf('a', 'broken'), summaryOf('b', 'failed')], ['c'], ['crash'])).toBe('nonconformant');
  });
  test('without failures, a broken rule, a rule not run or an error outside tests is an error', () => {
    expect(verdictOf([summaryOf('a', 'passed'), summaryOf('b', 'broken')], [], [])).toBe('error');
    expect(verdictOf([summaryOf('a', 'passed')], ['b'], [])).toBe('error');
    expect(verdictOf([summaryOf('a', 'passed')], [], ['suite crashed'])).toBe('error');
  });
  test('otherwise conformant (waived and not-applicable rules included)', () => {
    expect(
      verdictOf([summaryOf('a', 'passed'), summaryOf('b', 'waived'), summaryOf('c', 'not-applicable')], [], []),
    ).toBe('conformant');
  });
  test('a run that judged no rule is never conformant: nothing, or only waived and not-applicable rules, is an error', () => {
    expect(verdictOf([], [], [])).toBe('error');
    expect(verdictOf([summaryOf('b', 'waived'), summaryOf('c', 'not-applicable')], [], [])).toBe('error');
  });
  test('blocked rules without a failure are not conformant: the target kept them from being judged', () => {
    expect(verdictOf([summaryOf('a', 'passed'), summaryOf('b', 'blocked', { blockedBy: ['c'] })], [], [])).toBe(
      'nonconformant',
    );
  });
});

describe('rootCausesOf', () => {
  test('each failed or broken rule with the rules that name it as their blocker; orphans last', () => {
    const rules = [
      summaryOf('b1', 'blocked', { blockedBy: ['root'] }),
      summaryOf('root', 'failed'),
      summaryOf('b2', 'blocked', { blockedBy: ['other', 'root'] }),
      summaryOf('crash', 'broken'),
      summaryOf('b3', 'blocked', { blockedBy: ['not-in-this-run'] }),
      summaryOf('fine', 'passed'),
    ];
    expect(rootCausesOf(rules)).toEqual([
      { ruleId: 'root', status: 'failed', blocked: ['b1', 'b2'] },
      { ruleId: 'crash', status: 'broken', blocked: [] },
      { ruleId: 'b3', status: 'blocked', blocked: [] },
    ]);
  });
});

describe('countStatuses', () => {
  test('counts every status and the rules not run', () => {
    const rules = [
      summaryOf('a', 'passed'),
      summaryOf('b', 'passed'),
      summaryOf('c', 'failed'),
      summaryOf('d', 'broken'),
      summaryOf('e', 'waived'),
      summaryOf('f', 'not-applicable'),
    ];
    expect(countStatuses([...rules, summaryOf('i', 'blocked')], ['g', 'h'])).toEqual({
      passed: 2,
      failed: 1,
      blocked: 1,
      broken: 1,
      waived: 1,
      'not-applicable': 1,
      'not-run': 2,
    });
    expect(countStatuses([], [])).toEqual({
      passed: 0,
      failed: 0,
      blocked: 0,
      broken: 0,
      waived: 0,
      'not-applicable': 0,
      'not-run': 0,
    });
  });
});

describe('renderSummary', () => {
  const rules: RuleSummary[] = [
    summaryOf('billing.headers.track_id.echo', 'passed'),
    summaryOf('billing.bodies.json', 'failed', {
      section: 'Endpoints',
      message: 'Content-Type is "text/plain", not application/json',
      input: 'a valid charge',
      evidence: [
        {
          request: 'POST /billing/commerce/charges HTTP/1.1',
          response: 'HTTP/1.1 200\ncontent-type: text/plain',
          curl: "curl -sS -X POST 'http://127.0.0.1/billing/commerce/charges'",
        },
      ],
      replay: { seed: 1234, path: '0:1', counterexample: '{"name":"harness-a"}' },
    }),
    summaryOf('billing.compression.request_gzip', 'broken', { message: 'adapter threw\nstack line' }),
    summaryOf('billing.headers.org_ids.scope', 'not-applicable', { message: 'tenant with multi-org' }),
    summaryOf('billing.token.rate_limit', 'waived', { message: 'shared gateway' }),
    summaryOf('billing.charges.query', 'blocked', {
      blockedBy: ['billing.bodies.json'],
      message: 'blocked by billing.bodies.json: no charge was created',
    }),
  ];
  const summary: RunSummary = {
    target: 'staging',
    targetsFile: '/work/my targets.json',
    families: ['billing'],
    interrupted: false,
    inProgress: false,
    preflight: [
      {
        family: 'billing',
        url: 'http://127.0.0.1:1/billing',
        reachable: true,
        authenticated: true,
        notes: ['server sent no expires_in'],
      },
    ],
    seed: 1234,
    runs: 50,
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 2500,
    exchanges: 17,
    verdict: 'nonconformant',
    counts: countStatuses(rules, ['billing.charges.create']),
    rules,
    rootCauses: rootCausesOf(rules),
    notRun: ['billing.charges.create'],
    errors: ['suites/x.test.ts: SyntaxError'],
  };
  const text = renderSummary(summary);
  const lines = text.split('\n');

  test('a header line names target, families, seed and runs; preflight notes follow', () => {
    expect(lines[0]).toBe('harness run: target staging, families billing, seed 1234, 50 runs per property');
    expect(lines).toContain('preflight billing: server sent no expires_in');
  });

  test('per family a subtotal line, then one line per rule not passed (what needs action first); passed rules are counted, not listed', () => {
    expect(lines).toContain(
      'billing  1 passed, 1 failed, 1 blocked, 1 not applicable, 1 broken, 1 waived, 1 not run  (7 rules)',
    );
    expect(lines).toContain('  FAIL    billing.bodies.json');
    expect(lines).toContain('  BROKEN  billing.compression.request_gzip  (adapter threw)');
    expect(lines).toContain('  N/A     billing.headers.org_ids.scope  (tenant with multi-org)');
    expect(lines).toContain('  WAIVED  billing.token.rate_limit  (shared gateway)');
    expect(lines).toContain('  NOT RUN billing.charges.create  (no test judged this rule)');
    expect(lines).toContain('  BLOCKED billing.charges.query  (blocked by billing.bodies.json: no charge was created)');
    expect(text).not.toContain('PASS ');
    const order = ['  FAIL ', '  BROKEN ', '  BLOCKED ', '  NOT RUN ', '  WAIVED ', '  N/A '].map((mark) =>
      lines.findIndex((line) => line.startsWith(mark)),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  test('no colour unless asked; with colour the marks are painted and the text is otherwise the same', () => {
    expect(text).not.toContain('\x1b[');
    const coloured = renderSummary(summary, { colour: true });
    expect(coloured).toContain('\x1b[31mFAIL   \x1b[39m billing.bodies.json');
    expect(coloured.replace(new RegExp(`${String.fromCharCode(27)}\\[\\d+m`, 'g'), '')).toBe(text);
  });

  test('a failure names the rules it blocked', () => {
    expect(lines).toContain('=== FAILED billing.bodies.json (blocked 1 more: billing.charges.query)');
  });

  test('each failure is shown with its message, input, replay line and evidence', () => {
    const failure = text.slice(text.indexOf('=== FAILED billing.bodies.json'));
    expect(failure).toContain('[billing.bodies.json] Endpoints');
    expect(failure).toContain('Content-Type is "text/plain", not application/json');
    expect(failure).toContain('input: a valid charge');
    // Complete: pasting it reruns exactly this rule with the same targets file, target, family, seed and runs.
    expect(failure).toContain(
      "replay: npx harness run --targets '/work/my targets.json' --target staging --suite billing --rule billing.bodies.json --seed 1234 --runs 50  (fast-check path 0:1)",
    );
    expect(failure).toContain('counterexample: {"name":"harness-a"}');
    expect(failure).toContain('POST /billing/commerce/charges HTTP/1.1');
    expect(failure).toContain('content-type: text/plain');
    expect(failure).toContain("curl -sS -X POST 'http://127.0.0.1/billing/commerce/charges'");
    expect(text).toContain('=== BROKEN billing.compression.request_gzip');
    expect(text).not.toContain('=== FAILED billing.headers.track_id.echo');
  });

  test('errors outside tests and the counts close the summary', () => {
    expect(text).toContain('=== ERROR outside tests: suites/x.test.ts: SyntaxError');
    expect(lines.at(-1)).toBe(
      'NONCONFORMANT: 1 passed, 1 failed, 1 blocked, 1 broken, 1 waived, 1 not applicable, 1 not run (2.5 s, 17 exchanges)',
    );
  });
});

describe('an interrupted run', () => {
  const summary: RunSummary = {
    target: 'staging',
    targetsFile: '/work/targets.json',
    families: ['billing'],
    interrupted: true,
    stoppedBy: 'SIGTERM',
    inProgress: false,
    preflight: [],
    seed: 1,
    runs: 10,
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1000,
    exchanges: 3,
    verdict: verdictOf([summaryOf('billing.bodies.json', 'passed')], ['billing.charges.create'], [], 'SIGTERM'),
    counts: countStatuses([summaryOf('billing.bodies.json', 'passed')], ['billing.charges.create']),
    rules: [summaryOf('billing.bodies.json', 'passed')],
    rootCauses: [],
    notRun: ['billing.charges.create'],
    errors: [],
  };

  test('is an error verdict even where a rule failed, and says so with what did not run', () => {
    expect(summary.verdict).toBe('error');
    expect(verdictOf([summaryOf('a', 'failed')], [], [], 'SIGINT')).toBe('error');
    const text = renderSummary(summary);
    expect(text).toContain('  NOT RUN billing.charges.create  (the run was interrupted (SIGTERM))');
    expect(text.split('\n').at(-1)).toMatch(/^INTERRUPTED: 1 passed/);
  });
});

describe('a run stopped by its deadline', () => {
  const parts = {
    target: 'staging',
    targetsFile: '/work/targets.json',
    families: ['billing'],
    seed: 1,
    runs: 10,
    startedAt: new Date(Date.now() - 5000),
    inProgress: false,
    preflight: [],
    selectedRules: ['billing.bodies.json', 'billing.charges.create', 'billing.token.issue'],
    errors: [],
  };

  test('is nonconformant when a rule failed before the deadline, an error otherwise; the rest is not run, with the reason', () => {
    const failed = buildRunSummary({
      ...parts,
      stoppedBy: 'max-time',
      outcomes: [summaryOf('billing.bodies.json', 'failed')],
    });
    expect(failed.verdict).toBe('nonconformant');
    expect(failed.interrupted).toBe(true);
    expect(failed.notRun).toEqual(['billing.charges.create', 'billing.token.issue']);
    const text = renderSummary(failed);
    expect(text).toContain('NOT RUN billing.charges.create  (the run reached its deadline (--max-time))');
    expect(text.split('\n').at(-1)).toMatch(/^DEADLINE REACHED, NONCONFORMANT: 0 passed, 1 failed, 0 blocked/);
    expect(
      buildRunSummary({ ...parts, stoppedBy: 'max-time', outcomes: [summaryOf('billing.bodies.json', 'passed')] })
        .verdict,
    ).toBe('error');
  });

  test('a snapshot written while the run goes on says so', () => {
    const snapshot = buildRunSummary({ ...parts, inProgress: true, outcomes: [] });
    expect(snapshot.inProgress).toBe(true);
    expect(renderSummary(snapshot)).toContain(
      'NOT RUN billing.token.issue  (still running when this snapshot was written)',
    );
  });
});

describe('a run whose only problems are blocked rules', () => {
  test('is nonconformant and says in one line that nothing failed but rules could not be judged', () => {
    const summary = buildRunSummary({
      target: 'staging',
      targetsFile: '/work/targets.json',
      families: ['cdr'],
      seed: 1,
      runs: 10,
      startedAt: new Date(),
      inProgress: false,
      preflight: [],
      errors: [],
      selectedRules: ['cdr.a', 'cdr.b'],
      outcomes: [
        outcome('cdr.a', 'passed'),
        outcome('cdr.b', 'blocked', {
          blockedBy: ['cdr.records.list-item'],
          message: 'blocked by cdr.records.list-item: no product id',
        }),
      ],
    });
    expect(summary.verdict).toBe('nonconformant');
    expect(summary.rootCauses).toEqual([{ ruleId: 'cdr.b', status: 'blocked', blocked: [] }]);
    const text = renderSummary(summary);
    expect(text).toContain('=== BLOCKED cdr.b: blocked by cdr.records.list-item: no product id');
    expect(text.split('\n').at(-1)).toBe(
      '1 rule(s) blocked and none failed: the target kept the harness from judging them (see what each was missing above).',
    );
  });
});

describe('colour on a terminal only', () => {
  test('a terminal gets colour; CI, NO_COLOR or a pipe do not; FORCE_COLOR forces it', () => {
    expect(colourWanted({ isTTY: true }, {})).toBe(true);
    expect(colourWanted({ isTTY: true }, { CI: 'true' })).toBe(false);
    expect(colourWanted({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(colourWanted({ isTTY: true }, { NO_COLOR: '' })).toBe(true);
    expect(colourWanted({ isTTY: false }, {})).toBe(false);
    expect(colourWanted({ isTTY: false }, { FORCE_COLOR: '1' })).toBe(true);
    expect(colourWanted({ isTTY: false }, { FORCE_COLOR: '1', NO_COLOR: '1' })).toBe(false);
  });
});
