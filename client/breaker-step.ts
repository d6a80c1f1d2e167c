/** The family's circuit breaker as a step: refuses to send once open, and counts every exchange it let through. */
import type { CircuitBreaker } from './circuit-breaker.ts';
import type { ExchangeCall, Step } from './exchange-steps.ts';

export function breakerStep(breaker: CircuitBreaker): Step<ExchangeCall> {
  return async (call, next) => {
    const refusal = breaker.refusal();
    if (refusal) {
      call.error = refusal;
      return;
    }
    await next();
    breaker.record(call);
  };
}
