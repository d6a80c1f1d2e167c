/** Told once a second while a run goes on (the progress line). */
export interface LoadProgress {
  scenario: string;
  elapsedSeconds: number;
  /** Responses in the last second. */
  currentRate: number;
  ok: number;
  limited: number;
  other: number;
  errors: number;
  /** The 99th percentile of response time so far, in ms; absent before the first response. */
  p99Ms?: number;
  /** Requests not sent because the in-flight cap was reached (open model); absent when none. */
  dropped?: number;
}
