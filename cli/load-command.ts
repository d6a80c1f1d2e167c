import { type SettledVerdict, settledVerdict } from '../engine/settled-verdict.ts';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Verdict } from '../engine/rule-violation.ts';
import { describeExchange } from '../client/evidence.ts';
import { defaultRedactor } from '../core/redaction.ts';
import type { ProbeOutcome } from '../load/load-probe.ts';
import type { LoadResult } from '../load/load-result.ts';
import { loadInvocation } from '../reporting/load-allure.ts';
import { loadAllureSink } from '../reporting/load-report-sinks.ts';
import { handTo } from '../reporting/report-sink.ts';
import { loadCharts } from '../reporting/load-charts.ts';
import { loadProgressLine } from '../reporting/load-progress-line.ts';
import { HarnessError } from '../core/harness-error.ts';
import { deliveryLines, LoadOutputs } from '../load/outputs/load-outputs.ts';
import type { Output, OutputDelivery } from '../load/outputs/output.ts';
import { listenForInterruption } from '../run/interrupt.ts';
import { publishLoadSummary } from './load-publish.ts';
import { registeredProbeNamed } from './load-probes.ts';
import { reportsPaths } from '../run/paths.ts';
import { launchLoaded, loadTarget } from '../run/target-stage.ts';

export interface LoadCommandOptions {
  scenario: string;
  targetsFile: string;
  target?: string;
  reportsDir: string;
  /** Sinks the probe's load samples go to once it ends (`--out`), under the run id of its start. Default: none. */
  outputs?: readonly Output[];
}

/** What `harness load` writes per run (reports/load/<scenario>.json): the verdict, the finding, the load figures. */
export interface LoadReport {
  scenario: string;
  target: string;
  family: string;
  /** The rules the probe judges. */
  ruleIds: readonly string[];
  /** The rule its check found broken (failed only). */
  ruleId?: string;
  /** `interrupted`: a signal stopped the probe, so its finding is not judged (exit 2). */
  /** Blocked: a rule the probe's route rests on failed (named in `blockedBy`); never a pass, exit 1 as a failure. */
  status: 'passed' | 'failed' | 'blocked' | 'interrupted';
  blockedBy?: string[];
  message?: string;
  observations?: Record<string, unknown>;
  evidence?: ReturnType<typeof describeExchange>[];
  details: Record<string, unknown>;
  load?: LoadResult;
}

/** The probe's verdict: judged by its check, or not at all when a signal stopped it. */
function probeVerdict(outcome: ProbeOutcome, signal: string | undefined): ReturnType<typeof judged> {
  if (!signal) return judged(outcome.judge);
  return {
    status: 'interrupted',
    message: `interrupted (${signal}): the probe stopped early, its finding is not judged`,
  };
}

/** The result file's content: who was probed, the verdict, the finding and the load figures. */
function probeReport(
  outcome: ProbeOutcome,
  signal: string | undefined,
  names: Pick<LoadReport, 'scenario' | 'target' | 'family'>,
): LoadReport {
  // A probe stopped by a signal between its steps still reads as interrupted, not as its last step's verdict.
  const load = outcome.load && (signal ? { ...outcome.load, interrupted: true as const, passed: false } : outcome.load);
  return {
    ...names,
    ruleIds: outcome.ruleIds,
    details: outcome.details,
    ...(load ? { load } : {}),
    ...probeVerdict(outcome, signal),
  };
}

/** The probe's load figures as an Allure test with its charts, beside the conformance results. */
async function writeProbeAllureResult(reportsDir: string, report: LoadReport & { load: LoadResult }): Promise<void> {
  const load = { ...report.load, scenario: report.scenario };
  const options = {
    invocation: loadInvocation(`load ${report.scenario}`),
    verdict: {
      passed: report.status === 'passed',
      ...(report.message ? { message: report.message } : {}),
      ...(report.observations ? { observations: report.observations } : {}),
    },
  };
  const run = { result: load, charts: await loadCharts(load), options };
  handTo([loadAllureSink(reportsPaths(reportsDir).allureResults)], { runs: [run] });
}

/** The probe's load figures handed to the sinks (--out), and what each delivered, said in the terminal. */
async function sendToOutputs(
  outputs: readonly Output[],
  report: LoadReport,
  startedAt: number,
): Promise<OutputDelivery[]> {
  const runId = new Date(startedAt).toISOString();
  const sinks = new LoadOutputs(outputs, { target: report.target, segment: '1/1', runId });
  if (report.load) await sinks.add({ ...report.load, scenario: report.scenario });
  const delivered = await sinks.finish(runId);
  if (delivered.length) console.log(deliveryLines(delivered).join('\n'));
  return delivered;
}

/** The result file, the Allure result, the finding and the summary of a probe's run. */
async function publishProbe(
  reportsDir: string,
  report: LoadReport,
  interrupted: boolean,
  outputs: readonly OutputDelivery[],
): Promise<void> {
  const path = writeReport(reportsDir, report);
  if (report.load) await writeProbeAllureResult(reportsDir, { ...report, load: report.load });
  console.log(renderLoadReport(report));
  const summary = publishLoadSummary(reportsDir, {
    command: `load ${report.scenario}`,
    target: report.target,
    results: report.load ? [{ ...report.load, scenario: report.scenario }] : [],
    interrupted,
    outputs,
    probe: {
      ruleIds: report.ruleId ? [report.ruleId] : report.ruleIds,
      status: report.status,
      ...(report.message ? { message: report.message } : {}),
    },
  });
  console.log(`\nresult: ${path}\nsummary: ${summary}`);
}

/**
 * `harness load <scenario>`: starts a command target if needed, runs the probe against the family's base
 * URL, judges it with the rule's check, prints the finding and writes the result file. Exit 0 when the rule
 * holds, 1 when it does not, 2 on a harness or configuration error (thrown) or an interruption.
 */
export async function runLoadCommand(options: LoadCommandOptions): Promise<number> {
  const { probe, family } = await registeredProbeNamed(options.scenario);
  const loaded = await loadTarget(options.targetsFile, options.target);
  const { target } = loaded;
  if (target.entry.families[family.name] === undefined) {
    throw new HarnessError(
      'USAGE',
      `Target "${target.name}" declares no ${family.name} interface, which ${probe.name} loads`,
      `choose a target with a families.${family.name} section`,
    );
  }
  console.log(`harness load ${probe.name}: target ${target.name}, ${probe.description}`);
  const interruption = listenForInterruption();
  const stop = new AbortController();
  void interruption.arrived.then(() => stop.abort());
  const line = loadProgressLine();
  const startedAt = Date.now();
  const { target: started, launched } = await launchLoaded(loaded);
  interruption.beforeForcedExit(() => launched.kill());
  let report: LoadReport;
  try {
    const outcome = await probe.run({
      targetName: target.name,
      // The section of the entry started: its base URL names the port the target listens on.
      section: started.entry.families[family.name],
      client: target.entry.client,
      redactor: defaultRedactor,
      onProgress: (progress) => line.show(progress),
      signal: stop.signal,
    });
    line.stop();
    report = probeReport(outcome, interruption.signal, {
      scenario: probe.name,
      target: target.name,
      family: family.name,
    });
  } finally {
    line.stop();
    await launched.stop();
    interruption.dispose();
  }
  const delivered = await sendToOutputs(options.outputs ?? [], report, startedAt);
  await publishProbe(options.reportsDir, report, interruption.signal !== undefined, delivered);
  if (interruption.signal) return 2;
  return report.status === 'passed' ? 0 : 1;
}

/**
 * The check's verdict as the probe's outcome (engine/settled-verdict.ts), its text and evidence redacted: passed, failed
 * by its rule's violation, or blocked by the rules whose failure kept it from being judged; a crash of the check is the
 * harness's error.
 */
function judged(
  judge: () => Verdict,
): Pick<LoadReport, 'status' | 'message' | 'observations' | 'evidence' | 'blockedBy'> & { ruleId?: string } {
  let settled: SettledVerdict;
  try {
    settled = settledVerdict(judge);
  } catch (error) {
    throw new HarnessError('RUN_FAILED', `The check of the load scenario broke: ${(error as Error).message}`);
  }
  if (settled.status === 'passed')
    return {
      status: 'passed',
      ...(settled.observations
        ? { observations: defaultRedactor.redactValue(settled.observations) as Record<string, unknown> }
        : {}),
    };
  return {
    status: settled.status,
    ...(settled.status === 'failed' ? { ruleId: settled.ruleId } : { blockedBy: [...settled.blockedBy] }),
    message: defaultRedactor.redactText(settled.message),
    evidence: settled.evidence.map((exchange) => describeExchange(exchange)),
  };
}

function writeReport(reportsDir: string, report: LoadReport): string {
  const dir = join(reportsDir, 'load');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${report.scenario}.json`);
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
  return path;
}

export function renderLoadReport(report: LoadReport): string {
  const lines = [
    `${{ passed: 'PASS', failed: 'FAIL', blocked: 'BLOCKED', interrupted: 'INTERRUPTED' }[report.status]}    ${report.ruleId ?? report.ruleIds.join(', ')} (${report.scenario} against ${report.target})`,
  ];
  if (report.message) lines.push(`  ${report.message}`);
  for (const [key, value] of Object.entries(report.observations ?? {}))
    lines.push(`  ${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  for (const evidence of report.evidence ?? [])
    lines.push('', evidence.request, '', evidence.response, '', evidence.curl);
  if (report.load) lines.push(`  load: ${renderLoadFigures(report.load)}`);
  return lines.join('\n');
}

export function renderLoadFigures(load: LoadResult): string {
  const statuses = Object.entries(load.statuses)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  const lost = `${load.errors ? `, ${load.errors} without a response` : ''}${load.dropped ? `, ${load.dropped} dropped (not sent: ${load.offered.maxInFlight ?? '?'} in flight)` : ''}`;
  // A closed run's two figures are one: say it once.
  const service =
    load.model === 'open' ? `; service time p50 ${load.serviceTimeMs.p50} ms, p99 ${load.serviceTimeMs.p99} ms` : '';
  return `${statuses || 'no responses'}${lost}; response time p50 ${load.latencyMs.p50} ms, p99 ${load.latencyMs.p99} ms, max ${load.latencyMs.max} ms${service}`;
}
