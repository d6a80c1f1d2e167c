import {
  defaultDomain,
  isoTimestampSchema,
  longUrlSchema,
  noStore,
  retentionSchema,
  shortenerDomains,
} from '../../rules/shortener/records.ts';

type Entry = Record<string, unknown>;

/** The points of the shortener reference a mutant may replace, each the behaviour of one rule. */
export interface ShortenerBehaviour {
  /** Whether a parsed body is a list of entries (a mutant may take a single object as one). */
  entriesOf(body: unknown): Entry[] | undefined;
  /** Whether the longUrl of the entry at `index` is acceptable (a mutant may judge the first entry only). */
  longUrlAccepted(value: unknown, present: boolean, index: number): boolean;
  expDateAccepted(value: unknown, present: boolean): boolean;
  domainAccepted(value: unknown): boolean;
  domainOf(entry: Entry): string;
  cacheControlAccepted(value: unknown): boolean;
  retentionAccepted(value: unknown): boolean;
  /** Whether a valid entry is refused all the same (never; a mutant refuses some). */
  entryRefused(entry: Entry): boolean;
  /** Whether a path is already taken for a domain, given the taken paths per domain. */
  pathTaken(taken: ReadonlyMap<string, ReadonlySet<string>>, domain: string, path: string): boolean;
  /** What an entry's vanity path is kept under in its domain (the path; a mutant adds another field). */
  pathKey(entry: Entry): string;
  /** What a request refused for one of its entries' fields does to the taken paths (nothing; a mutant clears them). */
  afterRefusal(taken: Map<string, Set<string>>): void;
  /** The answers in the order they go back. */
  order<T>(answers: T[]): T[];
  /** The Content-Type of an answer of this status (documented: JSON). */
  contentType(status: number): string;
}

export const referenceBehaviour: ShortenerBehaviour = {
  entriesOf: (body) =>
    Array.isArray(body) && body.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item))
      ? (body as Entry[])
      : undefined,
  longUrlAccepted: (value, present) => present && longUrlSchema.safeParse(value).success,
  expDateAccepted: (value, present) => present && isoTimestampSchema.safeParse(value).success,
  domainAccepted: (value) => (shortenerDomains as readonly unknown[]).includes(value),
  domainOf: (entry) => (entry.domain as string | undefined) ?? defaultDomain,
  cacheControlAccepted: (value) => value === noStore,
  retentionAccepted: (value) => retentionSchema.safeParse(value).success,
  entryRefused: () => false,
  pathTaken: (taken, domain, path) => taken.get(domain)?.has(path) ?? false,
  pathKey: (entry) => entry.path as string,
  afterRefusal: () => {},
  order: (answers) => answers,
  contentType: () => 'application/json; charset=utf-8',
};
