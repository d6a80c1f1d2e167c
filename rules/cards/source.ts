import type { RuleSource } from '../rule.ts';

/** Sections of part B (card on demand) of the card-network document (spec document 2) that rules cite. */
const document = 'Card-network interfaces (spec document 2), part B: card on demand';

export const cardsSections = {
  cardRecord: { document, section: 'Resources and their fields > B. Card, SpendControls, chargeAmountVariance' },
  cardDetails: { document, section: 'Resources and their fields > B. CardDetails' },
  reconciliation: { document, section: 'Resources and their fields > B. reconciliationField' },
  cardUser: { document, section: 'Resources and their fields > B. CardUser' },
  authorizationItem: {
    document,
    section: 'Resources and their fields > B. Authorization item, Authorization notification',
  },
  account: { document, section: 'Resources and their fields > B. Account; States and transitions (DELETE account)' },
  assignment: { document, section: 'States and transitions > Rules for assigning a card user (PATCH card)' },
  endpoints: { document, section: 'Endpoints > B. Card on demand' },
  transactionRules: { document, section: 'Endpoints > B. Rules for GET /transactions' },
  authorizationRule: { document, section: 'Endpoints > B. Rule for GET /authorizations' },
  authentication: { document, section: 'Authentication > B' },
  errors: { document, section: 'Errors > Card on demand' },
  limits: { document, section: 'Limits' },
} satisfies Record<string, RuleSource>;
