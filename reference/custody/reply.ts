import type { ServerResponse } from 'node:http';
import { invalidCursorCode } from '../../rules/custody/endpoints.ts';
import { replyJson } from '../http-io.ts';
import type { ErrorShape } from './dialect.ts';

/** The reference's error body (the spec does not show one): a code and a message, at the top or under `error`. */
export function replyError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  shape: ErrorShape = 'flat',
): void {
  replyJson(res, status, shape === 'nested' ? { error: { code, message } } : { code, message });
}

export function replyInvalidCursor(res: ServerResponse, shape: ErrorShape = 'flat'): void {
  replyError(res, 400, invalidCursorCode, 'cursor.currentPage was not produced by this server', shape);
}
