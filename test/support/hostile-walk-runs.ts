import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, expect } from 'vitest';
import type { RuleSummary } from '../../reporting/run-summary.ts';
import type { HostileWalker } from './hostile-walkers.ts';
import { type CliResult, runCli, writeTargets } from './run-harness-cli.ts';
import { TREE_BUDGET_BYTES } from './tree-memory.ts';

/*
 * Runs of the real CLI against hostile walking targets (test/cli/hostile-walks.test.ts and the slow holder's own
 * file): the walkers a file started are closed after it, and every run must end in a bounded verdict.
 */

export const maxTimeSeconds = 200;
export const custodyToken = 'hostile-walks-custody-token-5d2e';
export const cardsToken = 'hostile-walks-cards-token-8a41';
const env = { HOSTILE_CUSTODY_TOKEN: custodyToken, HOSTILE_CARDS_TOKEN: cardsToken, CI: 'true' };
/**
 * For a test file: `started(walker)` keeps the walker, closed when the file ends (call it at the file's top level; a
 * module shared by the files of a worker cannot register the hook itself).
 */
export function walkersClosedAfterAll(): (target: Promise<HostileWalker>) => Promise<HostileWalker> {
  const running: HostileWalker[] = [];
  afterAll(async () => {
    await Promise.all(running.map((walker) => walker.close()));
  });
  return async (target) => {
    const walker = await target;
    running.push(walker);
    return walker;
  };
}

/** One run of the CLI against a target entry of these sections. */
export async function run(
  families: Record<string, HostileWalker>,
  label: string,
  maxTime = maxTimeSeconds,
  timeoutMs = 5000,
): Promise<CliResult> {
  const targets = writeTargets({
    hostile: {
      kind: 'url',
      families: Object.fromEntries(Object.entries(families).map(([name, walker]) => [name, walker.section])),
      client: { timeoutMs },
    },
  });
  const suites = Object.keys(families).join(',');
  return runCli(
    `run --targets ${targets} --target hostile --suite ${suites} --seed 30 --runs 2 --max-time ${maxTime}`.split(' '),
    env,
    { samplePeak: true, label },
  );
}

/** Exit 1, a finished report that parses, no secret anywhere, the tree under budget; returns the rules. */
export function expectBoundedVerdict(result: CliResult): RuleSummary[] {
  const output = result.stdout.slice(-3000) + result.stderr.slice(-2000);
  expect(result.code, output).toBe(1);
  const summary = result.summary();
  expect(summary.inProgress).toBe(false);
  // Ended by itself, inside its deadline: read from the summary, not from a clock a busy machine slows.
  expect(summary.stoppedBy, output).toBeUndefined();
  expect(summary.notRun, output).toEqual([]);
  const broken = summary.rules
    .filter((rule) => rule.status === 'broken')
    .map((rule) => `${rule.ruleId}: ${rule.message ?? ''}`.slice(0, 1500));
  expect(summary.counts.broken, `${broken.join('\n')}\n${output}`).toBe(0);
  const junit = readFileSync(join(result.reportsDir, 'junit.xml'), 'utf8');
  expect(XMLValidator.validate(junit)).toBe(true);
  const results = join(result.reportsDir, 'allure-results');
  const text = [
    result.stdout,
    result.stderr,
    readFileSync(join(result.reportsDir, 'summary.json'), 'utf8'),
    junit,
    ...readdirSync(results).map((file) => readFileSync(join(results, file), 'utf8')),
  ].join('\n');
  expect(text).not.toContain(custodyToken);
  expect(text).not.toContain(cardsToken);
  expect(result.peak?.total, `peak tree memory ${result.peak?.total}`).toBeLessThan(TREE_BUDGET_BYTES);
  return summary.rules;
}

export const failedWith = (rules: RuleSummary[], pattern: RegExp) =>
  rules.filter((rule) => rule.status === 'failed' && pattern.test(rule.message ?? '')).map((rule) => rule.ruleId);
