import { type RunningBroker, startSessionBroker } from '../client/session-broker.ts';
import { type TurnAnswer, type TurnRequest, turnMethods } from '../suites/support/turn-protocol.ts';

/** A waiting file is answered "not yet" after this long and asks again. */
const answerWithinMs = 20_000;

/**
 * The main process's side of a run's schedule (cli/suite-schedule.ts): it hears which suite files ended and tells
 * a waiting file when every file it comes after has. Released (every wait answered) when the run is cancelled.
 */
export class SuiteTurns {
  private after = new Map<string, readonly string[]>();
  private readonly ended = new Set<string>();
  private released = false;
  private readonly waiting = new Set<() => void>();

  private constructor(private readonly broker: RunningBroker) {}

  static async start(): Promise<SuiteTurns> {
    let turns: SuiteTurns | undefined;
    const broker = await startSessionBroker(
      new Map([[turnMethods, { awaitTurn: (request: TurnRequest) => (turns as SuiteTurns).awaitTurn(request) }]]),
    );
    turns = new SuiteTurns(broker);
    return turns;
  }

  get address() {
    return this.broker.address;
  }

  /** A new run: what each file comes after; nothing has ended yet. */
  plan(after: ReadonlyMap<string, readonly string[]>): void {
    this.after = new Map(after);
    this.ended.clear();
    this.released = false;
  }

  /** A suite file ended (passed, failed, skipped or broken alike): the files after it may start. */
  fileEnded(file: string): void {
    this.ended.add(file);
    this.wake();
  }

  /** Every wait ends now (the run is stopping: waiting files start, and vitest skips what was cancelled). */
  release(): void {
    this.released = true;
    this.wake();
  }

  async close(): Promise<void> {
    this.release();
    await this.broker.close();
  }

  private ready(file: string): boolean {
    return this.released || (this.after.get(file) ?? []).every((before) => this.ended.has(before));
  }

  private wake(): void {
    for (const waiter of [...this.waiting]) waiter();
  }

  private awaitTurn({ file }: TurnRequest): Promise<TurnAnswer> {
    return new Promise((resolve) => {
      const answer = () => {
        if (!this.ready(file)) return;
        finish(true);
      };
      const finish = (ready: boolean) => {
        clearTimeout(timer);
        this.waiting.delete(answer);
        resolve({ ready });
      };
      const timer = setTimeout(() => finish(false), answerWithinMs);
      this.waiting.add(answer);
      answer();
    });
  }
}
