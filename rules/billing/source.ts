import type { RuleSource } from '../rule.ts';

/** Sections of the billing document (spec document 1) that rules cite. */
const document = 'Billing service interface (spec document 1)';

export const billingSections = {
  tokenRequest: { document, section: 'Resources and their fields > Token request' },
  headers: { document, section: 'Resources and their fields > Headers used by the operations' },
  endpoints: { document, section: 'Endpoints' },
  queryRules: { document, section: 'Endpoints > Rules for the query operation' },
  tokenRules: { document, section: 'Endpoints > Rules for the token operation' },
  authentication: { document, section: 'Authentication' },
  errors: { document, section: 'Errors' },
  limits: { document, section: 'Limits' },
  overview: { document, section: 'What the service does' },
} satisfies Record<string, RuleSource>;
