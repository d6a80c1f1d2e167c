import type { CheckTable } from '../engine/check.ts';
import { documentedStatus } from './documented-status.ts';
import { emptyJsonObject } from './empty-json-object.ts';
import { gzipRequestEquivalence } from './gzip-request-equivalence.ts';
import { gzipThreshold } from './gzip-threshold.ts';
import { headerEcho } from './header-echo.ts';
import { idempotentReplay } from './idempotent-replay.ts';
import { jsonBody } from './json-body.ts';
import { rateLimitProbed } from './rate-limit-probed.ts';
import { recordRule } from './record-rule.ts';
import { statusForInvalidInput } from './status-for-invalid-input.ts';
import { statusForValidInput } from './status-for-valid-input.ts';
import { unauthorizedStatus } from './unauthorized-status.ts';

/** The checks any family may cite, by key; a family adds its own in suites/<family>/checks/. */
export const sharedChecks = {
  'documented-status': documentedStatus,
  'empty-json-object': emptyJsonObject,
  'gzip-request-equivalence': gzipRequestEquivalence,
  'gzip-threshold': gzipThreshold,
  'header-echo': headerEcho,
  'idempotent-replay': idempotentReplay,
  'json-body': jsonBody,
  'rate-limit-probed': rateLimitProbed,
  'record-rule': recordRule,
  'status-for-invalid-input': statusForInvalidInput,
  'status-for-valid-input': statusForValidInput,
  'unauthorized-status': unauthorizedStatus,
} as const;

export type SharedCheckName = keyof typeof sharedChecks;

/** A family's checks with the shared ones: the table its rule tests look checks up in (engine/rule-test.ts). */
export function withSharedChecks<const C extends CheckTable>(familyChecks: C): typeof sharedChecks & C {
  return { ...sharedChecks, ...familyChecks };
}
