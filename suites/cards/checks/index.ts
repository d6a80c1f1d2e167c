import { assignmentOutcome, assignmentResponse, walletUnchanged } from './assignment.ts';
import { authorizationsLimit, authorizationsOfCard } from './authorizations.ts';
import { authorizationsMostRecent } from './authorizations-most-recent.ts';
import { cardsErrorBody } from './error-body.ts';
import { idRefused } from './id-refused.ts';
import { pageSizeLimit } from './page-size-limit.ts';
import { cardStatusKept, noUnenrolmentNotification, unenrolResponse } from './unenrolment.ts';
import {
  transactionsEdgeRequest,
  transactionsDefaultPageNumber,
  transactionsDefaultPageSize,
} from './transactions-request-checks.ts';
import {
  transactionsCardScope,
  transactionsInWindow,
  transactionsLinks,
  transactionsLinkTargets,
  transactionsNewestFirst,
  transactionsPageDetails,
  transactionsWalkComplete,
} from './transactions-walk-checks.ts';

/** The checks only cards rules cite. */
export const cardsChecks = {
  'assignment-outcome': assignmentOutcome,
  'assignment-response': assignmentResponse,
  'authorizations-limit': authorizationsLimit,
  'authorizations-of-card': authorizationsOfCard,
  'authorizations-most-recent': authorizationsMostRecent,
  'card-status-kept': cardStatusKept,
  'cards-error-body': cardsErrorBody,
  'id-refused': idRefused,
  'no-unenrolment-notification': noUnenrolmentNotification,
  'wallet-unchanged': walletUnchanged,
  'transactions-card-scope': transactionsCardScope,
  'transactions-edge-request': transactionsEdgeRequest,
  'transactions-default-page-number': transactionsDefaultPageNumber,
  'transactions-default-page-size': transactionsDefaultPageSize,
  'transactions-in-window': transactionsInWindow,
  'transactions-links': transactionsLinks,
  'transactions-link-targets': transactionsLinkTargets,
  'transactions-newest-first': transactionsNewestFirst,
  'transactions-page-details': transactionsPageDetails,
  'transactions-page-size-limit': pageSizeLimit,
  'transactions-walk-complete': transactionsWalkComplete,
  'unenrol-response': unenrolResponse,
} as const;
