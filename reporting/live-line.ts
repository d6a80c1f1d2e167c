/**
 * The live line of a run on a terminal: which rule is running and for how long, and how many finished, so
 * a silent target is visible while it stalls. Under CI or a pipe: a plain line every 10 s instead.
 */
import type { RuleOutcome } from '../rules/rule-outcome.ts';
import { elapsedText, everyInterval, logProgressIntervalMs, plainProgressWanted } from './log-progress.ts';

export interface RunProgress {
  ruleStarted(ruleId: string): void;
  ruleFinished(outcome: RuleOutcome): void;
  /** Clears the line and stops redrawing it. */
  stop(): void;
}

/** Which rules are running since when, and how many finished and failed: what either form of progress says. */
function progressState() {
  const running = new Map<string, number>();
  let finished = 0;
  let failed = 0;
  return {
    started: (ruleId: string) => void running.set(ruleId, Date.now()),
    finished: (outcome: RuleOutcome) => {
      running.delete(outcome.ruleId);
      finished += 1;
      if (outcome.status === 'failed' || outcome.status === 'broken') failed += 1;
    },
    text(): string {
      const [oldest, since] = [...running].sort((a, b) => a[1] - b[1])[0] ?? [];
      const idle = finished === 0 ? 'starting the suites' : 'between rules';
      const now =
        oldest === undefined
          ? idle
          : `running ${oldest} (${elapsedText(since ?? Date.now())})${running.size > 1 ? ` +${running.size - 1} more` : ''}`;
      return `${now} · ${finished} finished, ${failed} failed`;
    },
  };
}

/**
 * The progress of a run: a live line on a terminal, a plain line every 10 s under CI or a pipe (with the elapsed time).
 */
export function liveLine(
  stream: NodeJS.WriteStream = process.stderr,
  env: NodeJS.ProcessEnv = process.env,
): RunProgress {
  const state = progressState();
  if (plainProgressWanted(stream, env)) {
    const startedAt = Date.now();
    const lines = everyInterval(
      stream,
      () => `harness run: ${elapsedText(startedAt)} elapsed · ${state.text()}`,
      logProgressIntervalMs(env),
    );
    return { ruleStarted: state.started, ruleFinished: state.finished, stop: lines.stop };
  }
  const timer = setInterval(
    () => stream.write(`\r\x1b[2K${state.text().slice(0, Math.max(20, (stream.columns ?? 100) - 1))}`),
    1000,
  );
  timer.unref();
  return {
    ruleStarted: state.started,
    ruleFinished: state.finished,
    stop: () => {
      clearInterval(timer);
      stream.write('\r\x1b[2K');
    },
  };
}
