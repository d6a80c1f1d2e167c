import type { Redactor } from '../core/redaction.ts';
import { LatencyHistogram } from './latency-histogram.ts';
import type { ResponseViolation, SecondCounts } from './load-result.ts';
import type { LoadProgress } from './load-progress.ts';
import type { LoadRequest, LoadScenario, ObservedResponse } from './scenario.ts';

/** Evidence kept of a response: enough to read, never a whole large body. */
const sampleBodyChars = 2000;

/**
 * What both load engines (the closed loop for bursts and as-fast-as-possible runs, the open model for constant
 * rates) record of a run: counts per status, per label and per clock second, the response-time and
 * service-time histograms (and one response-time histogram per second, for latency over time), samples and
 * response-rule breaches. Runs per response: counts are bumped in place, the current second kept at hand.
 */
export class RunRecorder {
  readonly responseTime = new LatencyHistogram();
  readonly serviceTime = new LatencyHistogram();
  readonly statuses: Record<string, number> = {};
  readonly byLabel: Record<string, Record<string, number>> = {};
  readonly samples: Record<string, ObservedResponse> = {};
  errors = 0;
  timeouts = 0;
  dropped = 0;
  readonly #seconds = new Map<number, { counts: SecondCounts; responseTime: LatencyHistogram }>();
  readonly #violations = new Map<string, ResponseViolation>();
  #current: { counts: SecondCounts; responseTime: LatencyHistogram } | undefined;

  constructor(
    private readonly scenario: Pick<LoadScenario, 'name' | 'checkResponse'>,
    private readonly redactor: Redactor,
  ) {}

  /** A response's timing: from when it was due (response time) and from when it was sent (service time). */
  timed(status: number, responseTimeMs: number, serviceTimeMs: number, now = Date.now()): void {
    this.responseTime.record(responseTimeMs);
    this.serviceTime.record(serviceTimeMs);
    bump(this.statuses, status);
    const second = this.#secondOf(now);
    bump(second.counts.statuses, status);
    second.responseTime.record(responseTimeMs);
  }

  /**
   * Whether a response of this status needs its headers and body read: for a response rule, or as the status's first
   * sample.
   */
  wantsContent(status: number): boolean {
    return this.scenario.checkResponse !== undefined || this.samples[status] === undefined;
  }

  /** A response whose content is not needed (see wantsContent): only its label's count. */
  labelled(label: string, status: number): void {
    this.byLabel[label] ??= {};
    bump(this.byLabel[label], status);
  }

  /** A response's content: its label's count, the first sample of its status, the family's response rule. */
  observed(response: ObservedResponse): void {
    this.labelled(response.label, response.status);
    this.samples[response.status] ??= this.#keep(response);
    const broken = this.scenario.checkResponse?.(response);
    if (!broken) return;
    // One entry a rule: a check's message quotes what it saw (a regenerated header), so it may differ every time.
    const seen = this.#violations.get(broken.ruleId);
    if (seen) seen.count += 1;
    else this.#violations.set(broken.ruleId, { ...broken, count: 1, sample: this.#keep(response) });
  }

  /** A request sent that got no response (connection error, timeout). */
  failed(timedOut: boolean, now = Date.now()): void {
    this.errors += 1;
    if (timedOut) this.timeouts += 1;
    this.#secondOf(now).counts.errors += 1;
  }

  /** A request due that was not sent: the cap of requests in flight was reached. */
  droppedOne(now = Date.now()): void {
    this.dropped += 1;
    const counts = this.#secondOf(now).counts;
    counts.dropped = (counts.dropped ?? 0) + 1;
  }

  get violations(): ResponseViolation[] {
    return [...this.#violations.values()];
  }

  /** Per-second counts by clock second, each with its response-time histogram (encoded, mergeable). */
  perSecond(): SecondCounts[] {
    return [...this.#seconds.values()]
      .sort((a, b) => a.counts.at - b.counts.at)
      .map(({ counts, responseTime }) =>
        responseTime.count ? { ...counts, responseTime: responseTime.encode() } : counts,
      );
  }

  progress(startedAt: number): LoadProgress {
    const last = this.#seconds.get(Math.floor(Date.now() / 1000) - 1);
    const sum = (match: (status: string) => boolean) =>
      Object.entries(this.statuses)
        .filter(([status]) => match(status))
        .reduce((total, [, count]) => total + count, 0);
    return {
      scenario: this.scenario.name,
      elapsedSeconds: (Date.now() - startedAt) / 1000,
      currentRate: last ? Object.values(last.counts.statuses).reduce((total, count) => total + count, 0) : 0,
      ok: sum((status) => status.startsWith('2')),
      limited: sum((status) => status === '429'),
      other: sum((status) => !status.startsWith('2') && status !== '429'),
      errors: this.errors,
      ...(this.responseTime.count ? { p99Ms: this.responseTime.at(99) } : {}),
      ...(this.dropped ? { dropped: this.dropped } : {}),
    };
  }

  #secondOf(now: number) {
    const at = Math.floor(now / 1000);
    if (this.#current?.counts.at === at) return this.#current;
    let second = this.#seconds.get(at);
    if (!second) {
      second = { counts: { at, statuses: {}, errors: 0 }, responseTime: new LatencyHistogram() };
      this.#seconds.set(at, second);
    }
    this.#current = second;
    return second;
  }

  #keep(response: ObservedResponse): ObservedResponse {
    return {
      ...response,
      headers: this.redactor.redactHeaders(response.headers) as Record<string, string>,
      body: this.redactor.redactText(response.body.slice(0, sampleBodyChars)),
      ...(response.sentHeaders
        ? { sentHeaders: this.redactor.redactHeaders(response.sentHeaders) as Record<string, string> }
        : {}),
    };
  }
}

/** The request of the scenario sent at position `index`: the requests are sent in turn. */
export function requestAt(requests: readonly LoadRequest[], index: number): LoadRequest {
  return requests[index % requests.length] as LoadRequest;
}

function bump(counts: Record<string, number>, status: number): void {
  counts[status] = (counts[status] ?? 0) + 1;
}
