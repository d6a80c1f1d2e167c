/**
 * One overall deadline per exchange. undici's own timeouts are per phase and per inactivity, so a body trickling
 * a byte at a time would never end; our timer aborts the transfer, and once it fired, whatever the transfer
 * failed with is a TIMEOUT.
 */
import { clientError } from './client-errors.ts';
import type { ExchangeCall, Step } from './exchange-steps.ts';

export const deadlineStep: Step<ExchangeCall> = async (call, next) => {
  const { timeoutMs } = call.limits;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  Object.assign(call.dispatch, { signal: controller.signal, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  try {
    await next();
  } finally {
    clearTimeout(timer);
  }
  if (timedOut && call.failure !== undefined && call.error === undefined) {
    call.error = clientError(
      'TIMEOUT',
      `no complete response within ${timeoutMs} ms (${call.response ? 'body' : 'status line/headers'} pending)`,
    );
  }
};
