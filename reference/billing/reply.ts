/** What an operation answers before serialisation; the router turns it into bytes (JSON, maybe gzip). */
export interface Reply {
  status: number;
  body: unknown;
  headers?: Readonly<Record<string, string>>;
}

export type OperationName = 'token' | 'createCharge' | 'updateCharge' | 'queryCharge' | 'createProduct';

/**
 * Why a request is invalid. Kept apart because faulty variants answer some kinds with other statuses
 * (e.g. 422 for record errors), so the status is decided in one place from the kind.
 * - header: a header rule failed;
 * - encoding: the body could not be read (too large, bad gzip, unknown Content-Encoding);
 * - syntax: the body is not JSON;
 * - record: the JSON does not have the documented shape;
 * - not-found: the body names a charge the caller cannot see.
 */
export type InvalidKind = 'header' | 'encoding' | 'syntax' | 'record' | 'not-found';

/** A 400-family failure; each operation renders it in its own documented error body. */
export class InvalidRequest extends Error {
  constructor(
    message: string,
    readonly kind: InvalidKind = 'record',
    readonly code: string = 'INVALID_REQUEST',
  ) {
    super(message);
  }
}

/** Any other early answer (401, 404, 405, 429): the reply is complete as it is. */
export class EarlyReply extends Error {
  constructor(readonly reply: Reply) {
    super(`early reply ${reply.status}`);
  }
}

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}
