import type { PricingResolution } from '../behaviour.ts';
import { mutant, type BillingMutant } from './define.ts';

/** Faulty variants of the charge operations. */
export const chargeMutants: readonly BillingMutant[] = [
  mutant(
    {
      name: 'charge-create-201',
      breaks: 'billing.catalog.status.documented',
      mode: 'multi',
      description:
        'POST /commerce/charges answers 201 instead of 200: a success, with a status the operation does not document.',
    },
    'successStatus',
    (reference) => (operation) => (operation === 'createCharge' ? 201 : reference(operation)),
  ),
  mutant(
    {
      name: 'charge-create-rate-cards-refused',
      breaks: 'billing.charges.create',
      mode: 'multi',
      description:
        'POST /commerce/charges refuses (400) a valid charge that carries conditional rate cards: no Dynamic Pricing on creation.',
    },
    'createRateCardsMax',
    () => 0,
  ),
  mutant(
    {
      name: 'update-ignores-body-id',
      breaks: 'billing.charges.update.body_identifies',
      mode: 'multi',
      description:
        'PUT updates the most recently created visible charge whatever the body id names (a missing id is still 400).',
    },
    'findChargeForUpdate',
    () => (charges, _id, visible) => [...charges.values()].reverse().find(visible),
  ),
  // A fault only a sequence of requests shows: each single request behaves (the stateful phase's to find).
  mutant(
    {
      name: 'update-second-lost',
      breaks: 'billing.charges.update.body_identifies',
      mode: 'multi',
      description:
        "PUT applies a charge's first update only: a later one is answered 200 with the new pricing but kept on a copy, so the query still resolves the first update's.",
    },
    'findChargeForUpdate',
    (reference) => (charges, id, visible) => {
      const charge = reference(charges, id, visible);
      return charge && charge.version > 1 ? structuredClone(charge) : charge;
    },
  ),
  mutant(
    {
      name: 'update-keeps-rate-cards',
      breaks: 'billing.charges.update.rate_cards',
      mode: 'multi',
      description:
        'PUT answers 200 but keeps the rate cards the charge had: only its default pricing, name and description are updated.',
    },
    'applyChargeUpdate',
    (reference) => (charge, changes) => {
      const { rateCards: _ignored, ...rest } = changes;
      reference(charge, rest);
    },
  ),
  mutant(
    {
      name: 'rate-card-any-condition',
      breaks: 'billing.charges.query.rate_card_match',
      mode: 'multi',
      description: 'A rate-card row matches when any one of its conditions matches, not all of them.',
    },
    'rateCardRowMatches',
    () => (conditions, attributes) =>
      Object.entries(conditions).some(([key, value]) => Object.hasOwn(attributes, key) && attributes[key] === value),
  ),
  mutant(
    {
      name: 'fallback-first-row',
      breaks: 'billing.charges.query.default_fallback',
      mode: 'multi',
      description: "When no row matches, answers the first row's pricing instead of the default pricing.",
    },
    'fallbackPricing',
    (reference) => (charge) => {
      const first = charge.rateCards[0];
      return first ? { pricing: first.pricing, source: 'default' } : reference(charge);
    },
  ),
  mutant(
    {
      name: 'fallback-null',
      breaks: 'billing.charges.query.default_fallback',
      mode: 'multi',
      description: 'When no row matches, answers resolvedPricing null even though a default pricing exists.',
    },
    'fallbackPricing',
    () => () => ({ pricing: null, source: 'none' }),
  ),
  mutant(
    {
      name: 'query-bumps-version',
      breaks: 'billing.charges.query.no_side_effects',
      mode: 'multi',
      description: 'A Dynamic Pricing query increments the charge version (visible in later responses).',
    },
    'afterQuery',
    () => (charge) => {
      charge.version++;
    },
  ),
  // Faults only a sequence of queries shows: each single query answers right (the stateful phase's to find).
  mutant(
    {
      name: 'query-creates-unknown-charge',
      breaks: 'billing.charges.query.no_side_effects',
      mode: 'multi',
      description:
        'A query naming a charge that does not exist is refused, and makes the charge (no pricing, no rows): the same query asked again is answered 200.',
    },
    'afterUnknownQuery',
    () => (charges, unknown) => {
      charges.set(unknown.id, unknown);
    },
  ),
  mutant(
    {
      name: 'query-answer-cached',
      breaks: 'billing.charges.query.rate_card_match',
      mode: 'multi',
      description:
        'A query with attribute values keeps its first answer for the charge and those values: after a PUT brings a row matching them, the query still answers as before.',
    },
    'queryResolution',
    () => {
      const answers = new Map<string, PricingResolution>();
      return (charge, attributes, now) => {
        if (Object.keys(attributes).length === 0) return now();
        const key = `${charge.id} ${JSON.stringify(Object.entries(attributes).sort())}`;
        const answer = answers.get(key) ?? now();
        answers.set(key, answer);
        return answer;
      };
    },
  ),
];
