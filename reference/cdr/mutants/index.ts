import type { MutantInfo } from '../../family-reference.ts';
import { type BehaviourMutant, behaviourOf, mutantInfos } from '../../mutant-behaviour.ts';
import { referenceBehaviour, type CdrBehaviour } from '../behaviour.ts';
import type { CdrReferenceMode } from '../versions.ts';
import type { RuleId } from '../../../rules/rule-id.ts';
import { maxPageSize } from '../../../rules/cdr/limits.ts';

type CdrMutant = BehaviourMutant<CdrBehaviour>;

const mutant = (
  name: string,
  breaks: RuleId,
  description: string,
  change: Partial<CdrBehaviour>,
  mode: CdrReferenceMode = 'default',
): CdrMutant => ({ name, family: 'cdr', breaks, mode, description, change });
/** A fault of a holder of the older versions (list x-v 3, detail x-v 4): judged with those versions' schemas. */
const olderMutant = (name: string, breaks: RuleId, description: string, change: Partial<CdrBehaviour>) =>
  mutant(name, breaks, description, change, 'older-versions');
const reference = referenceBehaviour;
type Json = Record<string, unknown>;
/** A record with one list item's field removed (or replaced), for the mutants of the record rules. */
const withItem = (record: Json, list: string, position: number, change: (item: Json) => Json): Json => ({
  ...record,
  [list]: (record[list] as Json[]).map((item, index) => (index === position ? change(item) : item)),
});
const without = (item: Json, field: string): Json =>
  Object.fromEntries(Object.entries(item).filter(([key]) => key !== field));

const definitions: readonly CdrMutant[] = [
  mutant(
    'cdr-detail-version-7-refused',
    'cdr.x-v.served',
    'The detail serves version 6 only, so x-v 7 is refused with 406.',
    {
      served: (operation, versions) => (operation === 'detail' ? [6] : reference.served(operation, versions)),
    },
  ),
  mutant(
    'cdr-detail-without-x-v-header',
    'cdr.x-v.response-header',
    'The detail answers without the x-v response header naming the version served.',
    {
      versionHeader: (operation, version) =>
        operation === 'detail' ? undefined : reference.versionHeader(operation, version),
    },
  ),
  mutant(
    'cdr-x-v-fraction-accepted',
    'cdr.x-v.required',
    'x-v 1.5 passes the header check (and is then refused as unsupported, 406).',
    {
      validXv: (value) => value !== undefined && /^\d+(\.\d+)?$/.test(value) && Number(value) > 0,
    },
  ),
  mutant(
    'cdr-x-v-above-served-served',
    'cdr.x-v.unsupported',
    'An x-v above every served version is served with the highest one.',
    {
      negotiate: (xv, xminv, served) =>
        reference.negotiate(xv, xminv, served) ?? (xv > Math.max(...served) ? Math.max(...served) : undefined),
    },
  ),
  mutant(
    'cdr-x-v-below-served-served',
    'cdr.x-v.unsupported',
    'An x-v below every served version is served with the lowest one.',
    {
      negotiate: (xv, xminv, served) =>
        reference.negotiate(xv, xminv, served) ?? (xv < Math.min(...served) ? Math.min(...served) : undefined),
    },
  ),
  mutant(
    'cdr-detail-meta-with-totals',
    'cdr.detail.envelope',
    "The detail answers meta with totalRecords and totalPages, where the standard's Meta is an empty object.",
    {
      recordMeta: (operation) => (operation === 'detail' ? { totalRecords: 1, totalPages: 1 } : {}),
    },
  ),
  mutant('cdr-status-meta-list', 'cdr.status.record', 'The status answers meta as an empty list, not an object.', {
    recordMeta: (operation) => (operation === 'status' ? [] : {}),
  }),
  mutant(
    'cdr-x-min-v-reaches-down',
    'cdr.x-min-v.honoured',
    'Any x-min-v is read as reaching down to the served versions: a range above every served version is served with the highest.',
    {
      negotiate: (xv, xminv, served) =>
        reference.negotiate(xv, xminv, served) ?? (xminv === undefined ? undefined : Math.max(...served)),
    },
  ),
  mutant('cdr-x-min-v-unchecked', 'cdr.x-min-v.invalid', 'An x-min-v that is not a positive integer is not refused.', {
    validXminv: () => true,
  }),
  mutant(
    'cdr-interaction-id-lost-on-errors',
    'cdr.interaction-id.echo',
    'Error responses carry a fresh x-fapi-interaction-id, not the one sent.',
    {
      interactionId: (sent, status, fresh) => (status >= 400 ? fresh : (sent ?? fresh)),
    },
  ),
  mutant(
    'cdr-interaction-id-lost-on-404',
    'cdr.interaction-id.echo',
    'The 404 of an unknown product carries a fresh x-fapi-interaction-id.',
    {
      interactionId: (sent, status, fresh) => (status === 404 ? fresh : (sent ?? fresh)),
    },
  ),
  mutant(
    'cdr-current-needs-effective-from',
    'cdr.list.effective',
    'CURRENT leaves out products without effectiveFrom.',
    {
      matchesEffective: (item, effective, now) =>
        reference.matchesEffective(item, effective, now) &&
        (effective !== 'CURRENT' || item.effectiveFrom !== undefined),
    },
  ),
  mutant(
    'cdr-future-includes-recent',
    'cdr.list.effective',
    'FUTURE also returns products that became effective in the last 40 days.',
    {
      matchesEffective: (item, effective, now) =>
        effective === 'FUTURE'
          ? Date.parse(String(item.effectiveFrom)) > now - 40 * 86_400_000
          : reference.matchesEffective(item, effective, now),
    },
  ),
  mutant(
    'cdr-default-effective-all',
    'cdr.list.effective-default',
    'Without effective the list returns ALL products.',
    { defaultEffective: 'ALL' },
  ),
  mutant(
    'cdr-updated-since-inclusive',
    'cdr.list.updated-since',
    'updated-since keeps a product updated at that very instant.',
    {
      matchesUpdatedSince: (item, since) => Date.parse(String(item.lastUpdated)) >= Date.parse(since),
    },
  ),
  mutant(
    'cdr-updated-since-offset-refused',
    'cdr.list.updated-since',
    'An updated-since with an offset other than Z (+10:00) is refused.',
    {
      validDateTime: (value) => reference.validDateTime(value) && /z$/i.test(value),
    },
  ),
  mutant(
    'cdr-updated-since-only-with-effective',
    'cdr.list.updated-since',
    'updated-since is applied only when effective is given.',
    {
      applyFilters: (items, request, now, behaviour) =>
        reference.applyFilters(
          items,
          request.effective === undefined ? { ...request, updatedSince: undefined } : request,
          now,
          behaviour,
        ),
    },
  ),
  mutant('cdr-brand-drops-tailored', 'cdr.list.brand', 'brand leaves out the tailored products of the brand.', {
    matchesBrand: (item, brand) => item.brand === brand && item.isTailored !== true,
  }),
  mutant(
    'cdr-travel-cards-include-credit-cards',
    'cdr.list.product-category',
    'product-category=TRAVEL_CARDS also returns CRED_AND_CHRG_CARDS.',
    {
      matchesCategory: (item, category) =>
        item.productCategory === category ||
        (category === 'TRAVEL_CARDS' && item.productCategory === 'CRED_AND_CHRG_CARDS'),
    },
  ),
  mutant(
    'cdr-brand-and-category-keep-brand-only',
    'cdr.list.filters-combine',
    'With brand and product-category together, product-category is ignored.',
    {
      applyFilters: (items, request, now, behaviour) =>
        reference.applyFilters(
          items,
          request.brand === undefined ? request : { ...request, productCategory: undefined },
          now,
          behaviour,
        ),
    },
  ),
  mutant('cdr-page-default-2', 'cdr.list.page-default', 'Without page the list answers page 2.', { defaultPage: 2 }),
  mutant('cdr-page-size-default-20', 'cdr.list.page-size-default', 'Without page-size pages hold 20 products.', {
    defaultPageSize: 20,
  }),
  mutant(
    'cdr-unknown-effective-as-current',
    'cdr.list.invalid-enum',
    'An unknown effective value is answered as CURRENT.',
    { validEffective: () => true },
  ),
  mutant(
    'cdr-updated-since-any-date-accepted',
    'cdr.list.invalid-updated-since',
    'updated-since accepts whatever Date.parse reads (a date alone, no offset).',
    {
      validDateTime: (value) => !Number.isNaN(Date.parse(value)),
    },
  ),
  mutant('cdr-page-zero-accepted', 'cdr.list.invalid-paging', 'page and page-size 0 are accepted.', {
    validPageNumber: (value) => /^\d+$/.test(value),
  }),
  mutant(
    'cdr-page-size-1001-served',
    'cdr.list.page-size-above-max',
    'A page-size above 1000 is served (the whole list on one page), not refused with 400 Invalid Page Size.',
    {
      pageSizeServed: (size) => size >= 1,
    },
  ),
  mutant(
    'cdr-page-size-1001-invalid-field',
    'cdr.error.codes',
    'A page-size above 1000 is refused 400 with the code Field/Invalid, not Field/InvalidPageSize.',
    {
      errorItem: (error) =>
        error.code.endsWith('Field/InvalidPageSize')
          ? { ...error, code: 'urn:au-cds:error:cds-all:Field/Invalid' }
          : error,
    },
  ),
  mutant('cdr-page-past-last-empty', 'cdr.list.page-past-last', 'A page past the last answers 200 with no products.', {
    pastLastStatus: 0,
  }),
  mutant(
    'cdr-self-link-wrong-page-size',
    'cdr.links.self',
    'links.self names a page-size one above the one asked for.',
    {
      links: (plan, urlFor) => {
        const links = reference.links(plan, urlFor);
        const self = new URL(links.self as string);
        if (self.searchParams.has('page-size')) self.searchParams.set('page-size', String(plan.pageSize + 1));
        return { ...links, self: self.href };
      },
    },
  ),
  mutant('cdr-self-link-relative', 'cdr.links.valid', 'links.self is a path without scheme and host.', {
    links: (plan, urlFor) => {
      const links = reference.links(plan, urlFor);
      const self = new URL(links.self as string);
      return { ...links, self: self.pathname + self.search };
    },
  }),
  mutant(
    'cdr-first-missing-on-last-page',
    'cdr.links.first-prev-when-not-first',
    'The last page of a multi-page list has no first link.',
    {
      links: (plan, urlFor) =>
        (plan.page === plan.totalPages && plan.page > 1
          ? without(reference.links(plan, urlFor), 'first')
          : reference.links(plan, urlFor)) as Record<string, string>,
    },
  ),
  mutant(
    'cdr-prev-missing-after-page-2',
    'cdr.links.first-prev-when-not-first',
    'Pages after the second give no prev link (so a walk back from the last page stops there; every self link stays right).',
    {
      links: (plan, urlFor) =>
        (plan.page > 2 ? without(reference.links(plan, urlFor), 'prev') : reference.links(plan, urlFor)) as Record<
          string,
          string
        >,
    },
  ),
  mutant('cdr-prev-on-first-page', 'cdr.links.first-prev-when-not-first', 'Page 1 gives a prev link (to itself).', {
    links: (plan, urlFor) =>
      plan.page === 1 ? { ...reference.links(plan, urlFor), prev: urlFor(1) } : reference.links(plan, urlFor),
  }),
  mutant(
    'cdr-last-missing-before-last-page',
    'cdr.links.next-last-when-not-last',
    'The page before the last has no last link.',
    {
      links: (plan, urlFor) =>
        (plan.page === plan.totalPages - 1
          ? without(reference.links(plan, urlFor), 'last')
          : reference.links(plan, urlFor)) as Record<string, string>,
    },
  ),
  mutant(
    'cdr-next-on-last-page',
    'cdr.links.next-last-when-not-last',
    'The last page gives a next link, to a page past the last.',
    {
      links: (plan, urlFor) =>
        plan.page === plan.totalPages
          ? { ...reference.links(plan, urlFor), next: urlFor(plan.page + 1) }
          : reference.links(plan, urlFor),
    },
  ),
  mutant(
    'cdr-next-on-full-last-page',
    'cdr.links.next-last-when-not-last',
    'A last page that is full (the total a multiple of the page size, above 1) still gives next, to a page past the last.',
    {
      links: (plan, urlFor) =>
        plan.page === plan.totalPages && plan.pageSize > 1 && plan.total > 0 && plan.total % plan.pageSize === 0
          ? { ...reference.links(plan, urlFor), next: urlFor(plan.page + 1) }
          : reference.links(plan, urlFor),
    },
  ),
  mutant('cdr-page-size-1-refused', 'cdr.pagination.walk-complete', 'page-size 1 is refused (a valid boundary).', {
    pageSizeServed: (size) => size >= 2 && size <= maxPageSize,
  }),
  mutant(
    'cdr-size-7-skips-a-product',
    'cdr.pagination.walk-complete',
    'At page size 7 every page after the first starts one product late, so one product between pages is never shown.',
    {
      pageItems: (items, plan, query) => {
        const shift = plan.pageSize === 7 && plan.page > 1 ? 1 : 0;
        return reference.pageItems(items.slice(shift), plan, query);
      },
    },
  ),
  mutant(
    'cdr-prev-pages-reversed',
    'cdr.pagination.walk-back',
    'A page reached through a prev link lists its products in reverse order.',
    {
      links: (plan, urlFor) => {
        const links = reference.links(plan, urlFor);
        return links.prev ? { ...links, prev: `${links.prev}&via=prev` } : links;
      },
      pageItems: (items, plan, query) => {
        const page = reference.pageItems(items, plan, query);
        return query.get('via') === 'prev' ? [...page].reverse() : page;
      },
    },
  ),
  mutant(
    'cdr-last-page-counts-its-own',
    'cdr.pagination.totals',
    'On the last page of a multi-page list totalRecords counts only that page.',
    {
      listMeta: (plan, shown) => ({
        ...reference.listMeta(plan, shown),
        ...(plan.page === plan.totalPages && plan.page > 1 ? { totalRecords: String(shown) } : {}),
      }),
    },
  ),
  mutant(
    'cdr-last-page-without-total-pages',
    'cdr.list.envelope',
    'The last page of a multi-page list leaves out meta.totalPages.',
    {
      listMeta: (plan, shown) => {
        const meta = reference.listMeta(plan, shown);
        return plan.page === plan.totalPages && plan.page > 1 ? without(meta, 'totalPages') : meta;
      },
    },
  ),
  mutant(
    'cdr-next-link-off-holder',
    'cdr.links.valid',
    'From page 2 on, links.next points at another host (never to be requested).',
    {
      links: (plan, urlFor) => {
        const links = reference.links(plan, urlFor);
        if (plan.page < 2 || links.next === undefined) return links;
        const next = new URL(links.next);
        return { ...links, next: `https://elsewhere.example${next.pathname}${next.search}` };
      },
    },
  ),
  mutant('cdr-empty-result-one-page', 'cdr.pagination.empty-result', 'An empty result says totalPages "1".', {
    listMeta: (plan, shown) => ({
      ...reference.listMeta(plan, shown),
      ...(plan.total === 0 ? { totalPages: '1' } : {}),
    }),
  }),
  mutant(
    'cdr-list-item-tailored-as-text',
    'cdr.product.list-item',
    'One list item says isTailored as the text "false".',
    {
      listRecord: (item, index) => (index === 101 ? { ...item, isTailored: 'false' } : item),
    },
  ),
  mutant('cdr-detail-fee-without-name', 'cdr.product.detail', 'One detail has a fee without its name.', {
    detailRecord: (item, detailOnly, index) => {
      const detail = reference.detailRecord(item, detailOnly, index);
      return index === 77 ? withItem(detail, 'fees', 0, (fee) => without(fee, 'name')) : detail;
    },
  }),
  mutant(
    'cdr-card-art-prepaid',
    'cdr.product.card-art',
    'One card product lists a cardArt item with cardType PREPAID.',
    {
      listRecord: (item, index) =>
        index === 67 ? withItem(item, 'cardArt', 1, (art) => ({ ...art, cardType: 'PREPAID' })) : item,
    },
  ),
  mutant(
    'cdr-terms-list-without-terms-uri',
    'cdr.product.primary-uri-when-additional',
    'One product lists additionalTermsUris without termsUri.',
    {
      listRecord: (item, index) =>
        index === 200
          ? { ...item, additionalInformation: without(item.additionalInformation as Json, 'termsUri') }
          : item,
    },
  ),
  mutant(
    'cdr-other-constraint-without-info',
    'cdr.product.additional-info-when-other',
    'One detail has an OTHER constraint without additionalInfo.',
    {
      detailRecord: (item, detailOnly, index) => {
        const detail = reference.detailRecord(item, detailOnly, index);
        return index === 8
          ? withItem(detail, 'constraints', 0, (constraint) => without(constraint, 'additionalInfo'))
          : detail;
      },
    },
  ),
  mutant(
    'cdr-periodic-rate-without-frequency',
    'cdr.product.application-frequency-when-periodic',
    'One detail has a PERIODIC lending rate without applicationFrequency.',
    {
      detailRecord: (item, detailOnly, index) => {
        const detail = reference.detailRecord(item, detailOnly, index);
        return index === 133
          ? withItem(detail, 'lendingRates', 0, (rate) => without(rate, 'applicationFrequency'))
          : detail;
      },
    },
  ),
  mutant(
    'cdr-variable-fee-without-structure',
    'cdr.product.fee-method-structure',
    'One detail has a variable fee without its variable structure.',
    {
      detailRecord: (item, detailOnly, index) => {
        const detail = reference.detailRecord(item, detailOnly, index);
        return index === 16 ? withItem(detail, 'fees', 1, (fee) => without(fee, 'variable')) : detail;
      },
    },
  ),
  mutant(
    'cdr-detail-stale-last-updated',
    'cdr.detail.is-listed-product',
    'One detail gives an older lastUpdated than the list.',
    {
      detailRecord: (item, detailOnly, index) => ({
        ...reference.detailRecord(item, detailOnly, index),
        ...(index === 250
          ? { lastUpdated: new Date(Date.parse(String(item.lastUpdated)) - 86_400_000).toISOString() }
          : {}),
      }),
    },
  ),
  mutant('cdr-detail-links-with-first', 'cdr.detail.envelope', 'The detail links give first besides self.', {
    detailLinks: (self) => ({ self, first: self }),
  }),
  mutant('cdr-unknown-product-400', 'cdr.detail.unknown-product', 'An unknown productId is answered 400.', {
    unknownProductStatus: 400,
  }),
  mutant('cdr-status-degraded', 'cdr.status.record', 'PARTIAL_FAILURE is reported as DEGRADED.', {
    statusData: (status, now) => ({
      ...reference.statusData(status, now),
      ...(status === 'PARTIAL_FAILURE' ? { status: 'DEGRADED' } : {}),
    }),
  }),
  mutant(
    'cdr-outage-without-explanation',
    'cdr.status.explanation-when-not-ok',
    'SCHEDULED_OUTAGE comes without explanation.',
    {
      statusData: (status, now) =>
        status === 'SCHEDULED_OUTAGE'
          ? without(reference.statusData(status, now), 'explanation')
          : reference.statusData(status, now),
    },
  ),
  mutant(
    'cdr-application-error-without-detail',
    'cdr.error.shape',
    'The application-specific error (unknown product) has no detail.',
    {
      errorItem: (error) => (error.meta ? without(error as unknown as Json, 'detail') : error),
    },
  ),
  mutant(
    'cdr-application-code-without-urn',
    'cdr.error.urn-for-application-code',
    'The application-specific error code comes without meta.urn.',
    {
      errorItem: (error) => without(error as unknown as Json, 'meta'),
    },
  ),
  mutant(
    'cdr-unsupported-version-as-invalid-header',
    'cdr.error.codes',
    'An unsupported x-v is refused 406 with the code Header/Invalid, not Header/UnsupportedVersion.',
    {
      errorItem: (error) =>
        error.code.endsWith('Header/UnsupportedVersion')
          ? { ...error, code: 'urn:au-cds:error:cds-all:Header/Invalid' }
          : error,
    },
  ),
  mutant(
    'cdr-errors-labelled-text-plain',
    'cdr.bodies.json',
    "Error answers (their ErrorV2 bodies unchanged) are labelled text/plain, as a framework's default error handler does.",
    {
      contentType: (status) => (status >= 400 ? 'text/plain; charset=utf-8' : reference.contentType(status)),
    },
  ),
  olderMutant(
    'cdr-v4-fee-without-amount',
    'cdr.product.fee-method-structure',
    'Detail x-v 4: one fixed fee gives none of amount, balanceRate, transactionRate, accruedRate.',
    {
      servedRecord: (record, kind, version, index) =>
        kind === 'detail' && version === 4 && index === 30
          ? withItem(record, 'fees', 0, (fee) => without(fee, 'amount'))
          : record,
    },
  ),
  olderMutant(
    'cdr-v4-tier-minimum-as-text',
    'cdr.product.detail',
    'Detail x-v 4: a deposit rate tier gives minimumValue as text (a number in BankingProductRateTierV3; text only from x-v 6).',
    {
      servedRecord: (record, kind, version, index) =>
        kind === 'detail' && version === 4 && index === 9
          ? withItem(record, 'depositRates', 0, (rate) =>
              withItem(rate, 'tiers', 0, (tier) => ({ ...tier, minimumValue: String(tier.minimumValue) })),
            )
          : record,
    },
  ),
  olderMutant(
    'cdr-v3-card-art-without-image',
    'cdr.product.card-art',
    'List x-v 3: one card product lists a cardArt item without imageUri.',
    {
      servedRecord: (record, kind, version, index) =>
        kind === 'list' && version === 3 && index === 67
          ? withItem(record, 'cardArt', 0, (art) => without(art, 'imageUri'))
          : record,
    },
  ),
  mutant(
    'cdr-title-names-occurrence',
    'cdr.error.stable-title',
    'The title of an invalid field names the value, so it changes between occurrences.',
    {
      errorItem: (error) =>
        error.title === 'Invalid Field' ? { ...error, title: `Invalid Field: ${error.detail}` } : error,
    },
  ),
];

export const cdrMutants: readonly MutantInfo[] = mutantInfos(definitions);

/** The behaviour of the reference, or of the named mutant; an unknown name is an error listing the valid ones. */
export function cdrBehaviourFor(mutantName: string | undefined): CdrBehaviour {
  return behaviourOf(referenceBehaviour, definitions, mutantName);
}
