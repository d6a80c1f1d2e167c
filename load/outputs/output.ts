import type { LoadResult } from '../load-result.ts';

/*
 * A sink of load results outside the harness's own files (`--out`), as k6's outputs are: every sink implements
 * Output, the load commands hand each operation's result to all of them as the operation ends, and stop them once
 * the run is over. A sink never throws into the run: what it could not deliver it counts, and the run's verdict is
 * kept.
 */

/** What names the figures of one operation in every sink: the labels that let the segments of one run add up. */
export interface RunLabels {
  /** The run's id: `--run-id`, the segment stamp's, or the whole run's start (ISO). */
  run_id: string;
  target: string;
  family: string;
  /** The operation (the scenario's name): `nightly shortener mappings`, `token-rate-limit`. */
  operation: string;
  /** `I/N` of a segmented run, `1/1` of a whole one. */
  segment: string;
}

/** One operation's result with the labels it is sent under. */
export interface LabelledResult {
  result: LoadResult;
  labels: RunLabels;
}

/** What a sink delivered and what it lost, for the terminal and the summary. */
export interface OutputDelivery {
  /** The sink as given: `json=out/samples.json`, `prometheus=http://127.0.0.1:9090/api/v1/write`. */
  output: string;
  /** Samples written or accepted. */
  delivered: number;
  /** Samples that never arrived (a file that could not be written, a refused or failed request). */
  lost: number;
  /** Why samples were lost, one line a cause (the first of each kind). */
  problems: string[];
}

export interface Output {
  /** The sink as the user gave it (`kind=where`). */
  readonly description: string;
  /** Takes one operation's result as it ends; never rejects (what fails is counted as lost). */
  add(labelled: LabelledResult): Promise<void>;
  /** Flushes and closes; what it delivered and lost over the run. */
  stop(): Promise<OutputDelivery>;
}

/** The delivery counts a sink keeps while it runs. */
export class DeliveryCount {
  delivered = 0;
  lost = 0;
  readonly #problems = new Set<string>();

  constructor(private readonly output: string) {}

  /** Samples lost for a reason: the reason is kept once. */
  lose(count: number, problem: string): void {
    this.lost += count;
    this.#problems.add(problem);
  }

  get delivery(): OutputDelivery {
    return { output: this.output, delivered: this.delivered, lost: this.lost, problems: [...this.#problems] };
  }
}
