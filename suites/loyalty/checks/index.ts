import { bodyCaseStatus } from './body-case-status.ts';
import { loyaltyErrorBodies } from './loyalty-error-bodies.ts';
import { orderIdConflict } from './order-id-conflict.ts';
import { timestampWindow } from './timestamp-window.ts';

/** The checks only loyalty rules cite. */
export const loyaltyChecks = {
  'body-case-status': bodyCaseStatus,
  'loyalty-error-bodies': loyaltyErrorBodies,
  'order-id-conflict': orderIdConflict,
  'timestamp-window': timestampWindow,
} as const;
