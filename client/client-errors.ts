/** Maps whatever undici / node:net / zlib throw onto the stable ClientErrorCode set. */
import type { ClientError, ClientErrorCode } from './http-exchange.ts';

const CODE_BY_SYSTEM_CODE: Readonly<Record<string, ClientErrorCode>> = {
  UND_ERR_HEADERS_TIMEOUT: 'TIMEOUT',
  UND_ERR_BODY_TIMEOUT: 'TIMEOUT',
  UND_ERR_CONNECT_TIMEOUT: 'TIMEOUT',
  ETIMEDOUT: 'TIMEOUT',
  ECONNREFUSED: 'CONNECTION_REFUSED',
  ECONNRESET: 'CONNECTION_RESET',
  ECONNABORTED: 'CONNECTION_RESET',
  EPIPE: 'CONNECTION_RESET',
  // undici's SocketError: "other side closed", "closed", ... i.e. the peer dropped the connection.
  UND_ERR_SOCKET: 'CONNECTION_RESET',
  UND_ERR_HEADERS_OVERFLOW: 'PROTOCOL_ERROR',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'PROTOCOL_ERROR',
  ERR_BUFFER_TOO_LARGE: 'BODY_TOO_LARGE',
  // undici's ClientClosedError / ClientDestroyedError: our own dispatcher was closed, never the target's doing.
  UND_ERR_CLOSED: 'CLIENT_CLOSED',
  UND_ERR_DESTROYED: 'CLIENT_CLOSED',
};

export function clientError(code: ClientErrorCode, message: string): ClientError {
  return { code, message };
}

/** Classifies a thrown value (our own deadline is handled by the caller, which knows it fired). */
export function classifyError(err: unknown): ClientError {
  const message = describe(err);
  for (const code of systemCodes(err)) {
    if (code.startsWith('HPE_')) return clientError('PROTOCOL_ERROR', message);
    const mapped = CODE_BY_SYSTEM_CODE[code];
    if (mapped) return clientError(mapped, message);
  }
  if (err instanceof Error && err.name === 'HTTPParserError') return clientError('PROTOCOL_ERROR', message);
  return clientError('REQUEST_ERROR', message);
}

/** `code` of the error, its cause and (for happy-eyeballs AggregateErrors) its members. */
function systemCodes(err: unknown): string[] {
  const codes: string[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (depth > 3 || typeof value !== 'object' || value === null) return;
    const { code, cause, errors } = value as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string') codes.push(code);
    visit(cause, depth + 1);
    if (Array.isArray(errors)) for (const member of errors) visit(member, depth + 1);
  };
  visit(err, 0);
  return codes;
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: unknown }).code;
  const prefix = err.name && err.name !== 'Error' ? `${err.name}: ` : '';
  const suffix = typeof code === 'string' && !err.message.includes(code) ? ` (${code})` : '';
  return `${prefix}${err.message || 'unknown error'}${suffix}`;
}
