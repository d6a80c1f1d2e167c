import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestBody, startLocalServer } from '../../support/local-server.ts';

/*
 * A small URL shortener written from document 2, part D (POST /mappings: a JSON array of mappingRequest, one
 * shortenResponse each, vanity paths per domain, the default domain m, bodies JSON), independently of the
 * bundled reference: a second proof of the shortener rules. A request with any entry refused registers nothing.
 */

export interface DocumentShortener {
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Faults of the kind only a sequence of requests shows (each single request behaves), for the stateful phase's own
 * proof: none by default.
 */
export interface SequenceFaults {
  /** A request refused for a field forgets the vanity path taken last (a refusal that releases state). */
  refusalReleasesLastPath?: boolean;
  /** A vanity path is kept with the entry's `user`: another user may take it again (memory keyed on a wrong field). */
  pathKeptPerUser?: boolean;
}

type Json = Record<string, unknown>;
const domains = ['m', 'go', 'bca.m', 't.m'];
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An ISO 8601 date and time in the extended form, with a zone, that exists in the calendar (24:00:00, the end of a day,
 * included).
 */
function isIsoTimestamp(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(Z|[+-](\d{2}):?(\d{2})?)$/.exec(
    value,
  );
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as number[];
  const dayExists = new Date(Date.UTC(year as number, (month as number) - 1, day)).getUTCDate() === day;
  const zoneOk = match[8] === undefined || (Number(match[8]) <= 23 && Number(match[9] ?? 0) <= 59);
  const endOfDay = hour === 24 && minute === 0 && second === 0;
  return (
    (month as number) >= 1 &&
    (month as number) <= 12 &&
    dayExists &&
    ((hour as number) <= 23 || endOfDay) &&
    (minute as number) <= 59 &&
    (second as number) <= 59 &&
    zoneOk
  );
}

function isWebUrl(value: unknown): boolean {
  if (typeof value !== 'string' || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Why an entry is refused, or undefined. */
function entryFault(entry: unknown): string | undefined {
  if (!isObject(entry)) return 'an entry is a mappingRequest object';
  if (!isWebUrl(entry.longUrl)) return 'longUrl must be a valid URL';
  if (!isIsoTimestamp(entry.expDate)) return 'expDate must be an ISO 8601 timestamp';
  if (entry.domain !== undefined && !domains.includes(entry.domain as string))
    return `domain must be one of ${domains.join(', ')}`;
  for (const key of ['path', 'user', 'userGroup'])
    if (entry[key] !== undefined && typeof entry[key] !== 'string') return `${key} must be a string`;
  if (entry.params !== undefined) {
    if (!isObject(entry.params)) return 'params must be an object';
    const cache = entry.params['da.redirect.cache-control'];
    if (cache !== undefined && cache !== 'no-store') return 'da.redirect.cache-control only takes no-store';
    const retention = entry.params['da.couch.retention'];
    if (
      retention !== undefined &&
      !(typeof retention === 'string'
        ? /^\d+$/.test(retention)
        : Number.isInteger(retention) && (retention as number) >= 0)
    )
      return 'da.couch.retention is a number of days, zero or greater';
  }
  return undefined;
}

/** What the document leaves open, chosen one way or the other: a correct service may take either. */
export interface ServiceChoices {
  /** The order of the shortenResponse list ("200 {mappings: list of shortenResponse}" states none). Default request. */
  answerOrder?: 'request' | 'reversed';
}

export async function startDocumentShortener(
  faults: SequenceFaults = {},
  choices: ServiceChoices = {},
): Promise<DocumentShortener> {
  const taken = new Set<string>();
  const keyOf = (entry: Json) =>
    `${(entry.domain as string | undefined) ?? 'm'} ${entry.path as string}${faults.pathKeptPerUser ? ` ${String(entry.user)}` : ''}`;
  const mount = '/short/v1';

  const reply = (res: ServerResponse, status: number, body: Json) => {
    const payload = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=UTF-8',
      'content-length': String(Buffer.byteLength(payload)),
    });
    res.end(payload);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await requestBody(req);
    if (req.method !== 'POST' || req.url !== `${mount}/mappings`) return reply(res, 404, { message: 'not found' });
    let entries: unknown;
    try {
      entries = JSON.parse(raw.toString('utf8'));
    } catch {
      return reply(res, 400, { message: 'the body is not JSON' });
    }
    if (!Array.isArray(entries) || entries.length === 0)
      return reply(res, 400, { message: 'the body is a JSON array of mappingRequest' });
    for (const [index, entry] of entries.entries()) {
      const fault = entryFault(entry);
      if (!fault) continue;
      if (faults.refusalReleasesLastPath) taken.delete([...taken].at(-1) as string);
      return reply(res, 400, { message: `entry ${index}: ${fault}` });
    }
    // Vanity paths are taken per domain; two entries of one request asking for the same one: the second is refused.
    const wanted = new Set<string>();
    for (const entry of entries as Json[]) {
      if (entry.path === undefined) continue;
      const key = keyOf(entry);
      if (taken.has(key) || wanted.has(key))
        return reply(res, 400, {
          message: `path ${entry.path as string} is taken for domain ${(entry.domain as string | undefined) ?? 'm'}`,
        });
      wanted.add(key);
    }
    for (const key of wanted) taken.add(key);
    const mappings = (entries as Json[]).map((entry) => ({
      longUrl: entry.longUrl,
      shortUrl: `https://${(entry.domain as string | undefined) ?? 'm'}.short.example/${(entry.path as string | undefined) ?? randomBytes(5).toString('hex')}`,
      expDate: entry.expDate,
      ...(entry.params === undefined ? {} : { params: entry.params }),
    }));
    reply(res, 200, { mappings: choices.answerOrder === 'reversed' ? mappings.reverse() : mappings });
  };

  const server = await startLocalServer((req, res) => {
    handle(req, res).catch(() => reply(res, 500, { message: 'internal error' }));
  });
  return {
    baseUrl: `http://127.0.0.1:${server.port}${mount}`,
    close: server.close,
  };
}
