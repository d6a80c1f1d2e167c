/**
 * The live line of a run on a terminal: which rule is running and for how long, and how many finished, so
 * a silent target is visible while it stalls. Quiet when the output is not a terminal or under CI.
 */
import type { RuleOutcome } from '../rules/rule-outcome.ts';

export interface RunProgress {
  ruleStarted(ruleId: string): void;
  ruleFinished(outcome: RuleOutcome): void;
  /** Clears the line and stops redrawing it. */
  stop(): void;
}

/** Whether a live line belongs on this stream: a terminal, and not under CI (whose logs keep every redraw). */
export function liveOutputWanted(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv): boolean {
  return Boolean(stream.isTTY) && !env.CI;
}

const quiet: RunProgress = { ruleStarted() {}, ruleFinished() {}, stop() {} };

export function liveLine(stream: NodeJS.WriteStream = process.stderr, env: NodeJS.ProcessEnv = process.env): RunProgress {
  if (!liveOutputWanted(stream, env)) return quiet;
  const running = new Map<string, number>();
  let finished = 0;
  let failed = 0;
  const draw = () => {
    const [oldest, since] = [...running].sort((a, b) => a[1] - b[1])[0] ?? [];
    const idle = finished === 0 ? 'starting the suites' : 'between rules';
    const now = oldest === undefined ? idle : `running ${oldest} (${Math.round((Date.now() - (since ?? Date.now())) / 1000)} s)${running.size > 1 ? ` +${running.size - 1} more` : ''}`;
    const line = `${now} · ${finished} finished, ${failed} failed`;
    stream.write(`\r\x1b[2K${line.slice(0, Math.max(20, (stream.columns ?? 100) - 1))}`);
  };
  const timer = setInterval(draw, 1000);
  timer.unref();
  return {
    ruleStarted: (ruleId) => void running.set(ruleId, Date.now()),
    ruleFinished: (outcome) => {
      running.delete(outcome.ruleId);
      finished += 1;
      if (outcome.status === 'failed' || outcome.status === 'broken') failed += 1;
    },
    stop: () => {
      clearInterval(timer);
      stream.write('\r\x1b[2K');
    },
  };
}
