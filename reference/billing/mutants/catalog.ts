import { mutant, type BillingMutant } from './define.ts';

/**
 * Faulty variants of what all catalog operations share: authentication, statuses, content type.
 * The auth variants leave POST /commerce/products alone: its token check is a rule of its own.
 */
export const catalogMutants: readonly BillingMutant[] = [
  mutant(
    {
      name: 'auth-missing-uses-last-token',
      breaks: 'billing.catalog.auth.missing',
      mode: 'multi',
      description: 'A charge request without Authorization acts as the most recently issued token.',
    },
    'resolveBearer',
    (reference) => (authorization, tokens, operation) =>
      authorization === undefined && operation !== 'createProduct'
        ? tokens.latest()
        : reference(authorization, tokens, operation),
  ),
  mutant(
    {
      name: 'auth-any-bearer',
      breaks: 'billing.catalog.auth.invalid',
      mode: 'multi',
      description:
        'Any Authorization header is accepted on charge requests: ' +
        'an unknown or malformed token acts as the most recently issued one.',
    },
    'resolveBearer',
    (reference) => (authorization, tokens, operation) =>
      reference(authorization, tokens, operation) ??
      (authorization !== undefined && operation !== 'createProduct' ? tokens.latest() : undefined),
  ),
  mutant(
    {
      name: 'query-validation-422',
      breaks: 'billing.catalog.status.documented',
      mode: 'multi',
      description: 'Answers body validation errors of POST /commerce/charges/query with 422 instead of 400.',
    },
    'invalidStatus',
    (reference) => (operation, kind) =>
      operation === 'queryCharge' && kind === 'record' ? 422 : reference(operation, kind),
  ),
  mutant(
    {
      name: 'malformed-json-500',
      breaks: 'billing.catalog.invalid_input.status',
      mode: 'multi',
      description:
        'PUT /commerce/charges answers a body that is not valid JSON with 500: a status PUT documents (ErrorResponse), ' +
        'but a request error is its 400. Only PUT, where 500 is documented, so the status-list rule has nothing to find.',
    },
    'invalidStatus',
    (reference) => (operation, kind) =>
      operation === 'updateCharge' && kind === 'syntax' ? 500 : reference(operation, kind),
  ),
  mutant(
    {
      name: 'catalog-text-plain',
      breaks: 'billing.bodies.json',
      mode: 'multi',
      description: 'Successful catalog responses are labelled content-type: text/plain.',
    },
    'contentType',
    (reference) => (operation, status) =>
      operation !== undefined && operation !== 'token' && status >= 200 && status < 300
        ? 'text/plain'
        : reference(operation, status),
  ),
];
