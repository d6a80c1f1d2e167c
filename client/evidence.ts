/**
 * Human-readable evidence for an exchange: HTTP-message-like renderings and a reproducing curl command.
 * Everything here is always redacted, and is only computed when a report needs it (never on the hot path).
 */
import type { Exchange } from './exchange.ts';
import { Redactor, defaultRedactor } from './redaction.ts';
import { decodeUtf8Strict, hasControlChars } from './bytes.ts';
import { findHeaderName } from './headers.ts';
import { printableText, printfFormat, quoteBytes, singleQuote } from './shell-quote.ts';

/** curl sends `Expect: 100-continue` (and waits for it) above this body size; the client under test does not. */
const CURL_EXPECT_THRESHOLD = 1024;
const HEX_PREVIEW_MAX_BYTES = 256;

/**
 * One-line curl command reproducing the request. Bodies sent with `gzipBody` are rendered as
 * `printf %s '<plain>' | gzip | curl ... --data-binary @-`. Redacted with `redactor` (default: defaultRedactor).
 */
export function renderCurl(exchange: Exchange, redactor: Redactor = defaultRedactor): string {
  const { request } = exchange;
  const args = ['curl', '-sS'];
  // `-X HEAD` would make curl wait for a body that never comes.
  if (request.method.toUpperCase() === 'HEAD') args.push('-I');
  else args.push('-X', /^[A-Za-z]+$/.test(request.method) ? request.method : quoteBytes(Buffer.from(request.method, 'latin1')));
  args.push(quoteBytes(Buffer.from(redactor.redactUrl(request.url), 'utf8')));

  for (const [name, value] of headerLines(redactor.redactHeaders(request.headers))) {
    // Content-Length is recomputed by curl (redaction may change the body length).
    if (name.toLowerCase() === 'content-length') continue;
    // `-H 'name:'` would remove the header; `name;` is curl's syntax for an empty value.
    args.push('-H', quoteBytes(Buffer.from(value === '' ? `${name};` : `${name}: ${value}`, 'latin1')));
  }

  const plain = request.plainBody ?? request.body;
  if (plain === undefined) return args.join(' ');
  // Otherwise curl adds its own `Content-Type: application/x-www-form-urlencoded`.
  if (findHeaderName(request.headers, 'content-type') === undefined) args.push('-H', singleQuote('Content-Type:'));
  if (plain.length > CURL_EXPECT_THRESHOLD) args.push('-H', singleQuote('Expect:'));

  const body = redactBytes(plain, redactor);
  const text = printableText(body);
  const producer = text !== undefined ? `printf %s ${singleQuote(text)}` : `printf ${printfFormat(body)}`;
  if (request.plainBody !== undefined) return `${producer} | gzip | ${args.join(' ')} --data-binary @-`;
  // A leading '@' would make curl read a file; non-printable bodies go through printf.
  if (text !== undefined && !text.startsWith('@')) return `${args.join(' ')} --data-binary ${singleQuote(text)}`;
  return `${producer} | ${args.join(' ')} --data-binary @-`;
}

export interface ExchangeDescription {
  request: string;
  response: string;
  curl: string;
}

/**
 * HTTP-message-like renderings of request and response (redacted), bodies truncated to `maxBodyChars`
 * (default 4000) with a note "(… N more bytes)"; binary bodies as hex preview + length; the error, when present,
 * at the end of the response text.
 */
export function describeExchange(
  exchange: Exchange,
  redactor: Redactor = defaultRedactor,
  maxBodyChars = 4000,
): ExchangeDescription {
  const { request, response, error } = exchange;

  const requestLines = [`${request.method} ${redactor.redactUrl(request.url)} HTTP/1.1`];
  requestLines.push(...renderHeaders(redactor.redactHeaders(request.headers)));
  const plain = request.plainBody ?? request.body;
  if (plain !== undefined && plain.length > 0) {
    requestLines.push('', renderBody(plain, redactor, maxBodyChars));
    if (request.plainBody !== undefined && request.body !== undefined) {
      requestLines.push(`(sent gzip-compressed: ${request.body.length} bytes on the wire)`);
    }
  }

  const responseLines: string[] = [];
  if (response) {
    responseLines.push(`HTTP/1.1 ${response.status}`, ...renderHeaders(redactor.redactHeaders(response.headers)));
    if (response.body.length > 0) {
      responseLines.push('', renderBody(response.body, redactor, maxBodyChars));
      if (response.body !== response.rawBody) responseLines.push(`(decoded from gzip: ${response.rawBody.length} bytes received)`);
    }
  } else {
    responseLines.push('(no response)');
  }
  if (error) responseLines.push('', `[error ${error.code}] ${redactor.redactSecrets(error.message)}`);

  return { request: requestLines.join('\n'), response: responseLines.join('\n'), curl: renderCurl(exchange, redactor) };
}

function headerLines(headers: Record<string, string | string[]>): Array<[string, string]> {
  const lines: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(headers)) {
    for (const item of Array.isArray(value) ? value : [value]) lines.push([name, item]);
  }
  return lines;
}

function renderHeaders(headers: Record<string, string | string[]>): string[] {
  return headerLines(headers).map(([name, value]) => `${name}: ${value}`);
}

/** Redacts a body given as bytes: text rules when it is UTF-8, otherwise only literal secrets (on latin1). */
function redactBytes(bytes: Buffer, redactor: Redactor): Buffer {
  const text = decodeUtf8Strict(bytes);
  if (text !== undefined) return Buffer.from(redactor.redactText(text), 'utf8');
  return Buffer.from(redactor.redactSecrets(bytes.toString('latin1')), 'latin1');
}

function renderBody(bytes: Buffer, redactor: Redactor, maxChars: number): string {
  // Redact before truncating: JSON-aware redaction needs the whole document.
  const text = decodeUtf8Strict(bytes, true);
  if (text !== undefined && !hasControlChars(text, '\n\r\t')) {
    const redacted = redactor.redactText(text);
    if (redacted.length <= maxChars) return redacted;
    const rest = Buffer.byteLength(redacted.slice(maxChars), 'utf8');
    return `${redacted.slice(0, maxChars)}\n(… ${rest} more bytes)`;
  }
  const redacted = redactBytes(bytes, redactor);
  const shown = Math.min(redacted.length, HEX_PREVIEW_MAX_BYTES, Math.max(1, Math.floor(maxChars / 3)));
  const hex = redacted.subarray(0, shown).toString('hex').replace(/(..)(?!$)/g, '$1 ');
  const more = redacted.length > shown ? `\n(… ${redacted.length - shown} more bytes)` : '';
  return `(binary body, ${bytes.length} bytes) hex: ${hex}${more}`;
}
