import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultRedactor } from '../core/redaction.ts';
import type { FamilyModule } from '../families/family.ts';
import { families } from '../families/index.ts';
import { resultFileName, type LoadResult } from '../load/load-result.ts';
import { derivedRunId, profileDigest, segmentProfile, segmentText, type Segment } from '../load/segment.ts';
import { checkStartAt, waitForStart } from '../load/start-at.ts';
import { runFolder, segmentFolder } from '../load/segment-folders.ts';
import { shellWord } from '../client/shell-quote.ts';
import { HarnessError } from '../core/harness-error.ts';
import { runLoad } from '../load/run-load.ts';
import { deliveryLines, LoadOutputs } from '../load/outputs/load-outputs.ts';
import type { Output, OutputDelivery } from '../load/outputs/output.ts';
import { loadProgressLine } from '../reporting/load-progress-line.ts';
import { loadVerdictLine } from '../reporting/load-summary.ts';
import { loadSummaryTable } from '../reporting/load-summary-table.ts';
import { comparisonTable } from '../reporting/load-comparison-table.ts';
import { loadProfileSchema } from '../targets/schema.ts';
import { publishLoadSummary, publishNightly } from './load-publish.ts';
import { listenForInterruption } from '../run/interrupt.ts';
import { reportsPaths } from '../run/paths.ts';
import { harnessInvocation } from '../run/replay-invocation.ts';
import { launchLoaded, loadTarget } from '../run/target-stage.ts';

export interface NightlyOptions {
  targetsFile: string;
  target?: string;
  reportsDir: string;
  /**
   * Where the history of nightly runs is kept (tonight against the previous run, trends). Default REPORTS/load/history.
   */
  historyDir?: string;
  /** Overrides the target entry's profile. */
  rate?: number;
  durationSeconds?: number;
  /** Run only this share of the profile (one of N replicas); thresholds are judged once, by `harness load merge`. */
  segment?: Segment;
  /** Epoch ms every replica starts its load at (waits until then); part of the default run id. */
  startAt?: number;
  /**
   * Names the run in each segment's results, so a merge can check they belong together. Default: from startAt and the
   * profile digest.
   */
  runId?: string;
  /**
   * Sinks each operation's samples go to as it ends (`--out`), labelled with the run id (a whole run's: --run-id or its
   * start), the target, family, operation and segment. Default: none.
   */
  outputs?: readonly Output[];
}

type ResolvedNightlyTarget = Awaited<ReturnType<typeof loadTarget>>['target'];
type NightlyProfile = ReturnType<typeof loadProfileSchema.parse>;

/** The target entry's load profile, with the command line's rate and duration over it. */
function nightlyProfile(target: ResolvedNightlyTarget, options: NightlyOptions): NightlyProfile {
  return loadProfileSchema.parse({
    ...target.entry.load,
    ...(options.rate ? { rate: options.rate } : {}),
    ...(options.durationSeconds ? { durationSeconds: options.durationSeconds } : {}),
  });
}

/** Segments of one run must name it alike, by a common start or an explicit id. */
function checkSegmentHasRun(options: NightlyOptions): void {
  if (options.segment && options.runId === undefined && options.startAt === undefined) {
    throw new HarnessError(
      'USAGE',
      `--segment ${segmentText(options.segment)} needs a run every replica names alike`,
      'give --start-at TIME (the same for every replica) or --run-id ID',
    );
  }
}

/** What is about to run: the profile, and a segment's share of it. */
function announce(target: string, profile: NightlyProfile, runs: NightlyProfile, segment: Segment | undefined): void {
  console.log(
    `harness load nightly: target ${target}, ${profile.rate} req/s for ${profile.durationSeconds} s per operation (constant rate, at most ${profile.maxInFlight} in flight); thresholds ${profile.thresholds.join(', ')}`,
  );
  if (!segment) return;
  console.log(
    `segment ${segmentText(segment)}: ${runs.rate} of the ${profile.rate} req/s, ${runs.connections} connection(s), at most ${runs.maxInFlight} in flight; thresholds judged once, on the merge (harness load merge)`,
  );
  if (runs.rate === 0)
    console.log(
      `segment ${segmentText(segment)}: its share of ${profile.rate} req/s split ${segment.count} ways is 0: it sends nothing, and writes its empty results so the merge sees every segment`,
    );
}

/** What loading the operations needs besides the families: the target, the profile run, the stop and the live line. */
interface LoadingContext {
  target: ResolvedNightlyTarget;
  runs: NightlyProfile;
  signal: AbortSignal;
  line: ReturnType<typeof loadProgressLine>;
  outputs: LoadOutputs;
}

/**
 * Runs every operation of the declared families' nightly profiles in turn (until stopped); `operations` names
 * every operation of the profiles, also those a stop left unrun.
 */
async function loadOperations(
  declared: readonly FamilyModule[],
  context: LoadingContext,
): Promise<{ results: LoadResult[]; operations: string[] }> {
  const { target, signal, line } = context;
  const results: LoadResult[] = [];
  const operations: string[] = [];
  for (const family of declared) {
    const profileOf = (await family.load?.())?.nightly;
    if (!profileOf) {
      console.log(`${family.name}: no nightly profile yet, not loaded`);
      continue;
    }
    const { scenarios, close } = await profileOf({
      section: target.entry.families[family.name],
      client: target.entry.client,
      redactor: defaultRedactor,
      profile: context.runs,
    });
    operations.push(...scenarios.map((scenario) => scenario.name));
    try {
      for (const scenario of scenarios) {
        if (signal.aborted) break;
        const result = await runLoad(scenario, {
          target: target.name,
          onProgress: (progress) => line.show(progress),
          signal,
        });
        results.push(result);
        line.stop();
        await context.outputs.add(result);
      }
    } finally {
      await close();
    }
  }
  return { results, operations };
}

/**
 * `harness load nightly`: a bounded constant-rate run of every operation the target's declared families
 * implement (those with a nightly profile), the thresholds from the target entry, the family's response rules
 * checked on every answer. Writes one mergeable result file per operation (reports/load/nightly/) and one
 * Allure test per operation with its charts. Exit 0 within thresholds, 1 not, 2 harness error or interrupted.
 */
export async function runNightly(options: NightlyOptions): Promise<number> {
  const loadedTarget = await loadTarget(options.targetsFile, options.target);
  const { target } = loadedTarget;
  const profile = nightlyProfile(target, options);
  const declared = families().filter((family) => target.entry.families[family.name] !== undefined);
  const { segment } = options;
  checkSegmentHasRun(options);
  if (options.startAt !== undefined) checkStartAt(options.startAt, profile.durationSeconds);
  // A segment runs its share of every operation's rate, connections and in-flight cap; the whole profile is what the
  // results name.
  const runs = segment ? segmentProfile(profile, segment) : profile;
  announce(target.name, profile, runs, segment);
  const interruption = listenForInterruption();
  const stop = new AbortController();
  void interruption.arrived.then(() => stop.abort());
  const line = loadProgressLine();
  const { target: started, launched } = await launchLoaded(loadedTarget);
  interruption.beforeForcedExit(() => launched.kill());
  let loaded: Awaited<ReturnType<typeof loadOperations>>;
  // A whole run's id is known now; a segment's derived id only once its operations have run.
  const wholeRunId = options.runId ?? new Date(options.startAt ?? Date.now()).toISOString();
  const outputs = new LoadOutputs(options.outputs ?? [], {
    target: target.name,
    segment: segment ? segmentText(segment) : '1/1',
    ...(segment && options.runId === undefined ? {} : { runId: wholeRunId }),
  });
  try {
    if (options.startAt !== undefined) {
      if (options.startAt > Date.now())
        console.log(`waiting for the start: ${new Date(options.startAt).toISOString()}`);
      await waitForStart(options.startAt, stop.signal);
    }
    loaded = await loadOperations(declared, { target: started, runs, signal: stop.signal, line, outputs });
  } finally {
    line.stop();
    await launched.stop();
    interruption.dispose();
  }
  const interrupted = interruption.signal !== undefined;
  if (!segment) {
    const delivered = await finishOutputs(outputs, wholeRunId);
    return publishWholeRun(loaded.results, target.name, options, interrupted, delivered);
  }
  const digest = profileDigest(profile, loaded.operations);
  const stamp = {
    ...segment,
    runId: options.runId ?? derivedRunId(options.startAt as number, digest),
    profileDigest: digest,
    operations: loaded.operations,
  };
  await finishOutputs(outputs, stamp.runId);
  return writeSegment(
    loaded.results.map((result) => ({ ...result, segment: stamp })),
    options.reportsDir,
    interrupted,
  );
}

/** Stops the run's sinks and says what each delivered and lost (the verdict stays the run's own). */
async function finishOutputs(outputs: LoadOutputs, runId: string): Promise<OutputDelivery[]> {
  const delivered = await outputs.finish(runId);
  if (delivered.length) console.log(`\n${deliveryLines(delivered).join('\n')}`);
  return delivered;
}

/**
 * The whole profile's results, judged against the previous run: one file per operation in REPORTS/load/nightly/, the
 * history (unless interrupted), the Allure tests, the summary and the changes since the previous run; then the
 * verdict. Exit 0 within thresholds, 1 not, 2 interrupted.
 */
async function publishWholeRun(
  measured: LoadResult[],
  target: string,
  options: NightlyOptions,
  interrupted: boolean,
  outputs: readonly OutputDelivery[],
): Promise<number> {
  const dir = join(options.reportsDir, 'load', 'nightly');
  mkdirSync(dir, { recursive: true });
  const allureResults = reportsPaths(options.reportsDir).allureResults;
  // Published first: the files keep the thresholds judged against the previous run.
  const published = await publishNightly(measured, {
    command: 'load nightly',
    reportsDir: options.reportsDir,
    ...(options.historyDir ? { historyDir: options.historyDir } : {}),
    record: !interrupted,
  });
  const { results, comparisons } = published;
  for (const result of results) {
    writeFileSync(join(dir, resultFileName(result.scenario)), `${JSON.stringify(result, null, 2)}\n`);
  }
  const summary = publishLoadSummary(options.reportsDir, {
    command: 'load nightly',
    target,
    results,
    interrupted,
    comparisons,
    outputs,
  });
  console.log(
    `\nresults: ${dir}\nhistory: ${published.historyDir}${published.recorded ? '' : ' (not recorded: interrupted)'}\nallure results: ${allureResults} (harness report builds the HTML)\nsummary: ${summary}`,
  );
  // The verdict last: a log's last line says it.
  const closing = [loadSummaryTable(results), comparisonTable(comparisons), loadVerdictLine(results, interrupted)];
  console.log(`\n${closing.filter(Boolean).join('\n\n')}`);
  if (interrupted) return 2;
  return results.every((result) => result.passed) ? 0 : 1;
}

/**
 * A segment's results, one file per operation in REPORTS/load/nightly/<run id>/segment-I-of-N/ (emptied first: files
 * of an earlier try of this segment there would be duplicates), so replicas can share one reports folder and the
 * merge of one run's folder never meets another run's files. Nothing is judged, published or recorded here: a share's
 * percentiles say nothing of the profile's; the merge judges. Exit 0 once written, 2 when interrupted.
 */
function writeSegment(results: readonly LoadResult[], reportsDir: string, interrupted: boolean): number {
  const stamp = results[0]?.segment;
  if (!stamp) {
    console.log('\nVERDICT: NOTHING RUN (no operation had a nightly profile)');
    return interrupted ? 2 : 0;
  }
  const dir = segmentFolder(reportsDir, stamp);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const result of results)
    writeFileSync(join(dir, resultFileName(result.scenario)), `${JSON.stringify(result, null, 2)}\n`);
  // A segment's own figures, for its log; its thresholds are judged once, on the merge of every segment.
  console.log(
    `\nsegment ${segmentText(stamp)}:\n${loadSummaryTable(results.map((result) => ({ ...result, thresholds: [] })))}`,
  );
  console.log(
    `\nsegment results: ${dir} (run ${stamp.runId})\nVERDICT: ${interrupted ? 'INTERRUPTED: segment incomplete (exit 2)' : `segment ${segmentText(stamp)} written: judged once every segment has arrived, by: ${mergeLine(reportsDir, stamp.runId)}`}`,
  );
  return interrupted ? 2 : 0;
}

/** The merge of one run's segments, as this harness was started: it runs as printed, from the same folder. */
function mergeLine(reportsDir: string, runId: string): string {
  return [...harnessInvocation(), 'load', 'merge', runFolder(reportsDir, runId), '--reports', reportsDir]
    .map(shellWord)
    .join(' ');
}
