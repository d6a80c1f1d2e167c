import { randomBytes } from 'node:crypto';
import type { ShortenerBehaviour } from './behaviour.ts';

type Entry = Record<string, unknown>;

/** Why an entry is refused, or undefined when it is valid; the reference's 400 body carries it. */
function entryProblem(behaviour: ShortenerBehaviour, entry: Entry, index: number): string | undefined {
  if (!behaviour.longUrlAccepted(entry.longUrl, 'longUrl' in entry, index)) return 'longUrl must be a valid URL';
  if (!behaviour.expDateAccepted(entry.expDate, 'expDate' in entry)) return 'expDate must be an ISO 8601 timestamp';
  if ('domain' in entry && !behaviour.domainAccepted(entry.domain)) return 'domain must be one of m, go, bca.m, t.m';
  if ('path' in entry && typeof entry.path !== 'string') return 'path must be a string';
  const params = entry.params;
  if (params !== undefined) {
    if (typeof params !== 'object' || params === null || Array.isArray(params)) return 'params must be an object';
    const values = params as Record<string, unknown>;
    if ('da.redirect.cache-control' in values && !behaviour.cacheControlAccepted(values['da.redirect.cache-control']))
      return 'da.redirect.cache-control accepts only no-store';
    if ('da.couch.retention' in values && !behaviour.retentionAccepted(values['da.couch.retention']))
      return 'da.couch.retention must be a number of days, zero or more';
  }
  if (behaviour.entryRefused(entry)) return 'entry refused';
  return undefined;
}

/**
 * POST /mappings of the reference: every entry is validated first, then vanity paths are checked against
 * the paths taken per domain (and against the other entries of the request: a path asked twice for one
 * domain in one request is refused), and only then are they all registered. Short URLs use the base URL
 * as the shortener host, as in environments E1 and E2.
 */
export class MappingsHandler {
  readonly #taken = new Map<string, Set<string>>();

  constructor(readonly behaviour: ShortenerBehaviour) {}

  handle(body: unknown, shortHost: string): { status: number; body: unknown } {
    const entries = this.behaviour.entriesOf(body);
    if (!entries) return refused('the body must be a JSON array of mappingRequest');
    for (const [index, entry] of entries.entries()) {
      const problem = entryProblem(this.behaviour, entry, index);
      if (!problem) continue;
      this.behaviour.afterRefusal(this.#taken);
      return refused(`entry ${index + 1}: ${problem}`);
    }
    const asked = new Map<string, Set<string>>();
    for (const [index, entry] of entries.entries()) {
      if (typeof entry.path !== 'string') continue;
      const domain = this.behaviour.domainOf(entry);
      const key = this.behaviour.pathKey(entry);
      if (this.behaviour.pathTaken(this.#taken, domain, key) || asked.get(domain)?.has(key))
        return refused(`entry ${index + 1}: path ${entry.path} is taken for domain ${domain}`);
      asked.set(domain, (asked.get(domain) ?? new Set()).add(key));
    }
    for (const [domain, paths] of asked)
      for (const path of paths) this.#taken.set(domain, (this.#taken.get(domain) ?? new Set()).add(path));
    const answers = entries.map((entry) => ({
      longUrl: entry.longUrl,
      shortUrl: `${shortHost}/${this.behaviour.domainOf(entry)}/${typeof entry.path === 'string' ? entry.path : randomBytes(5).toString('base64url')}`,
      expDate: entry.expDate,
      ...(entry.params === undefined ? {} : { params: entry.params }),
    }));
    return { status: 200, body: { mappings: this.behaviour.order(answers) } };
  }
}

const refused = (message: string) => ({ status: 400, body: { message } });
