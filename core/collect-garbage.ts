/**
 * Runs a full garbage collection now, where the process was started with --expose-gc (suite workers are); elsewhere
 * does nothing. For the moments the harness knows megabytes just became garbage (a body cut at its cap, a large
 * page let go, a file's walks ended): V8 frees such buffers only when its own heuristics run, which lets hostile
 * answers pile up a hundred megabytes first.
 */
export function collectGarbageNow(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
