import { documentedStatus } from './documented-status.ts';
import { gzipRequestEquivalence } from './gzip-request-equivalence.ts';
import { gzipThreshold } from './gzip-threshold.ts';
import { idempotentReplay } from './idempotent-replay.ts';
import { jsonBody } from './json-body.ts';
import { orgScopeVisibility } from './org-scope-visibility.ts';
import { pricingResolution } from './pricing-resolution.ts';
import { productCreated } from './product-created.ts';
import { querySideEffectFree } from './query-side-effect-free.ts';
import { rateLimitObserved } from './rate-limit-observed.ts';
import { statusForInvalidInput } from './status-for-invalid-input.ts';
import { statusForValidInput } from './status-for-valid-input.ts';
import { tokenReusable } from './token-reusable.ts';
import { trackIdEcho } from './track-id-echo.ts';
import { unauthorizedStatus } from './unauthorized-status.ts';
import { updateTargetsBodyId } from './update-targets-body-id.ts';

/** Every check by the name rules cite; `harness rules` and the self-tests resolve names here. */
export const checks = {
  'documented-status': documentedStatus,
  'gzip-request-equivalence': gzipRequestEquivalence,
  'gzip-threshold': gzipThreshold,
  'idempotent-replay': idempotentReplay,
  'json-body': jsonBody,
  'org-scope-visibility': orgScopeVisibility,
  'pricing-resolution': pricingResolution,
  'product-created': productCreated,
  'query-side-effect-free': querySideEffectFree,
  'rate-limit-observed': rateLimitObserved,
  'status-for-invalid-input': statusForInvalidInput,
  'status-for-valid-input': statusForValidInput,
  'token-reusable': tokenReusable,
  'track-id-echo': trackIdEcho,
  'unauthorized-status': unauthorizedStatus,
  'update-targets-body-id': updateTargetsBodyId,
} as const;

export type CheckName = keyof typeof checks;
