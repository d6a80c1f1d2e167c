import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLValidator } from 'fast-xml-parser';
import { expect, test } from 'vitest';
import type { RunSummary } from '../../reporting/run-summary.ts';
import { isWorkerCrash } from '../../reporting/worker-crash.ts';
import { hostileClientId, hostileClientSecret, startHostileTarget } from '../support/hostile-target.ts';
import { alive } from '../support/process-alive.ts';
import { familyByName } from '../../families/index.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { referenceEnv } from '../reference/support.ts';
import { bundledTargets, runCli, withReferenceCredentials, writeTargets } from '../support/run-harness-cli.ts';
import { tempFolder } from '../support/temp-folders.ts';

const bin = fileURLToPath(new URL('../../bin/harness.js', import.meta.url));

test('SIGTERM stops the run: the target it started is stopped, the summary is written marked interrupted, exit 2', async () => {
  const reports = tempFolder('harness-interrupt-');
  // Many cases per property, so the run is still going when the signal comes.
  const child = spawn(
    process.execPath,
    [bin, 'run', '--target', 'reference', '--seed', '4', '--runs', '3000', '--reports', reports],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const running = new Promise<void>((resolve) =>
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('running the suites')) resolve();
    }),
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await running;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  child.kill('SIGTERM');
  const code = await exited;

  expect(code, stdout + stderr).toBe(2);
  const targetPid = Number(/target reference started \(pid (\d+)\)/.exec(stdout)?.[1]);
  expect(targetPid).toBeGreaterThan(0);
  // Killed by the run (at once, or SIGKILL when its wind-down ran out of time); a loaded machine may take a moment to
  // end it.
  await expect.poll(() => alive(targetPid), { timeout: 5000, interval: 100 }).toBe(false);
  const summary = JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as RunSummary;
  expect(summary.interrupted).toBe(true);
  expect(summary.verdict).toBe('error');
  expect(summary.notRun.length).toBeGreaterThan(0);
  expect(stdout).toContain('INTERRUPTED:');
  expect(stderr).toContain('SIGTERM received');
});

test('a run killed outright (SIGKILL) leaves a valid summary.json and junit.xml of the rules that had finished', async () => {
  const reports = tempFolder('harness-killed-');
  // Its own process group, so the kill takes the target and the workers too, as a CI job's kill would.
  const child = spawn(
    process.execPath,
    [bin, 'run', '--target', 'reference', '--seed', '4', '--runs', '3000', '--reports', reports],
    { stdio: 'ignore', detached: true },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const summaryFile = join(reports, 'summary.json');
  try {
    await expect
      .poll(
        () =>
          existsSync(summaryFile) ? (JSON.parse(readFileSync(summaryFile, 'utf8')) as RunSummary).rules.length : 0,
        { timeout: 90_000, interval: 200 },
      )
      .toBeGreaterThan(0);
  } finally {
    process.kill(-(child.pid as number), 'SIGKILL');
  }
  await exited;
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as RunSummary;
  expect(summary.inProgress).toBe(true);
  expect(summary.rules.length).toBeGreaterThan(0);
  expect(summary.notRun.length).toBeGreaterThan(0);
  const junit = readFileSync(join(reports, 'junit.xml'), 'utf8');
  expect(XMLValidator.validate(junit)).toBe(true);
  expect(junit).toContain('(in progress)');
  expect(Number(/<testsuites [^>]*tests="(\d+)"/.exec(junit)?.[1])).toBe(summary.rules.length + summary.notRun.length);
});

test('the deadline stops a run that would stall: the rest is reported as not run with the reason, inside the deadline plus the grace', async () => {
  // The target never answers a catalog request, and the breaker is set not to open: only the deadline ends it.
  const target = await startHostileTarget(() => {});
  try {
    const targets = writeTargets({
      stalling: {
        kind: 'url',
        families: {
          billing: {
            baseUrl: target.baseUrl,
            credentials: { clientId: '${STALL_ID}', clientSecret: '${STALL_SECRET}' },
            tenant: { multiEntity: false, multiOrg: false },
          },
        },
        client: { timeoutMs: 20_000, unresponsiveAfter: 1000, concurrency: 1 },
        maxTimeMs: 600_000,
      },
    });
    const started = Date.now();
    const result = await runCli(
      [
        'run',
        '--targets',
        targets,
        '--target',
        'stalling',
        '--seed',
        '1',
        '--runs',
        '5',
        '--max-time',
        '6s',
        '--suite',
        'billing',
      ],
      {
        STALL_ID: hostileClientId,
        STALL_SECRET: hostileClientSecret,
      },
    );
    const summary = result.summary();
    expect(summary.stoppedBy, result.stdout.slice(-2000)).toBe('max-time');
    expect(result.code).toBe(summary.counts.failed > 0 ? 1 : 2);
    expect(summary.notRun.length).toBeGreaterThan(0);
    expect(result.stdout).toContain('the run reached its deadline (6 s)');
    expect(result.stdout).toContain('(the run reached its deadline (--max-time))');
    // Stopped by the deadline, not by the stalling target (whose entry allows 600 s): start-up, the 6 s deadline and
    // at most the 3 s grace, with room for a machine busy enough to take a minute over its start-up.
    expect(Date.now() - started).toBeLessThan(90_000);
  } finally {
    await target.close();
  }
});

/**
 * When a signal is sent: a delay after the run's first output line, its first summary snapshot (rules have finished,
 * others run), or the first snapshot with a failed rule.
 */
interface Moment {
  delayMs: number;
  from: 'first line' | 'first snapshot' | 'first failure';
}

/** The snapshot summary.json holds now, if any (written in one step, so whole). */
function snapshotOf(file: string): RunSummary | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RunSummary) : undefined;
}

interface InterruptPlan extends Moment {
  signal: 'SIGINT' | 'SIGTERM';
  /** To the whole process group (a terminal's Ctrl-C), or to the harness's pid alone (a CI cancel, `kill -INT PID`). */
  wholeGroup: boolean;
  /** Cases per property; enough that rules still run at the moments drawn. */
  runs: number;
  /** Another targets file and target (a mutant): default the bundled reference. */
  targets?: { file: string; name: string };
}

/** One run of the shortener family interrupted as planned; what it left (summary, junit, Allure) and how it ended. */
async function interruptOnce(plan: InterruptPlan) {
  const reports = tempFolder('harness-interrupt-random-');
  const summaryFile = join(reports, 'summary.json');
  const targetArgs = plan.targets ? ['--targets', plan.targets.file, '--target', plan.targets.name] : [];
  // Its own process group, so that whatever happens nothing of this run outlives the test (SIGKILL to the group below).
  const child = spawn(
    process.execPath,
    [
      bin,
      'run',
      ...targetArgs,
      '--suite',
      'shortener',
      '--workers',
      '1',
      '--seed',
      '9',
      '--runs',
      String(plan.runs),
      '--reports',
      reports,
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      env: withReferenceCredentials(),
    },
  );
  let output = '';
  const started = new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, exitSignal) => resolve({ code, signal: exitSignal })),
  );
  let ended = false;
  void exited.then(() => (ended = true));
  try {
    await started;
    // The first snapshot is written once a rule has finished: from then on rules are judged (a count, not a clock).
    if (plan.from === 'first snapshot')
      await expect.poll(() => ended || existsSync(summaryFile), { timeout: 120_000, interval: 50 }).toBe(true);
    if (plan.from === 'first failure')
      await expect
        .poll(() => ended || (snapshotOf(summaryFile)?.counts.failed ?? 0) > 0, { timeout: 120_000, interval: 50 })
        .toBe(true);
    await new Promise((resolve) => setTimeout(resolve, plan.delayMs));
    const before = snapshotOf(summaryFile);
    const sentAt = Date.now();
    try {
      process.kill(plan.wholeGroup ? -(child.pid as number) : (child.pid as number), plan.signal);
    } catch (error) {
      // The run ended before the signal (a very slow or very fast machine): its own verdict is judged below.
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
    const exit = await exited;
    const summary = snapshotOf(summaryFile);
    const junit = existsSync(join(reports, 'junit.xml')) ? readFileSync(join(reports, 'junit.xml'), 'utf8') : '';
    const targetPid = Number(/target [^ ]+ started \(pid (\d+)\)/.exec(output)?.[1] ?? 0);
    return {
      ...exit,
      stoppedAfterMs: Date.now() - sentAt,
      before,
      summary,
      junit,
      allure: allureStatuses(join(reports, 'allure-results')),
      targetPid,
      output,
    };
  } finally {
    // Whatever happened, nothing of this run outlives the test.
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      // The group is gone already.
    }
  }
}

/** Each Allure result's test name and status. */
function allureStatuses(dir: string): { name: string; status: string; message?: string }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('-result.json'))
    .map(
      (file) =>
        JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
          name: string;
          status: string;
          statusDetails?: { message?: string };
        },
    )
    .map((result) => ({
      name: result.name,
      status: result.status,
      ...(result.statusDetails?.message ? { message: result.statusDetails.message } : {}),
    }));
}

/** The rule ids JUnit reports as failed (a `<failure>` in their testcase). */
function junitFailures(junit: string): string[] {
  return [...junit.matchAll(/<testcase [^>]*name="([^"]+)"[^>]*>\s*<failure/g)].map((match) => match[1] as string);
}

/** A seeded generator of numbers in [0, 1): a failure names the seed its moments came from. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
}

/** Runs the plans, `atOnce` at a time. */
async function interruptAll(plans: readonly InterruptPlan[], atOnce: number) {
  const outcomes: Awaited<ReturnType<typeof interruptOnce>>[] = [];
  for (let index = 0; index < plans.length; index += atOnce)
    outcomes.push(...(await Promise.all(plans.slice(index, index + atOnce).map(interruptOnce))));
  return outcomes;
}

test('interrupts always end: 8 runs stopped at random moments (start-up, preflight, vitest starting, rules running) by SIGINT or SIGTERM, to the process or its whole group, each exit 2 within its hard deadline (3.5 s; checked with room for a busy machine) with the summary marked interrupted and no rule failed', async () => {
  const seed = Date.now() % 100_000;
  const random = seededRandom(seed);
  // Cases enough that the rules still run at the latest moment drawn (3.5 s after the first line): the run
  // takes about 9 s on 2 cores when left alone.
  // Eight: two of each signal and recipient (SIGINT to the pid alone has 12 moments of its own below). The moments are
  // drawn afresh each run (the seed is in every failure), so the CI runs between them cover far more; twelve here and
  // twenty below made this the heaviest file of the self-tests (some 87 CPU-s of fresh CLI processes).
  const plans = Array.from(
    { length: 8 },
    (_, index): InterruptPlan => ({
      from: 'first line',
      delayMs: Math.round(random() * 3500),
      signal: index % 2 ? 'SIGTERM' : 'SIGINT',
      wholeGroup: index % 4 >= 2,
      runs: 20000,
    }),
  );
  // Three at a time.
  const outcomes = await interruptAll(plans, 3);
  for (const [index, outcome] of outcomes.entries()) {
    const about = `run ${index} of seed ${seed} (${JSON.stringify(plans[index])}):\n${outcome.output.slice(-1500)}`;
    expect(outcome.signal, about).toBeNull();
    // The hard deadline is 3.5 s; the rest is room for a loaded machine to deliver the exit.
    expect(outcome.stoppedAfterMs, about).toBeLessThan(5000 + 10_000);
    // The reference gets every rule right: whatever the moment, no rule failed.
    expect(outcome.summary?.counts.failed ?? 0, about).toBe(0);
    if (outcome.summary && !outcome.summary.interrupted) {
      // The run had finished before the signal came: its own verdict stands.
      expect([0, 1, 2], about).toContain(outcome.code);
      continue;
    }
    expect(outcome.code, about).toBe(2);
    expect(outcome.summary?.interrupted, about).toBe(true);
    expect(outcome.summary?.inProgress, about).toBe(false);
    // The workers the signal ended are no error of the run: not printed, not in summary.json.
    expect(outcome.output, about).not.toContain('Worker forks emitted error');
    expect(outcome.summary?.errors.filter(isWorkerCrash), about).toEqual([]);
    // Killed by the run as it ended (SIGKILL when its wind-down ran out of time); a loaded machine may take a moment to
    // end it and reap it.
    if (outcome.targetPid)
      await expect.poll(() => alive(outcome.targetPid), { timeout: 5000, interval: 100, message: about }).toBe(false);
  }
}, 300_000);

test('SIGINT to the harness pid alone at 12 random moments against a target that gets every rule right: 0 failed rules in summary.json, junit.xml and Allure each time; the rules in progress are not run (interrupted)', async () => {
  const seed = Date.now() % 100_000;
  const random = seededRandom(seed);
  // Half the moments during start-up and the first rules, half once rules have finished (a snapshot exists) while
  // others run.
  const plans = Array.from(
    { length: 12 },
    (_, index): Moment =>
      index % 2
        ? { from: 'first snapshot', delayMs: Math.round(random() * 1500) }
        : { from: 'first line', delayMs: Math.round(random() * 3000) },
  ).map((moment) => ({ ...moment, signal: 'SIGINT' as const, wholeGroup: false, runs: 600 }));
  // One reference shortener for the twelve runs, as a URL target: what is judged is the harness's wind-down, and a
  // reference started per run (the test above judges that it is stopped) cost each run more than its rules. Each
  // answer comes 5 ms late, so the rules are still in progress at the moments drawn (a rule of 600 cases takes a few
  // seconds) while the harness waits instead of computing.
  const shortener = familyByName('shortener');
  if (!shortener) throw new Error('no shortener family');
  const reference = await startReferenceServer({ env: referenceEnv(), serve: [shortener], answerDelayMs: 5 });
  const file = writeTargets({
    shortener: { kind: 'url', families: { shortener: { baseUrl: reference.baseUrls.shortener } } },
  });
  const outcomes = await interruptAll(
    plans.map((plan) => ({ ...plan, targets: { file, name: 'shortener' } })),
    4,
  ).finally(() => reference.close());
  // Every run's failed and broken rules, in each report: none, whatever the moment.
  const failures = outcomes.map((outcome, index) => ({
    run: index,
    plan: plans[index],
    summary: (outcome.summary?.rules ?? [])
      .filter((rule) => rule.status === 'failed' || rule.status === 'broken')
      .map((rule) => `${rule.ruleId}: ${rule.message?.split('\n')[0] ?? ''}`),
    junit: [...junitFailures(outcome.junit), ...(outcome.junit.includes('<error ') ? ['<error>'] : [])],
    allure: outcome.allure
      .filter((result) => result.status === 'failed' || result.status === 'broken')
      .map((result) => result.name),
  }));
  expect(
    failures.filter((run) => run.summary.length + run.junit.length + run.allure.length > 0),
    `seed ${seed}`,
  ).toEqual([]);
  for (const [index, outcome] of outcomes.entries()) {
    const about = `run ${index} of seed ${seed} (${JSON.stringify(plans[index])}):\n${outcome.output.slice(-1500)}`;
    expect(outcome.summary, about).toBeDefined();
    if (!outcome.summary?.interrupted) continue;
    expect(outcome.code, about).toBe(2);
    // Every rule in progress is reported not run, with the reason, in each report.
    for (const ruleId of outcome.summary.interruptedRules ?? []) {
      expect(outcome.summary.notRun, about).toContain(ruleId);
      expect(outcome.junit, about).toMatch(
        new RegExp(
          `name="${ruleId.replace(/\./g, '\\.')}"[^>]*>\\s*<skipped>not run: the run was interrupted \\(SIGINT\\)`,
        ),
      );
    }
    if (outcome.summary.notRun.length)
      expect(outcome.summary.notRunReason, about).toBe('the run was interrupted (SIGINT)');
  }
  // Not a vacuous pass: some signals came while a rule was being judged (a count over the runs, not a clock).
  const caughtInProgress = outcomes.filter((outcome) => (outcome.summary?.interruptedRules?.length ?? 0) > 0).length;
  expect(caughtInProgress, `seed ${seed}`).toBeGreaterThan(0);
  const skippedInAllure = outcomes.flatMap((outcome) =>
    outcome.allure.filter((result) => result.message === 'not run: the run was interrupted (SIGINT)'),
  );
  expect(skippedInAllure.length, `seed ${seed}`).toBeGreaterThan(0);
}, 300_000);

test('a rule that failed before the interruption stays failed in summary.json, junit.xml and Allure; the rules in progress are not run', async () => {
  const entry = bundledTargets.targets.reference;
  if (!entry) throw new Error('bundled targets.json has no reference');
  // A mutant breaking the shortener rule judged first (an entry without longUrl accepted): the others run after it.
  const file = writeTargets({
    mutant: { ...entry, command: [...entry.command, '--mutant', 'shortener-long-url-optional'] },
  });
  const outcome = await interruptOnce({
    from: 'first failure',
    delayMs: 0,
    signal: 'SIGINT',
    wholeGroup: false,
    runs: 5000,
    targets: { file, name: 'mutant' },
  });
  const about = outcome.output.slice(-3000);
  // The snapshot read just before the signal: the failure was recorded before the interruption.
  const failedBefore = (outcome.before?.rules ?? [])
    .filter((rule) => rule.status === 'failed')
    .map((rule) => rule.ruleId);
  expect(failedBefore, about).toEqual(['shortener.long-url.required']);
  expect(outcome.summary?.interrupted, about).toBe(true);
  expect(outcome.code, about).toBe(2);
  const failedAfter = (outcome.summary?.rules ?? [])
    .filter((rule) => rule.status === 'failed')
    .map((rule) => rule.ruleId);
  for (const ruleId of failedBefore) {
    expect(failedAfter, about).toContain(ruleId);
    expect(junitFailures(outcome.junit), about).toContain(ruleId);
  }
  // The mutant's rule is the one that failed; nothing else was made to fail by the wind-down.
  expect(
    failedAfter.filter((ruleId) => ruleId !== 'shortener.long-url.required'),
    about,
  ).toEqual([]);
  expect(
    outcome.allure.some(
      (result) => result.status === 'failed' && result.name.startsWith('shortener.long-url.required'),
    ),
    about,
  ).toBe(true);
}, 120_000);
