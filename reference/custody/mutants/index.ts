import type { MutantInfo } from '../../family-reference.ts';
import { type BehaviourMutant, behaviourOf, mutantInfos } from '../../mutant-behaviour.ts';
import { referenceBehaviour, type CustodyBehaviour } from '../behaviour.ts';
import type { RuleId, RuleIdSuffix } from '../../../rules/rule-id.ts';

type CustodyMutant = BehaviourMutant<CustodyBehaviour>;

const mutant = (
  name: string,
  breaks: RuleId,
  description: string,
  change: Partial<CustodyBehaviour>,
): CustodyMutant => ({
  name,
  family: 'custody',
  breaks,
  mode: 'default',
  description,
  change,
});

const rule = (suffix: RuleIdSuffix<'custody'>): RuleId => `custody.${suffix}`;

const definitions: readonly CustodyMutant[] = [
  mutant(
    'custody-last-needs-token',
    rule('cursor.first-last-without-token'),
    'LAST without cursor.currentPage is refused.',
    {
      needsToken: (request) => request !== 'FIRST',
    },
  ),
  mutant(
    'custody-next-without-token-is-first',
    rule('cursor.next-previous-require-token'),
    'NEXT without cursor.currentPage answers the first page.',
    {
      needsToken: (request) => request === 'PREVIOUS',
    },
  ),
  mutant(
    'custody-unknown-page-request-is-first',
    rule('cursor.page-request-enum'),
    'A cursor.pageRequest outside its enum is read as FIRST.',
    {
      offEnumPageRequest: () => 'FIRST',
    },
  ),
  mutant(
    'custody-dividing-size-drops-last-item',
    rule('cursor.walk-complete'),
    'When the page size divides the list, the last page misses its last item.',
    {
      pageItems: ({ items, offset, pageSize, total }) => {
        const page = items.slice(offset, offset + pageSize);
        return total % pageSize === 0 && offset + pageSize === total && pageSize > 1 ? page.slice(0, -1) : page;
      },
    },
  ),
  mutant(
    'custody-item-repeated-across-pages',
    rule('cursor.walk-complete'),
    'Every page after the first starts with the last item of the page before.',
    {
      pageItems: ({ items, offset, pageSize }) =>
        items.slice(Math.max(offset - 1, 0), offset - 1 + pageSize + (offset === 0 ? 1 : 0)),
    },
  ),
  mutant(
    'custody-previous-pages-reversed',
    rule('cursor.walk-back'),
    'PREVIOUS answers its page with the items in reverse order.',
    {
      pageItems: ({ items, offset, pageSize, request }) => {
        const page = items.slice(offset, offset + pageSize);
        return request === 'PREVIOUS' ? [...page].reverse() : page;
      },
    },
  ),
  mutant('custody-second-page-has-no-previous', rule('cursor.flags'), 'The second page says hasPrevious false.', {
    flags: ({ offset, pageSize, total }) => ({
      hasPrevious: offset > pageSize || offset === 0 ? offset > 0 : false,
      hasNext: offset + pageSize < total,
    }),
  }),
  mutant(
    'custody-full-last-page-has-next',
    rule('cursor.flags'),
    'A full last page (the page size divides the list) says hasNext true; NEXT from it answers an empty page.',
    {
      flags: ({ offset, pageSize, total }) => ({
        hasPrevious: offset > 0,
        hasNext: offset + pageSize < total || (total > 0 && offset + pageSize === total),
      }),
      nextPastLastPage: true,
    },
  ),
  mutant('custody-page-size-one-refused', rule('cursor.page-size'), 'A page size of 1 is refused.', {
    pageSizeAccepted: (size) => Number.isInteger(size) && size >= 2 && size <= 1000,
  }),
  mutant(
    'custody-last-page-loops',
    rule('cursor.new-token'),
    'The last page says hasNext true and NEXT from it answers it again with the same token.',
    {
      flags: ({ offset, total }) => ({ hasPrevious: offset > 0, hasNext: total > 0 }),
      nextOffset: (offset, pageSize, total) => (offset + pageSize < total ? offset + pageSize : offset),
    },
  ),
  mutant(
    'custody-mac-not-verified',
    rule('cursor.foreign-token'),
    'A token whose signature does not match is accepted when its JSON still parses.',
    {
      verifyMac: false,
      acceptsOtherEndpoint: true,
    },
  ),
  mutant(
    'custody-token-encoding-lenient',
    rule('cursor.foreign-token'),
    'A token re-encoded as base64url or without its padding is accepted.',
    {
      strictTokenEncoding: false,
    },
  ),
  mutant(
    'custody-query-not-decoded',
    rule('cursor.token-encoding'),
    'An encoded + in the query is read as a space, so tokens holding + are refused.',
    {
      // %2B turned back into a bare + before parsing, which then reads as a space.
      readQuery: (rawQuery) => new URLSearchParams(rawQuery.replace(/%2B/gi, '+')),
    },
  ),
  mutant(
    'custody-last-uses-first-size',
    rule('cursor.model'),
    'LAST pages with the page size of the latest FIRST on the same listing, not its own.',
    {
      lastPageSize: (requested, sizeOfLatestFirst) => sizeOfLatestFirst ?? requested,
    },
  ),
  mutant(
    'custody-upgrade-result-array',
    rule('upgrade.accepts-optional-fields'),
    'The upgrade answers `result` as an array.',
    {
      upgradeResult: (id) => [id],
    },
  ),
  mutant(
    'custody-upgrade-accepts-numbers',
    rule('upgrade.string-fields'),
    'The upgrade accepts numbers for its string fields.',
    {
      upgradeValueAccepted: (value) => typeof value === 'string' || typeof value === 'number',
    },
  ),
  mutant(
    'custody-balances-without-auth',
    rule('auth.missing'),
    '/api/rest/v1/balances answers without an Authorization header.',
    {
      authRequired: (path) => path !== '/api/rest/v1/balances',
    },
  ),
  mutant(
    'custody-any-bearer-accepted',
    rule('auth.invalid'),
    'Any Authorization value that starts with Bearer and the token prefix is accepted.',
    {
      bearerAccepted: (authorization, token) => authorization.startsWith(`Bearer ${token.slice(0, 8)}`),
    },
  ),
];

export const custodyMutants: readonly MutantInfo[] = mutantInfos(definitions);

/** The behaviour of the reference, or of the named mutant; an unknown name is an error listing the valid ones. */
export function custodyBehaviourFor(mutantName: string | undefined): CustodyBehaviour {
  return behaviourOf(referenceBehaviour, definitions, mutantName);
}
