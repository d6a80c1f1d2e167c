/**
 * A body cut at its cap leaves megabytes of received or inflated chunks behind: collecting at once keeps a
 * process's peak near one cap.
 */
import { collectGarbageNow } from '../core/collect-garbage.ts';
import type { ExchangeCall, Step } from './exchange-steps.ts';

export const cutBodyStep: Step<ExchangeCall> = async (call, next) => {
  await next();
  if (call.error?.code === 'BODY_TOO_LARGE') collectGarbageNow();
};
