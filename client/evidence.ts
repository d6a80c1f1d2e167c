/**
 * Human-readable evidence for an exchange: HTTP-message-like renderings and a reproducing curl command.
 * Everything here is always redacted, and is only computed when a report needs it (never on the hot path).
 */
import type { Exchange } from './http-exchange.ts';
import { type Redactor, defaultRedactor } from '../core/redaction.ts';
import { decodeUtf8Strict, hasControlChars } from './bytes.ts';
import { findHeaderName } from './headers.ts';
import { printableText, printfFormat, quoteBytes, singleQuote } from './shell-quote.ts';

/** curl sends `Expect: 100-continue` (and waits for it) above this body size; the client under test does not. */
const CURL_EXPECT_THRESHOLD = 1024;
const HEX_PREVIEW_MAX_BYTES = 256;

/** What the curl line of an exchange is rendered for. */
export interface CurlOptions {
  /**
   * The interface family the exchange belongs to: it names the environment variables that stand for secrets
   * (`HARNESS_BILLING_TOKEN`). Default: none (`HARNESS_TOKEN`).
   */
  family?: string;
}

/** An environment variable a curl line reads a secret from, and how a reader gets its value. */
export interface CurlVariable {
  name: string;
  howToGet: string;
}

/**
 * One-line curl command reproducing the request. Bodies sent with `gzipBody` are rendered as
 * `printf %s '<plain>' | gzip | curl ... --data-binary @-`. Redacted with `redactor` (default: defaultRedactor);
 * a header that carries a secret names an environment variable instead (see `curlWithVariables`).
 */
export function renderCurl(
  exchange: Exchange,
  redactor: Redactor = defaultRedactor,
  options: CurlOptions = {},
): string {
  return curlWithVariables(exchange, redactor, options).line;
}

/**
 * The curl line and the environment variables it reads: a secret header is written
 * `-H "Authorization: Bearer $HARNESS_BILLING_TOKEN"`, so the line runs as printed once the variable is set,
 * and never carries the value.
 */
export function curlWithVariables(
  exchange: Exchange,
  redactor: Redactor = defaultRedactor,
  options: CurlOptions = {},
): { line: string; variables: CurlVariable[] } {
  const { request } = exchange;
  const args = ['curl', '-sS'];
  const variables: CurlVariable[] = [];
  // `-X HEAD` would make curl wait for a body that never comes.
  if (request.method.toUpperCase() === 'HEAD') args.push('-I');
  else
    args.push(
      '-X',
      /^[A-Za-z]+$/.test(request.method) ? request.method : quoteBytes(Buffer.from(request.method, 'latin1')),
    );
  args.push(quoteBytes(Buffer.from(redactor.redactUrl(request.url), 'utf8')));

  const redacted = headerLines(redactor.redactHeaders(request.headers));
  for (const [index, [name, original]] of headerLines(request.headers).entries()) {
    const value = redacted[index]?.[1] ?? '';
    // Content-Length is recomputed by curl (redaction may change the body length).
    if (name.toLowerCase() === 'content-length') continue;
    if (value !== original) {
      const secret = secretHeader(name, value, options.family);
      if (!variables.some((variable) => variable.name === secret.variable.name)) variables.push(secret.variable);
      args.push('-H', secret.word);
      continue;
    }
    // `-H 'name:'` would remove the header; `name;` is curl's syntax for an empty value.
    args.push('-H', quoteBytes(Buffer.from(value === '' ? `${name};` : `${name}: ${value}`, 'latin1')));
  }

  const plain = request.plainBody ?? request.body;
  if (plain === undefined) return { line: args.join(' '), variables };
  // Otherwise curl adds its own `Content-Type: application/x-www-form-urlencoded`.
  if (findHeaderName(request.headers, 'content-type') === undefined) args.push('-H', singleQuote('Content-Type:'));
  if (plain.length > CURL_EXPECT_THRESHOLD) args.push('-H', singleQuote('Expect:'));

  const body = redactBytes(plain, redactor);
  const text = printableText(body);
  const producer = text !== undefined ? `printf %s ${singleQuote(text)}` : `printf ${printfFormat(body)}`;
  if (request.plainBody !== undefined)
    return { line: `${producer} | gzip | ${args.join(' ')} --data-binary @-`, variables };
  // A leading '@' would make curl read a file; non-printable bodies go through printf.
  if (text !== undefined && !text.startsWith('@'))
    return { line: `${args.join(' ')} --data-binary ${singleQuote(text)}`, variables };
  return { line: `${producer} | ${args.join(' ')} --data-binary @-`, variables };
}

/** `HARNESS_<FAMILY>_<WHAT>` in the characters a shell variable name allows. */
function variableName(family: string | undefined, what: string): string {
  return ['HARNESS', family, what]
    .filter(Boolean)
    .join('_')
    .toUpperCase()
    .replace(/[^A-Z0-9_]/g, '_');
}

/** How to send a signed request's line again with fresh credentials (cli/sign-cli.ts). */
const signHint =
  '`npx harness sign --targets <your targets file> --target <the entry> -- <this curl line>`, which sets the credentials afresh';

/** A secret header as a double-quoted word reading an environment variable, with how to get its value. */
function secretHeader(
  name: string,
  redactedValue: string,
  family: string | undefined,
): { word: string; variable: CurlVariable } {
  const where = family ? `families.${family}` : 'the family section';
  // `Bearer ***`, or a MAC header whose mac alone is masked (`MAC id="c", ts="1", nonce="n", mac="***"`).
  const scheme = /^([A-Za-z][A-Za-z0-9._~+-]*) (?:\*\*\*$|.*\*\*\*)/.exec(redactedValue)?.[1];
  if (scheme && /^bearer$/i.test(scheme)) {
    const variable = {
      name: variableName(family, 'token'),
      howToGet: `the bearer token: the ${where} token your targets file names (its \${VAR}), or, where the harness obtains one (billing), an access_token the target's token endpoint issues for the entry's credentials`,
    };
    return { word: `"${name}: ${scheme} $${variable.name}"`, variable };
  }
  if (scheme) {
    const variable = {
      name: variableName(family, name),
      howToGet: `the ${scheme} credential of this request, computed as ${where} of your targets file says (a signature, timestamp or nonce is valid once: compute a fresh one); or send this line again with ${signHint}`,
    };
    return { word: `"${name}: ${scheme} $${variable.name}"`, variable };
  }
  const variable = {
    name: variableName(family, name),
    howToGet: `the ${name} header's value: the credential ${where} of your targets file names (its \${VAR}), or a signature computed as it says; for a signed request, send this line again with ${signHint}`,
  };
  return { word: `"${name}: $${variable.name}"`, variable };
}

/** The curl line followed by one shell comment per variable it reads: pasted whole, it still runs. */
export function curlText(curl: { line: string; variables: readonly CurlVariable[] }): string {
  return [curl.line, ...curl.variables.map((variable) => `# set ${variable.name}: ${variable.howToGet}`)].join('\n');
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
  curlOptions: CurlOptions = {},
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
      const { letGo } = response;
      if (letGo)
        responseLines.push(
          `(… the body held ${letGo.bodyBytes} bytes; only the first ${response.body.length} were kept)`,
        );
      if (response.body !== response.rawBody)
        responseLines.push(`(decoded from gzip: ${letGo?.rawBytes ?? response.rawBody.length} bytes received)`);
    }
  } else {
    responseLines.push('(no response)');
  }
  if (error) responseLines.push('', `[error ${error.code}] ${redactor.redactSecrets(error.message)}`);

  return {
    request: requestLines.join('\n'),
    response: responseLines.join('\n'),
    curl: curlText(curlWithVariables(exchange, redactor, curlOptions)),
  };
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
  const hex = redacted
    .subarray(0, shown)
    .toString('hex')
    .replace(/(..)(?!$)/g, '$1 ');
  const more = redacted.length > shown ? `\n(… ${redacted.length - shown} more bytes)` : '';
  return `(binary body, ${bytes.length} bytes) hex: ${hex}${more}`;
}
