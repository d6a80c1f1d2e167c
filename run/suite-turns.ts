import { type RunningBroker, startSessionBroker } from '../client/session-broker.ts';
import { type AloneAnswer, type TurnAnswer, type TurnRequest, turnMethods } from '../suites/support/turn-protocol.ts';

/** A waiting file is answered "not yet" after this long and asks again. */
const answerWithinMs = 20_000;

/**
 * The main process's side of a run's schedule (run/suite-schedule.ts): it hears which suite files ended and tells
 * a waiting file when every file it comes after has. Released (every wait answered) when the run is cancelled.
 */
export class SuiteTurns {
  private after = new Map<string, readonly string[]>();
  private files: readonly string[] = [];
  /** When each file ended (epoch ms). */
  private readonly ended = new Map<string, number>();
  /** Files that waited until the rest of the run had ended (a probe run again alone), until they end. */
  private readonly awaitingAlone = new Set<string>();
  private released = false;
  private readonly waiting = new Set<() => void>();

  private constructor(private readonly broker: RunningBroker) {}

  static async start(): Promise<SuiteTurns> {
    let turns: SuiteTurns | undefined;
    const broker = await startSessionBroker(
      new Map([
        [
          turnMethods,
          {
            awaitTurn: (request: TurnRequest) => (turns as SuiteTurns).awaitTurn(request),
            awaitAlone: (request: TurnRequest) => (turns as SuiteTurns).awaitAlone(request),
          },
        ],
      ]),
    );
    turns = new SuiteTurns(broker);
    return turns;
  }

  get address() {
    return this.broker.address;
  }

  /** A new run: its files and what each comes after; nothing has ended yet. */
  plan(files: readonly string[], after: ReadonlyMap<string, readonly string[]>): void {
    this.files = files;
    this.after = new Map(after);
    this.ended.clear();
    this.awaitingAlone.clear();
    this.released = false;
  }

  /** A suite file ended (passed, failed, skipped or broken alike): the files after it may start. */
  fileEnded(file: string): void {
    this.ended.set(file, Date.now());
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

  /** The files a file waiting alone waits for: every other one, but those that wait for it or wait alone too. */
  private othersThan(file: string): string[] {
    const waitsFor = (other: string, target: string, seen = new Set<string>()): boolean =>
      (this.after.get(other) ?? []).some((before) => {
        if (before === target) return true;
        if (seen.has(before)) return false;
        seen.add(before);
        return waitsFor(before, target, seen);
      });
    return this.files.filter((other) => other !== file && !this.awaitingAlone.has(other) && !waitsFor(other, file));
  }

  private wake(): void {
    for (const waiter of [...this.waiting]) waiter();
  }

  private awaitTurn({ file }: TurnRequest): Promise<TurnAnswer> {
    return this.answerWhen(() => (this.ready(file) ? { ready: true } : undefined));
  }

  private awaitAlone({ file }: TurnRequest): Promise<AloneAnswer> {
    this.awaitingAlone.add(file);
    // Others waiting alone count as gone: two of them probe again together once the rest has ended (probes that
    // may run beside other families may run beside each other).
    this.wake();
    return this.answerWhen(() => {
      const others = this.othersThan(file);
      if (!this.released && !others.every((other) => this.ended.has(other))) return undefined;
      return { ready: true, othersEndedAt: Math.max(0, ...others.map((other) => this.ended.get(other) ?? 0)) };
    });
  }

  /** Answers as soon as `answer` has one, or "not yet" after answerWithinMs. */
  private answerWhen<T extends TurnAnswer>(answer: () => T | undefined): Promise<T | TurnAnswer> {
    return new Promise((resolve) => {
      const check = () => {
        const ready = answer();
        if (ready) finish(ready);
      };
      const finish = (result: T | TurnAnswer) => {
        clearTimeout(timer);
        this.waiting.delete(check);
        resolve(result);
      };
      const timer = setTimeout(() => finish({ ready: false }), answerWithinMs);
      this.waiting.add(check);
      check();
    });
  }
}
