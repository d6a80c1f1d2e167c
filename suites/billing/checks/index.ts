import { invalidBodyRefused } from './invalid-body-refused.ts';
import { orgScopeVisibility } from './org-scope-visibility.ts';
import { pricingResolution } from './pricing-resolution.ts';
import { productCreated } from './product-created.ts';
import { querySideEffectFree } from './query-side-effect-free.ts';
import { inputAsListed, requestRefused } from './request-refused.ts';
import { tokenReusable } from './token-reusable.ts';
import { updateTargetsBodyId } from './update-targets-body-id.ts';

/** The checks only the billing rules use, by the key rules cite. */
export const billingChecks = {
  'invalid-body-refused': invalidBodyRefused,
  'org-scope-visibility': orgScopeVisibility,
  'pricing-resolution': pricingResolution,
  'product-created': productCreated,
  'query-side-effect-free': querySideEffectFree,
  'request-refused': requestRefused,
  'input-as-listed': inputAsListed,
  'token-reusable': tokenReusable,
  'update-targets-body-id': updateTargetsBodyId,
} as const;
