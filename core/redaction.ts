/**
 * Redaction of credentials in evidence (headers, bodies, URLs, curl lines).
 *
 * By value first: every secret the harness registers (the entry's credentials, the tokens the target issued) is
 * replaced wherever it appears, e.g. a plain-text error body quoting the client secret. By name only what is a
 * credential by definition: the credential part of Authorization (of a MAC header, the mac alone), cookies, API-key
 * headers, the headers a family names as its signature, and JSON or form fields such as client_secret or
 * access_token. Never by a substring of a record field's name: a card's authorizationStatus, a program's keyname or
 * a cursor's token field are evidence the rules judged, shown as they are.
 */

import { parseJsonBounded } from './json-depth.ts';

export const MASK = '***';

/** What a report shows instead of a value whose redaction failed: never the value itself. */
export const REDACTION_FAILED = '[redaction failed: value withheld]';

/** JSON keys and form fields that are credentials by definition, compared without case, `_` or `-`. */
const CREDENTIAL_FIELDS = new Set([
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'clientsecret',
  'clientassertion',
  'password',
  'passphrase',
  'apikey',
  'secretkey',
  'privatekey',
  'privatekeys',
  'secret',
  'token',
]);

/** Headers that are credentials by definition (beside Authorization, whose credential part alone is masked). */
const CREDENTIAL_HEADERS = new Set([
  'cookie',
  'set-cookie',
  'x-api-key',
  'x-net-api-key',
  'apiaccesskeyid',
  'apisecretaccesskey',
]);
const AUTHORIZATION_HEADERS = new Set(['authorization', 'proxy-authorization']);
/**
 * A header named as a credential by its last word (x-auth-token, x-client-secret, ex-access-sign, x-net-api-key); not
 * one that only contains such a word (keyname, idempotency-key and ex-access-key are no credential by their name: an
 * entry's key is masked by its value).
 */
const CREDENTIAL_HEADER_NAME = /(?:^|-)(?:token|secret|signature|sign|api-?key|password|passphrase)$/i;

/** Names of environment variables that hold secrets, by the usual words in them (a container's env). */
const SECRET_ENV_NAME = /secret|password|token|signature|private|api[_-]?key|authorization/i;

/** A JSON number at a position (sticky). */
const JSON_NUMBER = /-?\d[\d.eE+-]*/y;
const URL_PASSWORD = /^([a-z][a-z0-9+.-]*:\/\/[^/?#@]*:)[^/?#@]*@/i;
/** The mac part of a MAC Authorization header: its id, ts, nonce and bodyhash stay readable. */
const MAC_PART = /(\bmac\s*=\s*)("[^"]*"|[^,\s]*)/i;

/** A JSON key or form field that is a credential by definition (client_secret, access_token, password ...). */
export function isSecretField(name: string): boolean {
  return CREDENTIAL_FIELDS.has(name.toLowerCase().replace(/[_-]/g, ''));
}

/** An environment variable whose name says it holds a secret (REFERENCE_CLIENT_SECRET, API_TOKEN ...). */
export function isSecretEnvName(name: string): boolean {
  return SECRET_ENV_NAME.test(name);
}

/** Keys of a target entry's sections whose values are secrets by their names (apiKey, secret, bearerToken, passphrase ...). */
const SECRET_ENTRY_KEY = /secret|token|api_?key|password|passphrase|private_?key/i;

/** A key of a family's section whose value is a secret by its name: exported, never written in, masked in output. */
export function isSecretEntryKey(name: string): boolean {
  return SECRET_ENTRY_KEY.test(name);
}

/** Shorter registered values are ignored (field and header rules still mask them where they are named). */
export const minimumSecretLength = 4;

export class Redactor {
  readonly #secrets = new Set<string>();
  readonly #credentialHeaders = new Set<string>();
  /** Longest first, so a secret containing another one is masked whole. */
  #ordered: string[] = [];

  /** Registers a secret value (client secret, token ...) to blank out wherever it appears. Empty values are ignored. */
  addSecret(value: string): void {
    // A value this short is no secret, and blanking it everywhere would garble every text it occurs in.
    if (value.length < minimumSecretLength) return;
    const before = this.#secrets.size;
    this.#secrets.add(value);
    // The same secret inside a form body or query string appears percent-encoded.
    this.#secrets.add(encodeURIComponent(value));
    if (this.#secrets.size !== before) this.#ordered = [...this.#secrets].sort((a, b) => b.length - a.length);
  }

  /** Headers a family names as credentials (its signature header): masked by name, like the built-in ones. */
  addCredentialHeader(name: string): void {
    this.#credentialHeaders.add(name.toLowerCase());
  }

  /**
   * Authorization keeps its scheme (`Bearer ***`; a MAC header its id, ts, nonce and bodyhash, `mac="***"`);
   * credential headers become `***`; others get literal redaction.
   */
  redactHeaders(headers: Record<string, string | string[]>): Record<string, string | string[]> {
    const out: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(headers)) {
      out[name] = Array.isArray(value)
        ? value.map((v) => this.#redactHeaderValue(name, v))
        : this.#redactHeaderValue(name, value);
    }
    return out;
  }

  /**
   * JSON-aware: values of secret-looking keys become `***` (parsed JSON, or pattern-based when the JSON is truncated
   * or embedded in other text); form-encoded fields likewise; then every registered secret is replaced literally.
   */
  redactText(text: string): string {
    return this.redactSecrets(redactFormFields(redactJsonFields(text)));
  }

  /** Secret query parameters and URL passwords become `***`, then literal redaction. */
  redactUrl(url: string): string {
    const hashAt = url.indexOf('#');
    const fragment = hashAt === -1 ? '' : url.slice(hashAt);
    const rest = hashAt === -1 ? url : url.slice(0, hashAt);
    const queryAt = rest.indexOf('?');
    const base = queryAt === -1 ? rest : rest.slice(0, queryAt);
    const query = queryAt === -1 ? '' : `?${redactFormFields(rest.slice(queryAt + 1))}`;
    return this.redactSecrets(base.replace(URL_PASSWORD, `$1${MASK}@`) + query + fragment);
  }

  /**
   * Any value bound for a report (observation, counterexample, parameter): secret fields masked and
   * registered secrets replaced, as JSON data again; when that fails, the placeholder, never the value.
   */
  redactValue(value: unknown): unknown {
    try {
      if (typeof value === 'string') return this.redactText(value);
      const json = JSON.stringify(value);
      return json === undefined ? this.redactSecrets(String(value)) : JSON.parse(this.redactText(json));
    } catch {
      return REDACTION_FAILED;
    }
  }

  /** Only the literal layer: every registered secret value -> `***`. */
  redactSecrets(text: string): string {
    let out = text;
    for (const secret of this.#ordered) {
      if (out.includes(secret)) out = out.split(secret).join(MASK);
    }
    return out;
  }

  #redactHeaderValue(name: string, value: string): string {
    const lower = name.toLowerCase();
    if (AUTHORIZATION_HEADERS.has(lower)) {
      const space = value.indexOf(' ');
      if (space > 0 && value.slice(0, space).toLowerCase() === 'mac' && MAC_PART.test(value))
        return this.redactSecrets(value.replace(MAC_PART, `$1"${MASK}"`));
      return space > 0 ? `${value.slice(0, space)} ${MASK}` : MASK;
    }
    if (CREDENTIAL_HEADERS.has(lower) || this.#credentialHeaders.has(lower) || CREDENTIAL_HEADER_NAME.test(lower))
      return MASK;
    return this.redactSecrets(value);
  }
}

/** Process-wide instance the harness registers secrets into. */
export const defaultRedactor = new Redactor();

function redactJsonFields(text: string): string {
  const first = firstNonSpace(text);
  if (first === '{' || first === '[') {
    try {
      const parsed: unknown = parseJsonBounded(text);
      if (maskSecretFields(parsed) === 0) return text;
      return text.includes('\n') ? JSON.stringify(parsed, null, 2) : JSON.stringify(parsed);
    } catch {
      // Truncated, not JSON after all, or nested too deeply to print again: the scanning pass below.
    }
  }
  if (!text.includes('"')) return text;
  return maskJsonPairs(text);
}

/** Index just past the JSON string starting at `quote` (the text's end when it is unterminated). */
function stringEnd(text: string, quote: number): number {
  for (let index = quote + 1; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x5c) index++;
    else if (code === 0x22) return index + 1;
  }
  return text.length;
}

function skipSpace(text: string, index: number): number {
  let at = index;
  while (at < text.length && /\s/.test(text[at] as string)) at++;
  return at;
}

/**
 * `"key": value` pairs of secret-looking keys in text that is not parseable JSON (truncated, or embedded
 * in other text): the value (a string, possibly unterminated, or a number) becomes `"***"`. One pass over
 * the text, no backtracking and no recursion, so any input up to the body cap is handled in linear time.
 */
function maskJsonPairs(text: string): string {
  let out = '';
  let copiedUpTo = 0;
  let index = 0;
  while (index < text.length) {
    const quote = text.indexOf('"', index);
    if (quote < 0) break;
    const keyEnd = stringEnd(text, quote);
    const colon = skipSpace(text, keyEnd);
    if (keyEnd > quote + 1 && text[keyEnd - 1] === '"' && text[colon] === ':') {
      const valueAt = skipSpace(text, colon + 1);
      if (isSecretField(text.slice(quote + 1, keyEnd - 1))) {
        JSON_NUMBER.lastIndex = valueAt;
        const valueEnd =
          text[valueAt] === '"' ? stringEnd(text, valueAt) : JSON_NUMBER.test(text) ? JSON_NUMBER.lastIndex : -1;
        if (valueEnd >= 0) {
          out += `${text.slice(copiedUpTo, valueAt)}"${MASK}"`;
          copiedUpTo = valueEnd;
          index = valueEnd;
          continue;
        }
      }
      index = valueAt;
      continue;
    }
    index = keyEnd;
  }
  return copiedUpTo === 0 ? text : out + text.slice(copiedUpTo);
}

/** Masks the values of secret fields of a freshly parsed JSON value in place, without recursion; returns how many. */
function maskSecretFields(root: unknown): number {
  let masked = 0;
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      for (const item of node) pending.push(item);
      continue;
    }
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (isSecretField(key)) masked += maskLeaves(record, key);
      else pending.push(record[key]);
    }
  }
  return masked;
}

/**
 * Strings and numbers below `holder[key]` become `***`; booleans/null are kept (`"token_revoked": false` is evidence).
 */
function maskLeaves(holder: Record<string, unknown>, key: string): number {
  let masked = 0;
  const pending: [Record<string, unknown>, string][] = [[holder, key]];
  while (pending.length > 0) {
    const [parent, name] = pending.pop() as [Record<string, unknown>, string];
    const value = parent[name];
    if (typeof value === 'string' || typeof value === 'number') {
      parent[name] = MASK;
      masked++;
    } else if (typeof value === 'object' && value !== null) {
      for (const child of Object.keys(value)) pending.push([value as Record<string, unknown>, child]);
    }
  }
  return masked;
}

/** application/x-www-form-urlencoded (or a query string): secret fields -> `name=***`, the rest byte-identical. */
function redactFormFields(text: string): string {
  if (!text.includes('=') || /\s/.test(text.trimEnd())) return text;
  const first = firstNonSpace(text);
  if (first === '{' || first === '[') return text;
  let changed = false;
  const parts = text.split('&').map((part) => {
    const eq = part.indexOf('=');
    if (eq <= 0 || !isSecretField(decodeFormComponent(part.slice(0, eq)))) return part;
    changed = true;
    return `${part.slice(0, eq)}=${MASK}`;
  });
  return changed ? parts.join('&') : text;
}

function decodeFormComponent(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

function firstNonSpace(text: string): string | undefined {
  const match = /\S/.exec(text);
  return match?.[0];
}
