import type { ServerResponse } from 'node:http';
import { invalidCursorCode } from '../../rules/custody/endpoints.ts';
import { replyJson } from '../http-io.ts';

/** The reference's error body (the spec does not show one): a code and a message. */
export function replyError(res: ServerResponse, status: number, code: string, message: string): void {
  replyJson(res, status, { code, message });
}

export function replyInvalidCursor(res: ServerResponse): void {
  replyError(res, 400, invalidCursorCode, 'cursor.currentPage was not produced by this server');
}
