import { detailEnvelope } from './detail-envelope.ts';
import { detailIsListed } from './detail-is-listed.ts';
import { emptyResult } from './empty-result.ts';
import { errorStableTitle } from './error-stable-title.ts';
import { errorCodes } from './error-codes.ts';
import { errorUrn } from './error-urn.ts';
import { errorV2Bodies } from './error-v2-bodies.ts';
import { errorV2Refusal } from './error-v2-refusal.ts';
import { linksPresence } from './links-presence.ts';
import { linksSelf } from './links-self.ts';
import { linksValid } from './links-valid.ts';
import { listEnvelope } from './list-envelope.ts';
import { listFilter } from './list-filter.ts';
import { listTotals } from './list-totals.ts';
import { pageDefault } from './page-default.ts';
import { pageSizes } from './page-sizes.ts';
import { productRecords } from './product-records.ts';
import { statusCondition } from './status-condition.ts';
import { versionHeader } from './version-header.ts';
import { versionNegotiation } from './version-negotiation.ts';
import { walkBack } from './walk-back.ts';
import { walkComplete } from './walk-complete.ts';

/** The checks only cdr rules cite. */
export const cdrChecks = {
  'detail-envelope': detailEnvelope,
  'detail-is-listed': detailIsListed,
  'empty-result': emptyResult,
  'error-stable-title': errorStableTitle,
  'error-codes': errorCodes,
  'error-urn': errorUrn,
  'error-v2-bodies': errorV2Bodies,
  'error-v2-refusal': errorV2Refusal,
  'links-presence': linksPresence,
  'links-self': linksSelf,
  'links-valid': linksValid,
  'list-envelope': listEnvelope,
  'list-filter': listFilter,
  'list-totals': listTotals,
  'page-default': pageDefault,
  'page-sizes': pageSizes,
  'product-records': productRecords,
  'status-condition': statusCondition,
  'version-header': versionHeader,
  'version-negotiation': versionNegotiation,
  'walk-back': walkBack,
  'walk-complete': walkComplete,
} as const;
