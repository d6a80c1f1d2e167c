/**
 * Reads the response body with the exchange's byte cap: past it the exchange failed and only its start is kept, as
 * evidence.
 */
import { readBody } from './body-reader.ts';
import { clientError } from './client-errors.ts';
import { LazyResponse } from './http-exchange.ts';
import type { ResponseCall, Terminal } from './exchange-steps.ts';

/** How much of a body cut at the cap is kept for the evidence (which shows a few thousand characters). */
const OVERFLOW_EVIDENCE_BYTES = 64 * 1024;

export const readCappedBody: Terminal<ResponseCall> = async (call) => {
  const { head } = call;
  const { maxBodyBytes } = call.limits;
  const read = await readBody(head.body, maxBodyBytes, call.sink, call.allowance, OVERFLOW_EVIDENCE_BYTES);
  call.response = new LazyResponse(head.status, head.headers, read.raw, head.contentEncoding);
  if (read.overflow) {
    call.error = clientError(
      'BODY_TOO_LARGE',
      `response body exceeds ${maxBodyBytes} bytes (its first ${read.raw.length} bytes are kept as evidence)`,
    );
  } else if (read.failure !== undefined) {
    call.failure = read.failure;
  }
};
