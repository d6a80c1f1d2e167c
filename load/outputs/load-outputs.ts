import type { LoadResult } from '../load-result.ts';
import type { Output, OutputDelivery, RunLabels } from './output.ts';

/*
 * The sinks of one load command (its --out values): each operation's result handed to all of them as it ends, and
 * what they delivered once the run is over.
 */

/** What names the run in every sink: the target, the segment, and the run id where it is known before the run ends. */
export interface OutputRun {
  target: string;
  /** `I/N`; `1/1` for a whole run. */
  segment: string;
  /**
   * Known at the start (`--run-id`, or the whole run's start). A segment's id derived from the profile's digest is
   * known only once every operation has run: its results are handed out then.
   */
  runId?: string;
}

export class LoadOutputs {
  readonly #held: LoadResult[] = [];
  #runId: string | undefined;

  constructor(
    private readonly outputs: readonly Output[],
    private readonly run: OutputRun,
  ) {
    this.#runId = run.runId;
  }

  /** One operation's result, handed to every sink now, or once the run id is known. */
  async add(result: LoadResult): Promise<void> {
    if (this.outputs.length === 0) return;
    if (this.#runId === undefined) this.#held.push(result);
    else await this.#handOut(result, this.#runId);
  }

  /** Hands out what was held under the run's id, stops every sink and says what each delivered. */
  async finish(runId: string): Promise<OutputDelivery[]> {
    this.#runId ??= runId;
    for (const result of this.#held.splice(0)) await this.#handOut(result, this.#runId);
    return Promise.all(this.outputs.map((output) => output.stop()));
  }

  async #handOut(result: LoadResult, runId: string): Promise<void> {
    const labels: RunLabels = {
      run_id: runId,
      target: result.target ?? this.run.target,
      family: result.family,
      operation: result.scenario,
      segment: this.run.segment,
    };
    await Promise.all(this.outputs.map((output) => output.add({ result, labels })));
  }
}

/** The sinks' deliveries for the terminal: one line each, what was lost and why said plainly. */
export function deliveryLines(deliveries: readonly OutputDelivery[]): string[] {
  return deliveries.map(({ output, delivered, lost, problems }) =>
    lost
      ? `output ${output}: ${delivered} sample(s) delivered, ${lost} LOST (${problems.join('; ')}); the verdict is the run's own`
      : `output ${output}: ${delivered} sample(s) delivered`,
  );
}
