/**
 * Full garbage collections where the process was started with --expose-gc (suite workers are); elsewhere these do
 * nothing. For the moments the harness knows megabytes just became garbage (a body cut at its cap, a large page let
 * go, a file's walks ended) or are about to (large bodies arriving one after another): V8 frees such buffers only
 * when its own heuristics run, which lets hostile answers pile up a hundred megabytes first.
 */
const gc = (globalThis as { gc?: () => void }).gc;

export function collectGarbageNow(): void {
  gc?.();
}

let scheduled = false;

/** One collection once the current task ends, however many ask meanwhile. */
export function collectGarbageSoon(): void {
  if (!gc || scheduled) return;
  scheduled = true;
  setTimeout(() => {
    scheduled = false;
    gc();
  }, 0).unref();
}
