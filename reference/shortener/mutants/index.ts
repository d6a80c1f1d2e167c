import type { MutantInfo } from '../../family-reference.ts';
import { type BehaviourMutant, behaviourOf, mutantInfos } from '../../mutant-behaviour.ts';
import type { RuleIdSuffix } from '../../../rules/rule-id.ts';
import { defaultDomain, noStore } from '../../../rules/shortener/limits.ts';
import { referenceBehaviour, type ShortenerBehaviour } from '../behaviour.ts';

type ShortenerMutant = BehaviourMutant<ShortenerBehaviour>;

const mutant = (
  name: string,
  breaks: RuleIdSuffix<'shortener'>,
  description: string,
  change: Partial<ShortenerBehaviour>,
): ShortenerMutant => ({
  name,
  family: 'shortener',
  breaks: `shortener.${breaks}`,
  mode: 'default',
  description,
  change,
});

const definitions: readonly ShortenerMutant[] = [
  mutant(
    'shortener-200-text-plain',
    'bodies.json',
    'The 200 of POST /mappings carries its JSON body labelled text/plain.',
    {
      contentType: (status) => (status === 200 ? 'text/plain; charset=utf-8' : referenceBehaviour.contentType(status)),
    },
  ),
  mutant('shortener-user-group-refused', 'mappings.accepted', 'An entry with userGroup is refused with 400.', {
    entryRefused: (entry) => 'userGroup' in entry,
  }),
  mutant(
    'shortener-answers-one-long-url',
    'mappings.one-per-entry-in-order',
    "Every shortenResponse of a request of several entries echoes the first entry's longUrl.",
    {
      order: (answers) =>
        answers.map((answer) => ({ ...answer, longUrl: (answers[0] as { longUrl?: unknown }).longUrl })),
    },
  ),
  mutant(
    'shortener-single-object-accepted',
    'mappings.body-is-array',
    'A single mappingRequest object is taken as an array of one.',
    {
      entriesOf: (body) => referenceBehaviour.entriesOf(Array.isArray(body) ? body : [body]),
    },
  ),
  mutant('shortener-long-url-optional', 'long-url.required', 'An entry without longUrl is accepted.', {
    longUrlAccepted: (value, present, index) => !present || referenceBehaviour.longUrlAccepted(value, present, index),
  }),
  mutant('shortener-long-url-first-entry-only', 'long-url.valid-url', "Only the first entry's longUrl is validated.", {
    longUrlAccepted: (value, present, index) =>
      (index > 0 && present) || referenceBehaviour.longUrlAccepted(value, present, index),
  }),
  mutant('shortener-exp-date-optional', 'exp-date.required', 'An entry without expDate is accepted.', {
    expDateAccepted: (value, present) => !present || referenceBehaviour.expDateAccepted(value, present),
  }),
  mutant(
    'shortener-exp-date-offset-refused',
    'exp-date.iso-8601',
    'An expDate with a UTC offset instead of Z is refused.',
    {
      expDateAccepted: (value, present) =>
        referenceBehaviour.expDateAccepted(value, present) && typeof value === 'string' && value.endsWith('Z'),
    },
  ),
  mutant('shortener-domain-any-case', 'domain.enum', 'domain is compared without case (M and GO accepted).', {
    domainAccepted: (value) =>
      referenceBehaviour.domainAccepted(typeof value === 'string' ? value.toLowerCase() : value),
  }),
  mutant('shortener-default-domain-go', 'domain.default-m', 'An entry without domain uses go.', {
    domainOf: (entry) => (entry.domain as string | undefined) ?? 'go',
  }),
  mutant(
    'shortener-cache-control-no-cache',
    'params.cache-control',
    'da.redirect.cache-control accepts no-cache as well.',
    {
      cacheControlAccepted: (value) => value === noStore || value === 'no-cache',
    },
  ),
  mutant('shortener-retention-zero-refused', 'params.retention', 'da.couch.retention of 0 days is refused.', {
    retentionAccepted: (value) => referenceBehaviour.retentionAccepted(value) && Number(value) > 0,
  }),
  mutant(
    'shortener-taken-checked-on-m-only',
    'vanity.taken-for-domain',
    'A taken path is refused on domain m only; on the other domains it is registered again.',
    {
      pathTaken: (taken, domain, path) => domain === defaultDomain && referenceBehaviour.pathTaken(taken, domain, path),
    },
  ),
  mutant(
    'shortener-paths-forgotten-after-five-registrations',
    'vanity.taken-for-domain',
    'A domain remembers only its last five vanity paths: a path is free again after five other registrations on its domain.',
    {
      pathTaken: (taken, domain, path) => [...(taken.get(domain) ?? [])].slice(-5).includes(path),
    },
  ),
  // Faults only a sequence of requests shows: each single request behaves (the stateful phase's to find).
  mutant(
    'shortener-refusal-forgets-paths',
    'vanity.taken-for-domain',
    'A request refused for a field of one of its entries clears every taken vanity path: a path taken before it is free again after it.',
    { afterRefusal: (taken) => taken.clear() },
  ),
  mutant(
    'shortener-path-taken-per-user-group',
    'vanity.taken-for-domain',
    'A vanity path is kept with its userGroup: the same path on the same domain from another userGroup is registered again.',
    { pathKey: (entry) => `${String(entry.path)} for ${String(entry.userGroup)}` },
  ),
  mutant(
    'shortener-path-taken-on-every-domain',
    'vanity.other-domain-free',
    'A path taken for one domain is taken for every domain.',
    {
      pathTaken: (taken, _domain, path) => [...taken.values()].some((paths) => paths.has(path)),
    },
  ),
];

export const shortenerMutants: readonly MutantInfo[] = mutantInfos(definitions);

/** The behaviour of the reference, or of the named mutant; an unknown name is an error listing the valid ones. */
export function shortenerBehaviourFor(mutantName: string | undefined): ShortenerBehaviour {
  return behaviourOf(referenceBehaviour, definitions, mutantName);
}
