/**
 * Inflates a gzip body while it arrives (we gunzip ourselves, so broken gzip is observable as BAD_GZIP), so a
 * gzip bomb is stopped at the decoded cap, not after the whole body is in. The raw bytes stay the evidence.
 */
import { BoundedGunzip, isGzipEncoding } from './decode.ts';
import type { ResponseCall, Step } from './exchange-steps.ts';

export const gunzipStep: Step<ResponseCall> = async (call, next) => {
  if (!isGzipEncoding(call.head.contentEncoding)) return next();
  const inflater = new BoundedGunzip(call.limits.maxDecodedBytes, call.allowance);
  call.sink = (chunk) => inflater.write(chunk);
  await next();
  // A truncated or failed body is not worth inflating: `body` stays === `rawBody` for the evidence.
  if (call.error !== undefined || call.failure !== undefined || !call.response) {
    inflater.discard();
    return;
  }
  const decoded = await inflater.end();
  if (decoded.error) call.error = decoded.error;
  else if (call.response.rawBody.length > 0) call.response.body = decoded.body;
};
