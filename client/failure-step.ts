/** Names what the transfer failed with by a stable ClientError code, unless an inner step named it already. */
import { classifyError } from './client-errors.ts';
import type { ExchangeCall, Step } from './exchange-steps.ts';

export const failureStep: Step<ExchangeCall> = async (call, next) => {
  await next();
  if (call.failure !== undefined && call.error === undefined) call.error = classifyError(call.failure);
};
