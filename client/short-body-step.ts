/** A body that ended short of its Content-Length is the target's fault, not a reset of ours: named for what it is. */
import { clientError } from './client-errors.ts';
import type { ExchangeCall, Step } from './exchange-steps.ts';

export const shortBodyStep: Step<ExchangeCall> = async (call, next) => {
  await next();
  if (call.failure === undefined || call.error !== undefined || !call.response) return;
  const { headers, rawBody } = call.response;
  const announced = Number(
    Array.isArray(headers['content-length']) ? headers['content-length'][0] : headers['content-length'],
  );
  if (!Number.isInteger(announced) || rawBody.length >= announced) return;
  call.error = clientError(
    'BODY_INCOMPLETE',
    `the connection closed after ${rawBody.length} of the ${announced} bytes Content-Length announced`,
  );
};
