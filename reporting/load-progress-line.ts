import type { LoadProgress } from '../load/load-result.ts';
import { liveOutputWanted } from './live-line.ts';

/**
 * The live line of a load run on a terminal: elapsed time, current rate, 2xx / 429 / other counts, and the
 * requests dropped at the in-flight cap when there are any.
 * Quiet when the output is not a terminal or under CI, like the run's live line.
 */
export interface LoadProgressLine {
  show(progress: LoadProgress): void;
  /** Clears the line. */
  stop(): void;
}

export function loadProgressLine(stream: NodeJS.WriteStream = process.stderr, env: NodeJS.ProcessEnv = process.env): LoadProgressLine {
  if (!liveOutputWanted(stream, env)) return { show() {}, stop() {} };
  return {
    show(progress) {
      const line = `${progress.scenario} · ${progress.elapsedSeconds.toFixed(0)} s · ${progress.currentRate} req/s · 2xx ${progress.ok} · 429 ${progress.limited} · other ${progress.other} · errors ${progress.errors}${progress.dropped ? ` · dropped ${progress.dropped}` : ''}`;
      stream.write(`\r\x1b[2K${line.slice(0, Math.max(20, (stream.columns ?? 100) - 1))}`);
    },
    stop() {
      stream.write('\r\x1b[2K');
    },
  };
}
