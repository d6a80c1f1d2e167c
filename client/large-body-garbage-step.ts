/**
 * Large bodies leave megabytes of garbage behind: a body cut at its cap its received or inflated chunks at once, a
 * large body read whole its chunks and, once checks parse it, its text. V8 frees such buffers only when its own
 * heuristics run a collection, which lets a run of hostile answers pile up a hundred megabytes or more; collecting
 * as they arrive keeps a process's peak near what it holds live.
 */
import { collectGarbageNow, collectGarbageSoon } from '../core/collect-garbage.ts';
import type { ExchangeCall, Step } from './exchange-steps.ts';

/** A body at least this large has the garbage of the ones before it collected (the gate reads one at a time). */
const collectFromBytes = 1024 * 1024;

export const largeBodyGarbageStep: Step<ExchangeCall> = async (call, next) => {
  await next();
  if (call.error?.code === 'BODY_TOO_LARGE') collectGarbageNow();
  else if ((call.response?.rawBody.length ?? 0) >= collectFromBytes) collectGarbageSoon();
};
