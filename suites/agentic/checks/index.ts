import { errorShapeWhenPresent } from './error-shape-when-present.ts';
import { notificationAccepted } from './notification-accepted.ts';
import { userException } from './user-exception.ts';

/** The checks only agentic rules cite. */
export const agenticChecks = {
  'error-shape-when-present': errorShapeWhenPresent,
  'notification-accepted': notificationAccepted,
  'user-exception': userException,
} as const;
