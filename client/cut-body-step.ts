/**
 * A body cut at its cap leaves megabytes of received or inflated chunks behind. V8 frees such buffers only when
 * its own heuristics run a collection, which lets a run of hostile answers pile up a hundred megabytes of them;
 * collecting at once keeps a process's peak near one cap. Suite workers run with --expose-gc; elsewhere this
 * does nothing.
 */
import type { ExchangeCall, Step } from './exchange-steps.ts';

export const cutBodyStep: Step<ExchangeCall> = async (call, next) => {
  await next();
  if (call.error?.code === 'BODY_TOO_LARGE') (globalThis as { gc?: () => void }).gc?.();
};
