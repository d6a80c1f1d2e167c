/* The help of `harness load`, one text for its probes, nightly and merge (each prints it for --help). */

/** The probes' lines are read from the registry when help is asked. */
export async function loadHelp(): Promise<string> {
  const { registeredProbes } = await import('./load-probes.ts');
  return `harness load <scenario> [--targets FILE] [--target NAME] [--reports DIR] [--out KIND=WHERE]... [--html]
harness load nightly [--targets FILE] [--target NAME] [--reports DIR] [--rate N] [--duration D] [--history DIR] [--html]
                     [--segment I/N (--start-at TIME | --run-id ID)] [--out KIND=WHERE]...
harness load merge FILE|DIR... [--output FILE|DIR|-] [--reports DIR] [--history DIR] [--allow-partial]

Runs a load scenario against a target's base URL (bounded in rate, count and time) and judges its rule:
${(await registeredProbes())
  .map(({ probe, family }) => `  ${probe.name.padEnd(20)} (${family.name}) ${probe.description}`)
  .join('\n')}
Writes DIR/load/<scenario>.json (default ./reports): the verdict, what was found, and the load figures (raw HDR
latency histogram, per-second status counts). Exit 0 when the rule holds, 1 when not, 2 on a harness or
configuration error or an interruption. On a terminal (not under CI) a live line shows the elapsed time, the
current rate and the 2xx / 429 / other counts. --html then writes the Allure HTML report of DIR (as harness report
does), so the run's page needs no second command.

nightly runs every operation of the target's families at a constant rate (default 20 req/s for 10 s each, or
the target entry's "load" profile; --rate and --duration override), each request timed from when it was due
(a stall shows in the tail), and judges the entry's thresholds and the family's response rules on every
answer: one result file per operation (DIR/load/nightly/), the run's figures added to the history
(--history, default DIR/load/history), one Allure test per operation with charts (response and service time
by percentile, p50 and p99 per second, rate and status codes over time, against the previous run, p99 and
error rate over the last 30 runs). Exit 0 within thresholds, 1 not, 2 harness error or interrupted.

Beyond one machine, N replicas each run a segment: --segment I/N (1 <= I <= N; index:K/N takes Kubernetes's
0-based JOB_COMPLETION_INDEX, slot:S/N Docker Swarm's {{.Task.Slot}} of a replicated job) runs share I of every operation's rate (the N shares add up exactly to it; a share
of 0 sends nothing), connections and in-flight cap likewise, for the same duration. --start-at (ISO time or
epoch ms, at most 10 min ahead; the same for every replica) waits for a common start; --run-id names the run
(default: from --start-at and the profile's digest); --segment alone is refused: one of the two is needed. A
segment writes DIR/load/nightly/<run id>/segment-I-of-N/ (a folder per run: another run's files never meet it),
judges nothing (exit 0, 2 if interrupted) and prints the merge line of its run, which judges once. The probes
discover a single limit and cannot be split.

--out sends the samples elsewhere too, as k6's --out does (repeat it for several sinks at once): json=FILE (k6's
JSON lines: a Metric line per metric, a Point a request: http_reqs, http_req_failed, http_req_duration,
dropped_iterations), csv=FILE (k6's CSV columns; FILE relative to the current directory), prometheus=URL
(Prometheus remote write, e.g. http://127.0.0.1:9090/api/v1/write: harness_http_reqs_total by status,
harness_http_req_failed_total, harness_dropped_iterations_total, harness_http_req_duration_seconds histogram).
Every sample is labelled run_id, target, family, operation and segment, so the segments of one run add up in one
query. A sink that cannot be reached or refuses is reported with the samples lost; the verdict stays the run's.

merge combines result files (a folder: every .json below it) per scenario into one result each (histograms
and per-second counts added) and judges the thresholds once, on the merged figures: exit 0 when they hold, 1
not. Segments are checked first: same run id, profile digest, target and count, every segment 1..N present once
for every operation; a missing, duplicated or foreign segment is exit 2 naming it, and so are files of several
runs (an earlier run's left in the folder named: merge one run's folder). --allow-partial judges what arrived,
says "partial: segments 2/3 missing" in every report and reads PARTIAL, never PASS (exit 1). --output: the merged
result's file, or a folder (a file per operation) when there are several; a relative path is placed in the
reports folder (--reports, default ./reports); - is stdout. Default: stdout for one result and no --reports,
else DIR/load/merged/<run id>/. With --reports DIR the merged results are added to the history (not when
partial) and get an Allure test each, "<operation> (merged)", with the same charts. A load command's verdict
goes to DIR/load/summary.md (a conformance run's DIR/summary.md is left as it is).`;
}
