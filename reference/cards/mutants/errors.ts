import { referenceBehaviour } from '../behaviour.ts';
import { mutant } from './define.ts';

/** Mutants of error answers, ids and auth, each on one operation only. */
export const errorMutants = [
  mutant(
    'cards-card-user-400-without-errors',
    'cards.errors.bad-request-body',
    'GET card user answers 400 with {message} instead of an errors list.',
    {
      errorBody: (status, operation, code, message) =>
        status === 400 && operation === 'GET card user'
          ? { message }
          : referenceBehaviour.errorBody(status, operation, code, message),
    },
  ),
  mutant(
    'cards-404-code-not-error-code',
    'cards.errors.error-code-body',
    'GET authorizations answers 404 with `code` instead of `errorCode`.',
    {
      errorBody: (status, operation, code, message) =>
        status === 404 && operation === 'GET authorizations'
          ? { code, message }
          : referenceBehaviour.errorBody(status, operation, code, message),
    },
  ),
  mutant('cards-401-text-plain', 'cards.bodies.json', 'The 401 answers carry their JSON body labelled text/plain.', {
    errorContentType: (status) =>
      status === 401 ? 'text/plain; charset=utf-8' : referenceBehaviour.errorContentType(status),
  }),
  // A refusal any 4xx may express (the eligibility rule asks for no more), so only the status row is broken.
  mutant(
    'cards-patch-ineligible-403',
    'cards.errors.documented-statuses',
    'PATCH card refuses an assignment the card or user status forbids with 403 (not a status of its row).',
    {
      ineligibleAssignmentStatus: 403,
    },
  ),
  mutant(
    'cards-delete-unknown-account-400',
    'cards.ids.unknown',
    'DELETE account answers 400 for an unknown account id.',
    {
      unknownIdStatus: (operation) => (operation === 'DELETE account' ? 400 : 404),
    },
  ),
  // A 404 for an id that cannot be one is allowed (ids have no documented format); a server error is not a refusal.
  mutant(
    'cards-patch-malformed-id-500',
    'cards.ids.malformed',
    'PATCH card answers 500 for an id that cannot be one (its lookup crashes).',
    {
      // not-a-limit: HTTP 500, not the page size.
      malformedIdStatus: (operation) => (operation === 'PATCH card' ? 500 : 400),
    },
  ),
  mutant(
    'cards-notifications-without-auth',
    'cards.auth.missing',
    'GET authorizationnotifications answers without an Authorization header.',
    {
      // Only a missing header: a wrong token is still refused (that is the invalid-token rule's case).
      bearerAccepted: (authorization, token, operation) =>
        (operation === 'GET authorizationnotifications' && authorization === undefined) ||
        authorization === `Bearer ${token}`,
    },
  ),
  mutant(
    'cards-bearer-prefix-accepted',
    'cards.auth.invalid',
    'Any bearer token that starts like the issued one is accepted on GET transactions.',
    {
      bearerAccepted: (authorization, token, operation) =>
        operation === 'GET transactions'
          ? (authorization ?? '').startsWith(`Bearer ${token.slice(0, 8)}`)
          : authorization === `Bearer ${token}`,
    },
  ),
];
