/** Gives the exchange its share of the process's body memory, and passes the gate on when the exchange ends. */
import { BodyAllowance } from './body-memory.ts';
import type { ExchangeCall, Step } from './exchange-steps.ts';

export const bodyAllowanceStep: Step<ExchangeCall> = async (call, next) => {
  const allowance = new BodyAllowance();
  call.allowance = allowance;
  try {
    await next();
  } finally {
    allowance.end();
  }
};
