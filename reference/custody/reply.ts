import type { ServerResponse } from 'node:http';
import { invalidCursorCode } from '../../rules/custody/endpoints.ts';

export function replyJson(res: ServerResponse, status: number, body: unknown): void {
  const payload = Buffer.from(JSON.stringify(body));
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(payload.length) });
  res.end(payload);
}

/** The reference's error body (the spec does not show one): a code and a message. */
export function replyError(res: ServerResponse, status: number, code: string, message: string): void {
  replyJson(res, status, { code, message });
}

export function replyInvalidCursor(res: ServerResponse): void {
  replyError(res, 400, invalidCursorCode, 'cursor.currentPage was not produced by this server');
}
