import type { LoadProgress } from '../load/load-progress.ts';
import { everyInterval, logProgressIntervalMs, plainProgressWanted } from './log-progress.ts';

/**
 * The live line of a load run on a terminal: elapsed time, current rate, 2xx / 429 / other counts, and the
 * requests dropped at the in-flight cap when there are any.
 * Under CI or a pipe, a plain line every 10 s instead, like the run's progress.
 */
export interface LoadProgressLine {
  show(progress: LoadProgress): void;
  /** Clears the line. */
  stop(): void;
}

function progressText(progress: LoadProgress): string {
  const p99 = progress.p99Ms === undefined ? '' : ` · p99 ${progress.p99Ms.toFixed(1)} ms`;
  return `${progress.scenario} · ${progress.elapsedSeconds.toFixed(0)} s · ${progress.currentRate} req/s${p99} · 2xx ${progress.ok} · 429 ${progress.limited} · other ${progress.other} · errors ${progress.errors}${progress.dropped ? ` · dropped ${progress.dropped}` : ''}`;
}

/** Under CI or a pipe: the latest progress as a plain line every 10 s (only while a run reports). */
function plainLoadProgress(stream: NodeJS.WriteStream, intervalMs: number): LoadProgressLine {
  let latest: LoadProgress | undefined;
  const lines = everyInterval(
    stream,
    () => {
      const shown = latest;
      latest = undefined;
      return shown && `harness load: ${progressText(shown)}`;
    },
    intervalMs,
  );
  return {
    show: (progress) => {
      latest = progress;
    },
    stop: lines.stop,
  };
}

export function loadProgressLine(
  stream: NodeJS.WriteStream = process.stderr,
  env: NodeJS.ProcessEnv = process.env,
): LoadProgressLine {
  if (plainProgressWanted(stream, env)) return plainLoadProgress(stream, logProgressIntervalMs(env));
  return {
    show(progress) {
      stream.write(`\r\x1b[2K${progressText(progress).slice(0, Math.max(20, (stream.columns ?? 100) - 1))}`);
    },
    stop() {
      stream.write('\r\x1b[2K');
    },
  };
}
