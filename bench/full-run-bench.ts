/*
 * Benchmark, not a test: prints figures, asserts nothing.
 * The main job's wall time: `harness run` of every family against the bundled reference (what `npm start`
 * runs, without the HTML), median of 3, and the part of it the two rate-limit probes take at the end, alone.
 * Then the same with two suite workers (--workers 2): the default is cores - 1, one on a 2-core machine.
 */
import { timeSuiteRun } from './suite-run.ts';

const attempts = 3;
const aloneRules = ['billing.token.rate_limit', 'exchange.limits.rate-limit'];

async function measure(label: string, extraArgs: readonly string[]): Promise<void> {
  const seconds: number[] = [];
  let last: Awaited<ReturnType<typeof timeSuiteRun>>['summary'] | undefined;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const run = await timeSuiteRun(undefined, 100, extraArgs);
    seconds.push(run.seconds);
    last = run.summary;
  }
  seconds.sort((a, b) => a - b);
  const alone =
    (last?.rules ?? [])
      .filter((rule) => aloneRules.includes(rule.ruleId))
      .reduce((sum, rule) => sum + (rule.durationMs ?? 0), 0) / 1000;
  console.log(
    `harness run (every family${label}): ${(seconds[1] as number).toFixed(1)} s wall (median of ${attempts}; ${seconds.map((value) => value.toFixed(1)).join(', ')}), ` +
      `of which ${alone.toFixed(1)} s the rate-limit probes alone, verdict ${last?.verdict}, ${last?.exchanges} exchanges`,
  );
}

await measure('', []);
await measure(', --workers 2', ['--workers', '2']);
